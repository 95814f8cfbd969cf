import { median, rowHeight, sliceSegment, type Segment, type VisualRow } from '../layout/segments.js';
import { cellNumber, closedNumber } from './cell-number.js';
import { NUMERIC_ROLES } from './column-roles.js';
import { headsSomeTable, type Column } from './header.js';
import { isPageFooter, rowKind } from './row-kinds.js';

/** The text of one cell: the pieces of segments that fell in its column. */
export type CellText = { pieces: Segment[]; split: boolean };

export interface BodyRow {
  /** The page row the line item starts on. */
  row: number;
  cells: CellText[];
}

export interface Body {
  rows: BodyRow[];
  /** Indexes of the page's rows the table took. */
  used: number[];
  /** The table ran to the bottom of its page: it may go on on the next one. */
  reachedPageEnd: boolean;
  /** The last item, when the page ended with its description still open: the next page's first lines may go on with it. */
  openItem: BodyRow | undefined;
  /** Lines at the top of the page went on with the item carried over from the page before. */
  carriedOn: boolean;
}

// A row further below the previous one than this many text heights is not part of the table...
const MAX_ROW_GAP = 4;
// ...unless it keeps the table's rhythm: it starts no further below the last item's start than this times the longest step between items so far.
const ROW_RHYTHM = 1.25;
// A row with a quantity and a unit price is an item even further down, as far as this many heights (notes under the item above).
const PRICED_ROW_GAP = 8;
// A wrapped line sits closer than this under the line it continues.
const MAX_CONTINUATION_GAP = 1;
// A segment that lies this much in one column is that column's; otherwise it is cut at its spaces.
const WHOLE_SEGMENT_SHARE = 0.7;
// Between two cells run together, characters stand this many times their usual step apart.
const WIDE_GAP = 2;

interface Item extends BodyRow {
  /** The line it ends on; none yet for an item carried over from the page before. */
  last: VisualRow | undefined;
  /** Its description may still go on on the next line: no line without one came in between. */
  open: boolean;
  carried?: true;
}

/**
 * The line items from row `start` on. A line with figures in the numeric columns starts an item,
 * unless it only fills what the item above still lacks (an amount printed under its row); a line of
 * text close under an item continues its description; a line of text nearer the next item than the
 * last is a section heading or a note, left out. Totals, another header, or a wide gap end the table;
 * carried-over sums and page footers are left out. An item `carried` over from the page before takes
 * the text lines that open this one as the rest of its description (its cells grow in place).
 */
export function readBody(rows: readonly VisualRow[], start: number, columns: readonly Column[], isHeader: (row: number) => boolean, carried?: BodyRow): Body {
  const bounds = boundaries(columns);
  const numeric = columns.map((c) => (c.role !== undefined && NUMERIC_ROLES.has(c.role)) || c.role === 'position');
  const textual = columns.map((c, i) => !numeric[i] && (c.role !== undefined || c.field >= 0));
  const items: Item[] = carried ? [{ ...carried, last: undefined, open: true, carried: true }] : [];
  let carriedOn = false;
  const used: number[] = [];
  let previous = start > 0 ? rows[start - 1] : undefined;
  for (let r = start; r < rows.length; r++) {
    const row = rows[r]!;
    if (isPageFooter(row)) continue;
    const cells = cellsOfRow(row, bounds, columns.length);
    const figures = cells.flatMap((c, i) => (isFigure(c, columns[i]!, numeric[i]!) ? [i] : []));
    const priced = figures.some((i) => columns[i]!.role === 'quantity' || columns[i]!.role === 'unit_price');
    const fullyPriced = ['quantity', 'unit_price'].every((role) => figures.some((i) => columns[i]!.role === role));
    // Measured in the taller row's text: an amount alone on its line has no ascenders or descenders, and a scan's boxes hug the ink.
    const gapHeights = previous === undefined ? 0 : gap(previous, row) / Math.max(rowHeight(previous), rowHeight(row));
    const far = gapHeights > (fullyPriced ? PRICED_ROW_GAP : MAX_ROW_GAP);
    if (isHeader(r) || headsSomeTable(row) || (far && !keepsRhythm(rows, items, columns, row))) return finish(items, columns, used, false, carriedOn);
    const kind = rowKind(row, labelOf(cells, figures));
    const item = items[items.length - 1];
    if (!priced && (kind === 'summary' || (kind !== 'carry' && sumsItems(cells, items, columns)))) return finish(items, columns, used, false, carriedOn);
    used.push(r);
    previous = row;
    if (kind === 'carry') continue;
    // A carried item goes on only in text that lies all in the table's text columns (no running page header).
    const close = item !== undefined && (item.last === undefined ? cells.every((c, i) => textual[i] || c.pieces.length === 0) : gap(item.last, row) <= MAX_CONTINUATION_GAP * rowHeight(item.last));
    if (figures.length > 0) {
      // Its words go on the item's description while that is open ("Mineralwasser Medium" over "12 x 1,0l PET   109,80").
      if (close && figures.every((i) => item.cells[i]!.pieces.length === 0)) fill(item, cells, row, (i) => numeric[i]! || (item.open && textual[i]!));
      else items.push({ row: r, cells, last: row, open: true });
    } else if (close && item.open && cells.some((c, i) => textual[i] && c.pieces.length > 0) && !isNote(row) && !headsNext(rows, r, columns, numeric, isHeader)) {
      fill(item, cells, row, (i) => !numeric[i]);
      carriedOn ||= item.carried === true;
    } else if (item) item.open = false;
  }
  return finish(items, columns, used, true, carriedOn);
}

/** Whether a row starts as far below the last item as items with an amount have followed each other ("Pos 5" after items spaced by notes). */
function keepsRhythm(rows: readonly VisualRow[], items: readonly Item[], columns: readonly Column[], row: VisualRow): boolean {
  const starts = items.filter((item) => !item.carried && hasAmount(item, columns)).map((item) => rows[item.row]!.top);
  const steps = starts.slice(1).map((top, i) => top - starts[i]!);
  return steps.length > 0 && row.top - starts[starts.length - 1]! <= ROW_RHYTHM * Math.max(...steps);
}

/** An item is one with its amount (when the table has an amount column): a line of figures without one is a note. */
function hasAmount(item: BodyRow, columns: readonly Column[]): boolean {
  const amount = columns.findIndex((c) => c.role === 'line_amount');
  return amount < 0 || item.cells[amount]!.pieces.length > 0;
}

function finish(items: readonly Item[], columns: readonly Column[], used: number[], reachedPageEnd: boolean, carriedOn: boolean): Body {
  const kept = items.filter((item) => !item.carried && hasAmount(item, columns));
  const last = items[items.length - 1];
  const openItem = reachedPageEnd && last?.open && hasAmount(last, columns) ? last : undefined;
  return { rows: kept.map(({ row, cells }) => ({ row, cells })), used, reachedPageEnd, openItem, carriedOn };
}

/** A row whose amount is the sum of the items above it is their total, whatever it is called ("Gesamtbeitrag"). */
function sumsItems(cells: readonly CellText[], items: readonly Item[], columns: readonly Column[]): boolean {
  const amount = columns.findIndex((c) => c.role === 'line_amount');
  if (amount < 0 || items.length < 2) return false;
  // Read as the cells are (a scan's colon for the point: "¥33169:29").
  const value = (c: CellText) => cellNumber(closedNumber(textOf(c)));
  const total = value(cells[amount]!);
  const parts = items.map((item) => value(item.cells[amount]!));
  if (total === undefined || parts.some((p) => p === undefined)) return false;
  return Math.abs(parts.reduce((sum, p) => sum! + p!, 0)! - total) < 0.005;
}

function fill(item: Item, cells: readonly CellText[], row: VisualRow, wanted: (i: number) => boolean): void {
  cells.forEach((c, i) => {
    if (!wanted(i) || c.pieces.length === 0) return;
    item.cells[i]!.pieces.push(...c.pieces);
    item.cells[i]!.split ||= c.split;
  });
  item.last = row;
}

// "Bruttopreis : 4,00", "Rabatt: 10 %": a price or a rate given with its label under an item is a note on it, not its description
// ("VKE/Geb: 1", "GTIN: 4012345001235" describe the goods).
const LABELLED_FIGURE = /^[^\d:：]{1,24}[:：]\s*-?\d[\d.,' ]*(?:[.,]\d{1,4}|\s*%)(?!\d)/u;

function isNote(row: VisualRow): boolean {
  return LABELLED_FIGURE.test(row.segments[0]!.text.trim());
}

/** A line of text over a header, or nearer the item under it than the one above, heads what follows: it continues nothing. */
function headsNext(rows: readonly VisualRow[], r: number, columns: readonly Column[], numeric: readonly boolean[], isHeader: (row: number) => boolean): boolean {
  const bounds = boundaries(columns);
  const next = rows[r + 1];
  if (!next) return false;
  if (isHeader(r + 1) || headsSomeTable(next)) return true;
  const below = gap(rows[r]!, next);
  const above = r > 0 ? gap(rows[r - 1]!, rows[r]!) : Number.POSITIVE_INFINITY;
  const startsItem = cellsOfRow(next, bounds, numeric.length).some((c, i) => isFigure(c, columns[i]!, numeric[i]!));
  return startsItem && below < above;
}

// A position is a bare number ("1", "10.", "2.1"); other numeric columns hold a figure among their words ("3 m²", "19 % VAT").
const POSITION = /^\d{1,4}(?:\.\d{1,3})*\.?$/u;

function isFigure(cell: CellText, column: Column, numeric: boolean): boolean {
  if (!numeric) return false;
  const text = textOf(cell);
  return column.role === 'position' ? POSITION.test(text.trim()) : /\d/u.test(text);
}

function gap(above: VisualRow, below: VisualRow): number {
  return below.top - above.bottom;
}

function textOf(cell: CellText): string {
  return cell.pieces.map((p) => p.text).join(' ');
}

/** The text of a row before its first figure: what a totals or carry-over row is named by. */
function labelOf(cells: readonly CellText[], figures: readonly number[]): string {
  const first = figures.length > 0 ? Math.min(...figures) : cells.length;
  return cells.slice(0, first).map(textOf).filter((t) => t !== '').join(' ');
}

/** Column ranges meet halfway between neighbouring header cells. */
function boundaries(columns: readonly Column[]): number[] {
  return columns.slice(1).map((c, i) => (columns[i]!.right + c.left) / 2);
}

function columnAt(x: number, bounds: readonly number[]): number {
  const i = bounds.findIndex((b) => x < b);
  return i < 0 ? bounds.length : i;
}

export function cellsOfRow(row: VisualRow, bounds: readonly number[], count: number): CellText[] {
  const cells: CellText[] = Array.from({ length: count }, () => ({ pieces: [], split: false }));
  for (const read of row.segments) {
    const apart = quantityAndUnit(read, bounds) ?? figuresApart(read, bounds);
    for (const segment of apart) {
      const whole = mostlyIn(segment, bounds);
      if (whole !== undefined) {
        cells[whole]!.pieces.push(segment);
        cells[whole]!.split ||= apart.length > 1;
        continue;
      }
      for (const word of wordsOf(segment)) {
        const cell = cells[columnAt((word.left + word.right) / 2, bounds)]!;
        cell.pieces.push(word);
        cell.split = true;
      }
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

/**
 * A word of figures a scan ran over two columns ("1146.96.13%": an amount and a rate, the gap between
 * them read as a speck) cut at its widest gap between characters, each side holding figures and no
 * letter; any other word whole.
 */
function figuresApart(word: Segment, bounds: readonly number[]): Segment[] {
  const centres = word.boxes.map((b) => (b[0] + b[2]) / 2);
  if (new Set(centres.map((x) => columnAt(x, bounds))).size < 2) return [word];
  const steps = centres.slice(1).map((x, i) => x - centres[i]!);
  const widest = steps.indexOf(Math.max(...steps));
  const chars = Array.from(word.text);
  const cut = widest + 1;
  const figures = (part: readonly string[]) => /^[^\p{L}]*\d[^\p{L}]*$/u.test(part.join(''));
  if (steps[widest]! < WIDE_GAP * median(steps) || !figures(chars.slice(0, cut)) || !figures(chars.slice(cut))) return [word];
  return [sliceSegment(word, 0, cut), sliceSegment(word, cut, chars.length)].filter((w): w is Segment => w !== undefined);
}

// A quantity and its unit in one segment ("8 Stück", "12 pcs").
const QUANTITY_UNIT = /^\d[\d.,]*\s+\p{L}[\p{L}.]*$/u;

/** A quantity and its unit run into one segment across the quantity's and the unit's columns ("Anzahl | ME" over "8 Stück"): the two words apart. */
function quantityAndUnit(segment: Segment, bounds: readonly number[]): Segment[] | undefined {
  if (!QUANTITY_UNIT.test(segment.text.trim())) return undefined;
  const words = wordsOf(segment);
  const columns = words.map((w) => columnAt((w.left + w.right) / 2, bounds));
  return words.length === 2 && columns[0] !== columns[1] ? words : undefined;
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
