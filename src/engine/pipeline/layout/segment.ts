import { unionOf, type Box } from './box.js';

/**
 * A run of text on one line with no wide gap inside: a label, a value, a table cell. A PDF line or an
 * OCR line may hold several ("Invoice code: 0440…      Invoice date: 2026-03-15").
 */
export type Segment = {
  page: number;
  text: string;
  /** One box [left, top, right, bottom] per code point of `text`. */
  boxes: Box[];
  left: number;
  right: number;
  top: number;
  bottom: number;
};

/** A segment's horizontal middle. */
export const middleX = (s: Segment): number => (s.left + s.right) / 2;

/** A segment's vertical middle. */
export const middleY = (s: Segment): number => (s.top + s.bottom) / 2;

/** Segments side by side on the page (vertically overlapping), left to right; rows top to bottom. */
export type VisualRow = {
  page: number;
  top: number;
  bottom: number;
  segments: Segment[];
};

/** A sub-range of a segment's characters as a segment of its own (code-point indexes). */
export function sliceSegment(segment: Segment, from: number, to: number): Segment | undefined {
  const chars = Array.from(segment.text);
  let start = from;
  let end = to;
  while (start < end && chars[start]!.trim() === '') start++;
  while (end > start && chars[end - 1]!.trim() === '') end--;
  if (start >= end) return undefined;
  const boxes = segment.boxes.slice(start, end);
  const [left, top, right, bottom] = unionOf(boxes);
  return { page: segment.page, text: chars.slice(start, end).join(''), boxes, left, right, top, bottom };
}
