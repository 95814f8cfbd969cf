import { z } from 'zod';
import bundled from './scorer-model.json' with { type: 'json' };
import type { Features } from './candidate-features.js';

/**
 * The fitted scorer's file (scripts/scorer/fit-scorer.py writes it): a logistic regression over the
 * candidates' named features, and the Platt scaling that calibrates its log-odds on families it was
 * not fitted on.
 */
export const ScorerModel = z.object({
  version: z.literal(1),
  /** How it was made: the command, the sets and families, the rows, the held-out log loss. */
  fitted: z.object({ command: z.string(), date: z.string(), families: z.array(z.string()), keptOut: z.array(z.string()), rows: z.number().int() }),
  intercept: z.number(),
  weights: z.record(z.string(), z.number()),
  calibration: z.object({ slope: z.number(), offset: z.number() }),
});
export type ScorerModel = z.infer<typeof ScorerModel>;

/** How likely a candidate is its field's value, from its features. */
export class FieldScorer {
  constructor(private readonly model: ScorerModel) {}

  probability(features: Features): number {
    let logit = this.model.intercept;
    for (const [name, value] of Object.entries(features)) logit += (this.model.weights[name] ?? 0) * value;
    const { slope, offset } = this.model.calibration;
    return 1 / (1 + Math.exp(-(slope * logit + offset)));
  }
}

/** The readers' own confidences passed through (their prior alone): what a reader's tests assert, and the benches' baseline. */
export const READERS_OWN = new FieldScorer({
  version: 1,
  fitted: { command: "none: the readers' own confidences", date: '', families: [], keptOut: [], rows: 0 },
  intercept: 0,
  weights: { prior: 1 },
  calibration: { slope: 1, offset: 0 },
});

let shipped: FieldScorer | undefined;

/** The model that ships with the engine, checked once. */
export function shippedScorer(): FieldScorer {
  return (shipped ??= new FieldScorer(ScorerModel.parse(bundled)));
}
