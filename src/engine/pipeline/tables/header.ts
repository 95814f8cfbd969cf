import type { FieldSpec } from '../field-spec.js';
import { sliceSegment, type Segment, type VisualRow } from '../layout/segments.js';
import { codePointIndex, findTerm } from '../text-match.js';

/** A column of a detected table: a configured field (by index) or a header cell the table does not ask for (-1). */
export interface Column {
  field: number;
  left: number;
  right: number;
  /** How the header named it: the field's name is surer than an alias. */
  confidence: number;
}

export interface Header {
  page: number;
  row: number;
  columns: Column[];
}

// Header cells are mostly column names: a prose line that mentions two of them is not a header.
const MIN_LABEL_SHARE = 0.5;
const HEADER_CONFIDENCE = { name: 0.95, alias: 0.9, prompt: 0.8 } as const;

interface LabelMatch {
  field: number;
  segment: number;
  start: number;
  end: number;
  length: number;
  confidence: number;
}

/** The row as a table header: its cells, left to right, or undefined when it is not one. */
export function headerOf(row: VisualRow, rowIndex: number, columns: readonly FieldSpec[]): Header | undefined {
  const matches = bestMatches(row, columns);
  const fields = new Set(matches.map((m) => m.field));
  if (fields.size < Math.min(2, columns.length)) return undefined;
  const ink = row.segments.reduce((n, s) => n + s.text.replace(/\s/g, '').length, 0);
  const labelled = matches.reduce((n, m) => n + m.length, 0);
  if (labelled / Math.max(1, ink) < MIN_LABEL_SHARE && !mostlyLabelCells(row, matches)) return undefined;
  return { page: row.page, row: rowIndex, columns: cellsOf(row, matches) };
}

// A grid's header also names columns nobody asked for (规格型号, 单位, a long 货物或应税劳务、服务名称): it
// is still a header when most of its cells are, each nearly whole, the name of an asked column.
const MIN_LABEL_CELLS = 3;

function mostlyLabelCells(row: VisualRow, matches: readonly LabelMatch[]): boolean {
  const cells = row.segments.filter((segment, s) => matches.some((m) => m.segment === s && m.length / Math.max(1, segment.text.replace(/\s/g, '').length) >= MIN_LABEL_SHARE));
  return cells.length >= MIN_LABEL_CELLS && cells.length / row.segments.length >= MIN_LABEL_SHARE;
}

/** Longest labels first, one per field, none overlapping: "Tax rate" takes its cell before "Tax" could. */
function bestMatches(row: VisualRow, columns: readonly FieldSpec[]): LabelMatch[] {
  const all: LabelMatch[] = [];
  row.segments.forEach((segment, s) =>
    columns.forEach((spec, field) =>
      spec.labels.forEach((label) =>
        findTerm(segment.text, label.text).forEach((m) =>
          all.push({ field, segment: s, start: m.start, end: m.end, length: m.end - m.start, confidence: HEADER_CONFIDENCE[label.kind] }),
        ),
      ),
    ),
  );
  const taken: LabelMatch[] = [];
  for (const m of all.sort((a, b) => b.length - a.length || b.confidence - a.confidence)) {
    const clash = taken.some((t) => t.field === m.field || (t.segment === m.segment && t.start < m.end && m.start < t.end));
    if (!clash) taken.push(m);
  }
  return taken;
}

/** A segment with one label is that column's cell; a segment with several is cut between them; the rest are unasked columns. */
function cellsOf(row: VisualRow, matches: readonly LabelMatch[]): Column[] {
  const columns: Column[] = [];
  row.segments.forEach((segment, s) => {
    const inSegment = matches.filter((m) => m.segment === s).sort((a, b) => a.start - b.start);
    if (inSegment.length === 0) return void columns.push(column(segment, -1, 0));
    inSegment.forEach((m, i) => {
      const from = i === 0 ? 0 : codePointIndex(segment.text, m.start);
      const to = i === inSegment.length - 1 ? Array.from(segment.text).length : codePointIndex(segment.text, inSegment[i + 1]!.start);
      const cell = sliceSegment(segment, from, to);
      if (cell) columns.push(column(cell, m.field, m.confidence));
    });
  });
  return columns.sort((a, b) => a.left - b.left);
}

function column(segment: Segment, field: number, confidence: number): Column {
  return { field, left: segment.left, right: segment.right, confidence };
}
