import { rowHeight, sliceSegment, type Segment, type VisualRow } from '../layout/segments.js';
import { looseKey } from '../text-match.js';
import type { Column } from './header.js';

/** The text of one cell: the pieces of segments that fell in its column. */
export type CellText = { pieces: Segment[]; split: boolean };

export interface BodyRow {
  row: number;
  cells: CellText[];
}

export interface Body {
  rows: BodyRow[];
  /** Indexes of the page's rows the table took. */
  used: number[];
  /** The table ran to the bottom of its page: it may go on on the next one. */
  reachedPageEnd: boolean;
}

// A row further below the previous one than this many text heights is not part of the table.
const MAX_ROW_GAP = 3;
// A wrapped cell line sits closer than this under the row it continues.
const MAX_CONTINUATION_GAP = 1;
// A segment that lies this much in one column is that column's; otherwise it is cut at its spaces.
const WHOLE_SEGMENT_SHARE = 0.7;
const SUMMARY_WORDS = ['合计', '小计', '总计', '价税合计', 'total', 'subtotal', 'sum', 'grandtotal'].map(looseKey);
const PAGE_MARKER = /^(?:page\s*\d+(?:\s*(?:of|\/)\s*\d+)?|第\s*\d+\s*页(?:\s*[/,，]?\s*共\s*\d+\s*页)?|\d+\s*\/\s*\d+|[-–]\s*\d+\s*[-–])$/iu;
// "Label: value" lines end a table: they are the fields under it.
const KEY_VALUE = /^[^\d:：]{1,24}[:：]/u;

export function isPageMarker(row: VisualRow): boolean {
  return row.segments.length === 1 && PAGE_MARKER.test(row.segments[0]!.text.trim());
}

/** Data rows from `start` on, until a summary line, a key/value line, a wide gap or a line that does not fit the columns. */
export function readBody(rows: readonly VisualRow[], start: number, columns: readonly Column[], isHeader: (row: number) => boolean): Body {
  const wanted = columns.filter((c) => c.field >= 0).length;
  const minCells = Math.min(2, wanted);
  const body: Body = { rows: [], used: [], reachedPageEnd: true };
  let previous = start > 0 ? rows[start - 1] : undefined;
  for (let r = start; r < rows.length; r++) {
    const row = rows[r]!;
    if (isPageMarker(row)) continue;
    if (endsTable(row, previous, isHeader(r))) return { ...body, reachedPageEnd: false };
    const cells = cellsOfRow(row, columns);
    const filled = cells.filter((c, i) => columns[i]!.field >= 0 && c.pieces.length > 0).length;
    const last = body.rows[body.rows.length - 1];
    if (filled >= minCells) body.rows.push({ row: r, cells });
    else if (last && previous && continues(row, previous, cells, last)) appendTo(last, cells);
    else return { ...body, reachedPageEnd: false };
    body.used.push(r);
    previous = row;
  }
  return body;
}

function endsTable(row: VisualRow, previous: VisualRow | undefined, header: boolean): boolean {
  if (header) return true;
  if (previous && row.top - previous.bottom > MAX_ROW_GAP * rowHeight(previous)) return true;
  const first = row.segments[0]!.text;
  const key = looseKey(first);
  return SUMMARY_WORDS.some((w) => key.startsWith(w)) || KEY_VALUE.test(first.trim());
}

/** A line wrapped out of the row above: close under it, filling only cells that row already has. */
function continues(row: VisualRow, previous: VisualRow, cells: readonly CellText[], last: BodyRow): boolean {
  if (row.top - previous.bottom > MAX_CONTINUATION_GAP * rowHeight(previous)) return false;
  return cells.every((c, i) => c.pieces.length === 0 || last.cells[i]!.pieces.length > 0) && cells.some((c) => c.pieces.length > 0);
}

function appendTo(last: BodyRow, cells: readonly CellText[]): void {
  cells.forEach((c, i) => last.cells[i]!.pieces.push(...c.pieces));
}

/** Column ranges meet halfway between neighbouring header cells. */
function boundaries(columns: readonly Column[]): number[] {
  return columns.slice(1).map((c, i) => (columns[i]!.right + c.left) / 2);
}

function columnAt(x: number, bounds: readonly number[]): number {
  const i = bounds.findIndex((b) => x < b);
  return i < 0 ? bounds.length : i;
}

function cellsOfRow(row: VisualRow, columns: readonly Column[]): CellText[] {
  const bounds = boundaries(columns);
  const cells: CellText[] = columns.map(() => ({ pieces: [], split: false }));
  for (const segment of row.segments) {
    const whole = mostlyIn(segment, bounds);
    if (whole !== undefined) cells[whole]!.pieces.push(segment);
    else for (const word of wordsOf(segment)) {
      const cell = cells[columnAt((word.left + word.right) / 2, bounds)]!;
      cell.pieces.push(word);
      cell.split = true;
    }
  }
  return cells;
}

function mostlyIn(segment: Segment, bounds: readonly number[]): number | undefined {
  const width = Math.max(1, segment.right - segment.left);
  const edges = [Number.NEGATIVE_INFINITY, ...bounds, Number.POSITIVE_INFINITY];
  for (let i = 0; i < edges.length - 1; i++) {
    const inside = Math.min(segment.right, edges[i + 1]!) - Math.max(segment.left, edges[i]!);
    if (inside / width >= WHOLE_SEGMENT_SHARE) return i;
  }
  return undefined;
}

/** The space-separated words of a segment, each a segment of its own. */
function wordsOf(segment: Segment): Segment[] {
  const words: Segment[] = [];
  let from = 0;
  for (const [word] of segment.text.matchAll(/\S+|\s+/gu)) {
    const to = from + Array.from(word).length;
    const piece = word.trim() === '' ? undefined : sliceSegment(segment, from, to);
    if (piece) words.push(piece);
    from = to;
  }
  return words;
}
