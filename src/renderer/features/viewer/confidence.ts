// Confidence by colour, as verification stations show it. Pure.

export type ConfidenceTone = 'high' | 'medium' | 'low' | 'unknown';

/** Below this a value is looked at by a person (Enter jumps to the next such field). */
export const LOW_CONFIDENCE = 0.8;
const HIGH_CONFIDENCE = 0.9;

export function confidenceTone(confidence: number | undefined, value: string): ConfidenceTone {
  if (value.trim() === '') return 'low';
  if (confidence === undefined) return 'unknown';
  if (confidence >= HIGH_CONFIDENCE) return 'high';
  return confidence >= LOW_CONFIDENCE ? 'medium' : 'low';
}

/** A field a clerk must look at: empty, or read with low confidence. */
export function needsCheck(confidence: number | undefined, value: string): boolean {
  return confidenceTone(confidence, value) === 'low';
}
