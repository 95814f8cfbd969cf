import { INKED, type LineInk } from './line-ink.js';

/** Rows of a line crop, as fractions of its height (0 = top edge, 1 = bottom edge). */
export type RowSpan = { from: number; to: number };

/**
 * On tightly set receipts the detector's grown box reaches into the next line: the crop then holds
 * the line and, cut by the crop's edge, the top or bottom half of its neighbour, and the recognizer
 * drops letters of both. The neighbour shows as a band of ink touching the edge, with empty rows
 * between it and the line. This gives the rows to read again without it (the gap split in the
 * middle, so the line keeps its margin), or undefined when no band touches an edge.
 */
export function rowsWithoutNeighbours(rows: Uint16Array): RowSpan | undefined {
  const bands = inkBands(rows);
  if (bands.length < 2) return undefined;
  const main = bands.reduce((a, b) => (b.ink > a.ink ? b : a));
  const first = bands[0]!;
  const last = bands[bands.length - 1]!;
  const cutTop = first !== main && first.start === 0;
  const cutBottom = last !== main && last.end === rows.length;
  if (!cutTop && !cutBottom) return undefined;
  const top = cutTop ? (first.end + bands[1]!.start) / 2 : 0;
  const bottom = cutBottom ? (bands[bands.length - 2]!.end + last.start) / 2 : rows.length;
  return { from: top / rows.length, to: bottom / rows.length };
}

// Around the text's ink, a margin of this share of its height (accents, descenders under the floor).
const TEXT_MARGIN = 0.15;

/**
 * The rows of a line's quad its text fills, for the boxes of the line and its characters: the
 * detector's grown box is about twice the text's height, and boxes that tall overlap the lines
 * above and below. `read` is the span of the quad the crop was taken from.
 */
export function textRows(read: RowSpan, ink: LineInk, cropHeight: number): RowSpan {
  const margin = TEXT_MARGIN * ink.textHeight;
  const [from, to] = [Math.max(0, ink.textTop - margin) / cropHeight, Math.min(cropHeight, ink.textBottom + margin) / cropHeight];
  const size = read.to - read.from;
  return { from: read.from + from * size, to: read.from + to * size };
}

type Band = { start: number; end: number; ink: number };

/** Runs of rows holding ink, top to bottom (end exclusive). */
function inkBands(rows: Uint16Array): Band[] {
  // Specks of noise between lines do not close the gap.
  const floor = Math.max(INKED, Math.max(...rows) * 0.05);
  const bands: Band[] = [];
  let open: Band | undefined;
  rows.forEach((ink, y) => {
    if (ink < floor) {
      open = undefined;
      return;
    }
    if (open === undefined) bands.push((open = { start: y, end: y + 1, ink }));
    else Object.assign(open, { end: y + 1, ink: open.ink + ink });
  });
  return bands;
}
