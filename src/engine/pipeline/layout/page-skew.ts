import type { Box } from './box.js';

// Lines of fewer characters give no slope worth taking, nor a page of fewer such lines (its few totals
// may be printed crooked); below this slope a page is upright (a text layer's is 0).
const MIN_CHARS = 6;
const MIN_LINES = 8;
const UPRIGHT = 0.002;

/** The slope (dy/dx) of one line's character centres, by least squares. */
function lineSlope(boxes: readonly Box[]): number {
  const centres = boxes.map((b) => [(b[0] + b[2]) / 2, (b[1] + b[3]) / 2] as const);
  const [mx, my] = [centres.reduce((s, c) => s + c[0], 0) / centres.length, centres.reduce((s, c) => s + c[1], 0) / centres.length];
  const spread = centres.reduce((s, c) => s + (c[0] - mx) ** 2, 0);
  return spread === 0 ? 0 : centres.reduce((s, c) => s + (c[0] - mx) * (c[1] - my), 0) / spread;
}

/**
 * How far a scanned page is turned, as the slope its lines of text share (the median of theirs), 0
 * for an upright page. Over a wide page a slope of 0.02 (1.2°) moves a line by a row's height from
 * one edge to the other, so rows are told apart along it, not along the page's horizontal.
 */
export function pageSlope(lines: readonly (readonly Box[])[]): number {
  const slopes = lines.filter((boxes) => boxes.length >= MIN_CHARS).map(lineSlope).sort((a, b) => a - b);
  const slope = slopes.length < MIN_LINES ? 0 : slopes[slopes.length >> 1]!;
  return Math.abs(slope) < UPRIGHT ? 0 : slope;
}
