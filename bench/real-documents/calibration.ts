// Item 6 of the structure issue: how often a value given at HIGH_CONFIDENCE or more is right, how many
// of the right values reach it (so that confidence is not simply capped), and every wrong one.
export const HIGH_CONFIDENCE = 0.9;

/** One value the engine gave, scored against the clerk's. */
export interface ScoredValue {
  id: string;
  field: string;
  truth: string;
  found: string;
  confidence: number;
  right: boolean;
}

export const pct = (n: number, d: number) => `${((100 * n) / Math.max(1, d)).toFixed(1)}% (${n}/${d})`;

/** The calibration lines of a bench's report. */
export function calibrationLines(values: readonly ScoredValue[]): string[] {
  const sure = (v: ScoredValue) => v.confidence >= HIGH_CONFIDENCE;
  const confident = values.filter(sure);
  const right = values.filter((v) => v.right);
  const wrong = confident.filter((v) => !v.right);
  return [
    `  confidence >= ${HIGH_CONFIDENCE}: right ${pct(confident.length - wrong.length, confident.length)}; right values reaching it ${pct(right.filter(sure).length, right.length)}`,
    `  wrong values with confidence >= ${HIGH_CONFIDENCE}: ${wrong.length}`,
    ...wrong.map((v) => `    ${v.id} ${v.field}: ${JSON.stringify(v.found)} (${v.confidence.toFixed(2)}), printed ${JSON.stringify(v.truth)}`),
  ];
}
