// The proofreading session of one file: the editable values, undo and redo, and what the clerk
// confirmed. Pure: the viewer keeps it in a small store and saves drafts through the bridge.
import type { z } from 'zod';
import type { FileData, FileUpdateEntry } from '../../../shared/api/files';
import { needsCheck } from './confidence';

type UpdateData = z.output<typeof FileUpdateEntry>['data'];
export type DraftField = NonNullable<UpdateData['fields']>[number];
export type DraftCell = NonNullable<UpdateData['items']>[number][number];
export type Box = NonNullable<DraftField['position']>[number];

/** What /file/update replaces as a whole: every field and every table row. */
export interface Draft {
  fields: DraftField[];
  items: DraftCell[][];
}

export interface Proofreading {
  draft: Draft;
  /** The draft last handed to the core; equal to `draft` when nothing is unsaved. */
  saved: Draft;
  past: Draft[];
  future: Draft[];
  /** Field indexes the clerk confirmed in this session. */
  confirmed: ReadonlySet<number>;
  /** Confidence of each field as recognised, by index (a saved value has none any more). */
  confidence: readonly (number | undefined)[];
  /** The last edited value (a field index or "row:col"): typing in it again is one undo step. */
  editing: string | null;
}

const HISTORY_LIMIT = 200;

export function startProofreading(draft: Draft, confidence: readonly (number | undefined)[]): Proofreading {
  return { draft, saved: draft, past: [], future: [], confirmed: new Set(), confidence, editing: null };
}

function change(state: Proofreading, draft: Draft, editing: string | null): Proofreading {
  const continuing = editing !== null && editing === state.editing;
  return {
    ...state,
    draft,
    past: continuing ? state.past : [...state.past, state.draft].slice(-HISTORY_LIMIT),
    future: [],
    editing,
  };
}

export function editField(state: Proofreading, index: number, value: string): Proofreading {
  const field = state.draft.fields[index];
  if (field === undefined || field.value === value) return state;
  const fields = state.draft.fields.map((f, i) => (i === index ? { ...f, value } : f));
  const confirmed = new Set(state.confirmed);
  confirmed.delete(index);
  return { ...change(state, { ...state.draft, fields }, `field:${index}`), confirmed };
}

export function editCell(state: Proofreading, row: number, column: number, value: string): Proofreading {
  const cell = state.draft.items[row]?.[column];
  if (cell === undefined || cell.value === value) return state;
  const items = state.draft.items.map((cells, r) => (r === row ? cells.map((c, col) => (col === column ? { ...c, value } : c)) : cells));
  return change(state, { ...state.draft, items }, `cell:${row}:${column}`);
}

/** A new empty row after `after` (-1: at the top), with the columns of the table. */
export function addRow(state: Proofreading, after: number, columns: readonly string[]): Proofreading {
  const row = columns.map((key) => ({ key, value: '', position: [] }));
  const items = [...state.draft.items.slice(0, after + 1), row, ...state.draft.items.slice(after + 1)];
  return change(state, { ...state.draft, items }, null);
}

export function removeRow(state: Proofreading, index: number): Proofreading {
  if (index < 0 || index >= state.draft.items.length) return state;
  return change(state, { ...state.draft, items: state.draft.items.filter((_, i) => i !== index) }, null);
}

/** Ends the current edit: the next keystroke starts a new undo step. */
export function endEdit(state: Proofreading): Proofreading {
  return state.editing === null ? state : { ...state, editing: null };
}

export function confirmField(state: Proofreading, index: number): Proofreading {
  if (state.draft.fields[index] === undefined) return state;
  return { ...state, confirmed: new Set(state.confirmed).add(index), editing: null };
}

export function undo(state: Proofreading): Proofreading {
  const previous = state.past[state.past.length - 1];
  if (previous === undefined) return state;
  return { ...state, draft: previous, past: state.past.slice(0, -1), future: [state.draft, ...state.future], editing: null };
}

export function redo(state: Proofreading): Proofreading {
  const next = state.future[0];
  if (next === undefined) return state;
  return { ...state, draft: next, past: [...state.past, state.draft], future: state.future.slice(1), editing: null };
}

export function markSaved(state: Proofreading, draft: Draft): Proofreading {
  return { ...state, saved: draft };
}

export function isDirty(state: Proofreading): boolean {
  return state.draft !== state.saved && JSON.stringify(state.draft) !== JSON.stringify(state.saved);
}

/** The next field after `from` (wrapping) that a clerk must look at and has not confirmed. */
export function nextToCheck(state: Proofreading, from: number): number | undefined {
  const count = state.draft.fields.length;
  for (let step = 1; step <= count; step++) {
    const index = (from + step + count) % count;
    const field = state.draft.fields[index]!;
    if (!state.confirmed.has(index) && needsCheck(state.confidence[index], field.value)) return index;
  }
  return undefined;
}

/** The draft of a file's data, positions copied so the draft never shares arrays with the record. */
export function draftOf(data: Pick<FileData, 'fields' | 'items'> | null | undefined): Draft {
  const boxes = (position: readonly Box[] | undefined) => (position ?? []).map((p) => ({ page: p.page, vertices: [...p.vertices] }));
  return {
    fields: (data?.fields ?? []).map((f) => ({ key: f.key, ...(f.identifier !== undefined ? { identifier: f.identifier } : {}), value: f.value, position: boxes(f.position) })),
    items: (data?.items ?? []).map((row) => row.map((c) => ({ key: c.key, value: c.value, position: boxes(c.position) }))),
  };
}
