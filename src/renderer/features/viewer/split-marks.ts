// How the engine's cut of a split file is shown on the strips: each boundary on its page, the doubtful ones marked. Pure.
import type { SplitBoundary } from '../../../shared/api/split';

/**
 * Below this the engine's decision rests on about two points of signs or fewer (1 / (1 + e^(-2 / 1.5))
 * ≈ 0.79): one missing header or total could have turned it, so the clerk should look.
 */
export const DOUBTFUL_BELOW = 0.85;

export function isDoubtful(boundary: SplitBoundary): boolean {
  return boundary.confidence < DOUBTFUL_BELOW;
}

/** The engine's decision before each page it weighed, by page. */
export function boundariesByPage(boundaries: readonly SplitBoundary[]): ReadonlyMap<number, SplitBoundary> {
  return new Map(boundaries.map((b) => [b.page, b]));
}

/** Confidence as a whole percentage, for the eye. */
export function percent(confidence: number): number {
  return Math.round(confidence * 100);
}
