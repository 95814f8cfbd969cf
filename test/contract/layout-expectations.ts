import type { FileRecord, Position } from '../../src/shared/api/index.js';
import type { ExpectedValue, LayoutDocument } from '../fixtures/invoice-layouts.js';
import type { PointBox } from '../fixtures/layout-page.js';
import { clerkAccepts } from '../support/clerk-values.js';

/** Slack around a printed box, in points: a found box may be a little larger than the glyphs. */
const SLACK = 3;

type Found = { value: string; position?: Position[] };

/**
 * What a clerk would have to correct, one line per value: a value not accepted (actual vs expected),
 * or a value right but pointing elsewhere than the text it was printed as. Empty when all is right.
 */
export function corrections(record: FileRecord, document: LayoutDocument, expected: Record<string, ExpectedValue>, found: Record<string, Found | undefined>): string[] {
  return Object.entries(expected).flatMap(([name, want]) => {
    const got = found[name];
    if (!got || !clerkAccepts(got.value, want)) return [`${name}: got ${JSON.stringify(got?.value ?? null)}, expected ${JSON.stringify(want.value)}`];
    const position = got.position?.[0];
    return position && pointsAtPrintedText(record, document, position, want.boxes) ? [] : [`${name}: ${JSON.stringify(got.value)} is right but its position ${JSON.stringify(position ?? null)} is not on the printed value`];
  });
}

/** The extracted fields by key, as `corrections` reads them. */
export const fieldsOf = (record: FileRecord): Record<string, Found> => Object.fromEntries((record.data?.fields ?? []).map((f) => [f.key, f]));

/** The rows of an extracted table, each by column key. */
export const tableRowsOf = (record: FileRecord, name: string): Record<string, Found>[] =>
  (record.data?.tables.find((t) => t.tableName === name)?.items ?? []).map((row) => Object.fromEntries(row.map((c) => [c.key, c])));

/** Whether a position lies within its page and overlaps one of the boxes the value was printed in (points, scaled to the page's pixels). */
export function pointsAtPrintedText(record: FileRecord, document: LayoutDocument, position: Position, boxes: readonly PointBox[]): boolean {
  const page = record.pages?.[position.page];
  if (!page || position.vertices.length !== 8) return false;
  const xs = position.vertices.filter((_, i) => i % 2 === 0);
  const ys = position.vertices.filter((_, i) => i % 2 === 1);
  if ([...xs, ...ys].some((v) => v < 0) || xs.some((x) => x > page.width) || ys.some((y) => y > page.height)) return false;
  const [sx, sy] = [page.width / document.page.width, page.height / document.page.height];
  const found = [Math.min(...xs) / sx, Math.min(...ys) / sy, Math.max(...xs) / sx, Math.max(...ys) / sy] as const;
  return boxes.some((b) => found[0] < b[2] + SLACK && found[2] > b[0] - SLACK && found[1] < b[3] + SLACK && found[3] > b[1] - SLACK);
}

/** Only the named expectations of a document. */
export function pick(expected: Record<string, ExpectedValue>, names: readonly string[]): Record<string, ExpectedValue> {
  return Object.fromEntries(names.map((n) => [n, expected[n]!]));
}
