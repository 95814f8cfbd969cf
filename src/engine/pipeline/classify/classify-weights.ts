import { z } from 'zod';
import bundled from './classify-weights.json' with { type: 'json' };

/** The kinds of evidence a category has in a document, each a number weighed into its score. */
export const Evidence = z.object({
  /** Lines printing one of its titles as a title, and inside running text (by specificity, up to 3). */
  nameAsTitle: z.number(),
  nameInText: z.number(),
  /** Its field labels printed (by specificity, a table column for a share), and that over its field count. */
  field: z.number(),
  coverage: z.number(),
  /** Its prompt's and samples' words printed, 1 at FULL_VOCABULARY_WORDS. */
  vocabulary: z.number(),
  /** The document's structure is the kind its fields describe (by specificity), else 0. */
  structure: z.number(),
});
export type Evidence = z.infer<typeof Evidence>;

/**
 * The classification weights' file (bench/scorer/fit-classifier.py writes it): a ranking of the
 * categories fitted on documents of layout families held out one at a time, scaled so that the
 * structure of a category's kind weighs 12 (only the ratios rank).
 */
export const ClassifyWeights = z.object({
  version: z.literal(1),
  fitted: z.object({ command: z.string(), date: z.string(), families: z.array(z.string()), keptOut: z.array(z.string()), documents: z.number().int() }),
  weights: Evidence,
});
export type ClassifyWeights = z.infer<typeof ClassifyWeights>;

let shipped: Evidence | undefined;

/** The weights that ship with the engine, checked once. */
export function shippedWeights(): Evidence {
  return (shipped ??= ClassifyWeights.parse(bundled).weights);
}

/** The score of a category's evidence: each kind by its weight. */
export function weighed(features: Evidence, weights: Evidence = shippedWeights()): number {
  return (Object.keys(weights) as (keyof Evidence)[]).reduce((sum, k) => sum + features[k] * weights[k], 0);
}
