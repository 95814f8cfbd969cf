import { lineOf, type ParsedLine } from '../../document/parsed-document.js';
import { quadVertices, type Point, type Quad } from './quad.js';
import type { Guess } from './ctc-decode.js';
import type { SegmentText } from './line-text.js';

/** A recognised segment placed on the upright page. */
export type PlacedSegment = SegmentText & { quad: Quad };

/**
 * Segments side by side on one row form one document line, as a PDF's text runs on one baseline do
 * (see parse-pdf): reading order is rows top to bottom, segments left to right, a space between
 * segments standing for the gap the detector split them at.
 */
export function rowsOf(segments: readonly PlacedSegment[]): ParsedLine[] {
  const rows: PlacedSegment[][] = [];
  for (const segment of [...segments].filter((s) => s.chars.length > 0).sort((a, b) => middle(a.quad)[1] - middle(b.quad)[1])) {
    const row = rows.find((r) => sameRow(r, segment));
    if (row) row.push(segment);
    else rows.push([segment]);
  }
  return rows.map((row) => lineOfRow(row.sort((a, b) => left(a.quad) - left(b.quad))));
}

function lineOfRow(row: readonly PlacedSegment[]): ParsedLine {
  const chars: string[] = [];
  const boxes: number[][] = [];
  const doubts: number[] = [];
  row.forEach((segment, i) => {
    const previous = row[i - 1];
    if (previous) {
      const [a, b] = [previous.quad, segment.quad];
      chars.push(' ');
      boxes.push(quadVertices([a[1], b[0], b[3], a[2]]));
      doubts.push(0);
    }
    chars.push(...segment.chars);
    boxes.push(...segment.boxes.map(quadVertices));
    doubts.push(...segment.guesses.map(doubtOf));
  });
  return lineOf(chars, boxes, doubts);
}

// Three decimals keep the stored document small; the doubts that matter are tenths.
const doubtOf = (guesses: readonly Guess[]) => Math.round(1000 * Math.max(0, ...guesses.map((g) => g.p))) / 1000;

/** On the same row: vertical centres within half the smaller height, and not overlapping sideways. */
function sameRow(row: readonly PlacedSegment[], segment: PlacedSegment): boolean {
  const [, y] = middle(segment.quad);
  const height = span(segment.quad, 1);
  return row.every((other) => {
    const overlapX = Math.min(right(other.quad), right(segment.quad)) - Math.max(left(other.quad), left(segment.quad));
    return Math.abs(middle(other.quad)[1] - y) < Math.min(height, span(other.quad, 1)) / 2 && overlapX < 0.3 * Math.min(span(other.quad, 0), span(segment.quad, 0));
  });
}

function middle(q: Quad): Point {
  return [(q[0][0] + q[1][0] + q[2][0] + q[3][0]) / 4, (q[0][1] + q[1][1] + q[2][1] + q[3][1]) / 4];
}

function left(q: Quad): number {
  return Math.min(q[0][0], q[3][0]);
}

function right(q: Quad): number {
  return Math.max(q[1][0], q[2][0]);
}

function span(q: Quad, axis: 0 | 1): number {
  const values = q.map((p) => p[axis]);
  return Math.max(...values) - Math.min(...values);
}
