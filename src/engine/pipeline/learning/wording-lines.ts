import { fuzzyLocate } from './fuzzy-locate.js';
import { keyedText, type PageChar } from './page-text.js';

/**
 * The clerk's wording of a text cut where the page breaks it ("LOT 5, JALAN 1," / "43000 KAJANG" /
 * "CAWANGAN IJOK"), from the page's characters it was found at: each printed piece (a row's segment)
 * is looked for in the wording, in whatever order the page prints them. A wording whose pieces are
 * not found apart stays whole.
 */
export function wordingLines(wording: string, found: readonly PageChar[]): string[] {
  const whole = [wording.trim()];
  const { keys, offsets } = keyedText(wording);
  const starts = pieces(found).map((piece) => fuzzyLocate(piece.map((c) => c.key), keys)?.start);
  if (starts.some((s) => s === undefined)) return whole;
  const cuts = [...new Set(starts as number[])].sort((a, b) => a - b).slice(1);
  const at = [0, ...cuts.map((k) => lineStart(wording, offsets[k]!)), wording.length];
  const lines = at.slice(1).map((end, i) => wording.slice(at[i], end).trim());
  return cuts.length !== starts.length - 1 || lines.some((line) => line === '') ? whole : lines;
}

/** Consecutive characters of one printed segment together. */
function pieces(chars: readonly PageChar[]): PageChar[][] {
  const groups: PageChar[][] = [];
  for (const c of chars) {
    const last = groups.at(-1)?.at(-1);
    if (last && last.page === c.page && last.row === c.row && last.segment === c.segment) groups.at(-1)!.push(c);
    else groups.push([c]);
  }
  return groups;
}

// A line begins after the space before it: "SELANGOR (TESCO" cut at T is "SELANGOR" and "(TESCO".
function lineStart(wording: string, at: number): number {
  let start = at;
  while (start > 0 && !/[\s\p{L}\p{N}]/u.test(wording[start - 1]!)) start--;
  return start;
}
