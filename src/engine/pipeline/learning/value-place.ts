import { rowText, type VisualRow } from '../layout/segments.js';
import type { Box } from '../layout/box.js';
import { wordsOf } from '../document/text-match.js';
import type { ValuePlace } from './learning-schema.js';

/** Where a value sits: its page, first and last row, its box, and (for a date or an amount) its rank on its row. */
export interface Spot {
  page: number;
  firstRow: number;
  lastRow: number;
  box: Box;
  /** The value's own text, left out of its row's words. */
  text: string;
  rankFromRight: number;
}

/** A spot as the terms a later document of the layout can be searched with. */
export function placeOf(rows: readonly VisualRow[][], spot: Spot): ValuePlace {
  const pageRows = rows[spot.page] ?? [];
  const own = wordsOf(spot.text);
  const wordsAt = (r: number) => rowWords(rows, spot.page, r).filter((w) => !own.has(w));
  return {
    page: spot.page,
    rowFromTop: spot.firstRow,
    rowFromBottom: Math.max(0, pageRows.length - 1 - spot.firstRow),
    lines: spot.lastRow - spot.firstRow + 1,
    x: centreShare(pageRows, spot.box),
    row: wordsAt(spot.firstRow),
    above: wordsAt(spot.firstRow - 1),
    rankFromRight: spot.rankFromRight,
  };
}

/** The box's horizontal centre as a share of the width the page's text spans. */
function centreShare(pageRows: readonly VisualRow[], box: Box): number {
  const segments = pageRows.flatMap((r) => r.segments);
  const left = Math.min(...segments.map((s) => s.left));
  const right = Math.max(...segments.map((s) => s.right));
  return right > left ? ((box[0] + box[2]) / 2 - left) / (right - left) : 0.5;
}

/** The words of a row of a page; none for a row the page does not have. */
export function rowWords(rows: readonly VisualRow[][], page: number, row: number): string[] {
  const printed = rows[page]?.[row];
  return printed ? [...wordsOf(rowText(printed))] : [];
}
