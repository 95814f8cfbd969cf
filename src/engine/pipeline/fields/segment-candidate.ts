import { sliceSegment, type Segment } from '../layout/segments.js';
import { codePointIndex } from '../document/text-match.js';
import type { Candidate } from './candidate.js';
import { findDates } from './value-parsers.js';

/** A whole segment as a candidate found by its place or its sign (no label). */
export function placedCandidate(segment: Segment, confidence: number, order: number): Candidate {
  return { value: segment.text, page: segment.page, boxes: segment.boxes, confidence, labelLength: 0, order };
}

/** The part of a segment between two code-unit indexes as a candidate found by its place (no label). */
export function segmentCandidate(segment: Segment, start: number, end: number, order: number, confidence: number): Candidate | undefined {
  const cut = sliceSegment(segment, codePointIndex(segment.text, start), codePointIndex(segment.text, end));
  return cut && placedCandidate(cut, confidence, order);
}

/** The date that opens the segment's text at `start`. */
export function dateAt(segment: Segment, start: number, order: number, confidence: number): Candidate | undefined {
  const date = findDates(segment.text.slice(start))[0];
  return date && date.start === 0 ? segmentCandidate(segment, start, start + date.end, order, confidence) : undefined;
}
