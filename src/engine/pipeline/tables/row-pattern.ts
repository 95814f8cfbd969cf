import { rowHeight, type Segment, type VisualRow } from '../layout/segments.js';
import type { ColumnRole } from '../words/column-role.js';
import type { Column } from './header.js';
import { rowKind } from './row-kinds.js';

/** A table found without a header: where its rows start and the columns they line up in. */
export interface PatternTable {
  start: number;
  columns: Column[];
}

// Rows found by their pattern alone are less sure than rows under a printed header.
const PATTERN_CONFIDENCE = 0.75;
// Amounts of one column end within this many text heights of each other.
const ALIGNED = 0.8;
// Rows of one table follow each other within this many text heights.
const MAX_GAP = 2.5;
/** A table found by the pattern of its rows has at least this many (its run of rows, then the rows read under its columns). */
export const MIN_PATTERN_ROWS = 2;
// A figure cell: an amount, a quantity, a percentage, with or without a currency.
const FIGURE = /^[-+]?\s*(?:[$€£¥]|EUR|USD|RM)?\s*\d[\d.,' ]*\s*(?:[$€£¥%]|EUR|USD)?\s*-?$/iu;
const AMOUNT = /\d[.,]\d{2}\s*(?:[$€£¥]|EUR|USD)?\s*-?$/iu;

interface Candidate {
  row: number;
  label: Segment[];
  figures: Segment[];
}

/**
 * Tables with no header the columns could be named by: runs of rows that each print a text and end in
 * an amount, the amounts aligned on their right edge. Two figures before the amount are a quantity and
 * a unit price; one is a quantity when it is a whole number, else a unit price.
 */
export function patternTables(rows: readonly VisualRow[]): PatternTable[] {
  const candidates = rows.flatMap((row, r) => {
    const c = candidateOf(row, r);
    return c ? [c] : [];
  });
  const tables: PatternTable[] = [];
  let run: Candidate[] = [];
  const flush = () => {
    if (run.length >= MIN_PATTERN_ROWS) tables.push({ start: run[0]!.row, columns: columnsOf(run) });
    run = [];
  };
  for (const c of candidates) {
    const last = run[run.length - 1];
    if (last && !follows(rows, last, c)) flush();
    run.push(c);
  }
  flush();
  return tables;
}

function candidateOf(row: VisualRow, r: number): Candidate | undefined {
  const segments = row.segments;
  let first = segments.length;
  while (first > 0 && FIGURE.test(segments[first - 1]!.text.trim()) && segments.length - first < 3) first--;
  const label = segments.slice(0, first);
  const figures = segments.slice(first);
  if (label.length === 0 || figures.length === 0 || !AMOUNT.test(figures[figures.length - 1]!.text.trim())) return undefined;
  const text = label.map((s) => s.text).join(' ');
  if (!/\p{L}{2}/u.test(text) || rowKind(row, text) !== undefined) return undefined;
  return { row: r, label, figures };
}

function follows(rows: readonly VisualRow[], last: Candidate, next: Candidate): boolean {
  const height = rowHeight(rows[last.row]!);
  const close = rows[next.row]!.top - rows[last.row]!.bottom <= MAX_GAP * height * (next.row - last.row);
  const aligned = Math.abs(last.figures.at(-1)!.right - next.figures.at(-1)!.right) <= ALIGNED * height;
  return close && aligned && next.row - last.row <= 2;
}

function columnsOf(run: readonly Candidate[]): Column[] {
  const span = (segments: readonly Segment[], role: ColumnRole): Column => ({
    field: -1,
    role,
    left: Math.min(...segments.map((s) => s.left)),
    right: Math.max(...segments.map((s) => s.right)),
    confidence: PATTERN_CONFIDENCE,
  });
  const widest = Math.max(...run.map((c) => c.figures.length));
  const full = run.filter((c) => c.figures.length === widest);
  const roles = figureRoles(widest, full.map((c) => c.figures[0]!.text));
  const figureColumns = roles.map((role, i) => span(full.map((c) => c.figures[i]!), role));
  return [span(run.flatMap((c) => c.label), 'description'), ...figureColumns];
}

function figureRoles(count: number, firstTexts: readonly string[]): ColumnRole[] {
  if (count >= 3) return ['quantity', 'unit_price', 'line_amount'];
  if (count === 1) return ['line_amount'];
  const whole = firstTexts.every((t) => /^\d{1,4}(?:[.,]0+)?\s*\p{L}{0,5}$/u.test(t.trim()));
  return [whole ? 'quantity' : 'unit_price', 'line_amount'];
}
