import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { FileData, FileUpdateEntry } from '../../../shared/api/index.js';

/** The part of a file's data that /file/update replaces as a whole: every field and every table row. */
export type EditableData = Required<z.output<typeof FileUpdateEntry>['data']>;

/** One changed value, as the journal records it. */
export interface FieldChange {
  key: string;
  before: string | null;
  after: string | null;
}

export function emptyEditable(): EditableData {
  return { fields: [], items: [] };
}

function positionOf(position: readonly { page: number; vertices: readonly number[] }[] | undefined) {
  return (position ?? []).map((p) => ({ page: p.page, vertices: [...p.vertices] }));
}

/** The editable part of a file's data, normalised so that two copies compare by value. */
export function editableOf(data: Pick<FileData, 'fields' | 'items'> | EditableData | null | undefined): EditableData {
  if (!data) return emptyEditable();
  return {
    fields: data.fields.map((f) => ({ key: f.key, identifier: f.identifier ?? '', value: f.value, position: positionOf(f.position) })),
    items: data.items.map((row) => row.map((cell) => ({ key: cell.key, value: cell.value, position: positionOf(cell.position) }))),
  };
}

/** Equal in what a clerk edits: keys, values and positions. Identifiers are the category's, not the clerk's. */
export function sameEditable(a: EditableData, b: EditableData): boolean {
  return canonical(a) === canonical(b);
}

/** A short fingerprint of the editable values, to recognise a value this desk sent. */
export function editableHash(data: EditableData): string {
  return createHash('sha256').update(canonical(data)).digest('hex');
}

function canonical(data: EditableData): string {
  return JSON.stringify({
    fields: data.fields.map((f) => [f.key, f.value, positionOf(f.position)]),
    items: data.items.map((row) => row.map((c) => [c.key, c.value, positionOf(c.position)])),
  });
}

/** What changed between two versions (both from editableOf), field by field and the table rows as a whole, for the journal. */
export function diffEditable(before: EditableData, after: EditableData): FieldChange[] {
  const old = new Map(before.fields.map((f) => [f.key, f]));
  const changes: FieldChange[] = [];
  for (const field of after.fields) {
    const previous = old.get(field.key);
    old.delete(field.key);
    if (!previous || previous.value !== field.value || JSON.stringify(previous.position) !== JSON.stringify(field.position)) {
      changes.push({ key: field.key, before: previous?.value ?? null, after: field.value });
    }
  }
  for (const removed of old.values()) changes.push({ key: removed.key, before: removed.value, after: null });
  if (JSON.stringify(editableOf({ fields: [], items: before.items }).items) !== JSON.stringify(editableOf({ fields: [], items: after.items }).items)) {
    changes.push({ key: TABLE_ROWS_KEY, before: `${before.items.length} rows`, after: `${after.items.length} rows` });
  }
  return changes;
}

/** The journal's name for a change of the table rows (item cells have no single key). */
export const TABLE_ROWS_KEY = '(table rows)';

/** A file's data with its editable part replaced, as /file/update leaves it on the server. */
export function withEditable(data: FileData | null, editable: EditableData): FileData {
  const base = data ?? { fields: [], items: [], tables: [], stamps: [], handwritings: [] };
  return {
    ...base,
    fields: editable.fields.map((f) => ({ ...f, identifier: f.identifier ?? '', position: positionOf(f.position) })),
    items: editable.items.map((row) => row.map((c) => ({ ...c, position: positionOf(c.position) }))),
  };
}
