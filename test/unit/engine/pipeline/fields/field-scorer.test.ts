import { describe, expect, it } from 'vitest';
import { fieldFeatures } from '../../../../../src/engine/pipeline/fields/candidate-features.js';
import type { Candidate } from '../../../../../src/engine/pipeline/fields/candidate.js';
import { FieldScorer, ScorerModel } from '../../../../../src/engine/pipeline/fields/field-scorer.js';
import bundled from '../../../../../src/engine/pipeline/fields/scorer-model.json' with { type: 'json' };
import { documentValues } from '../../../../../bench/scorer/document-values.js';
import { scorerDocuments } from '../../../../../bench/scorer/scorer-set.js';
import { KEPT_OUT_FAMILIES } from '../../../../../bench/layouts/families.js';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const PAGE = { width: 1000, height: 1400 };
const total = (value: string, extra: Partial<Candidate>): Candidate => ({ value, page: 0, boxes: [[800, 1200, 900, 1220]], confidence: 0.5, labelLength: 0, order: 0, ...extra });

describe('field scorer', () => {
  it('ships a fitted model file that names how it was fitted and the families it kept out, and was fitted on no family kept out (one added since it was fitted included)', () => {
    const model = ScorerModel.parse(bundled);
    expect(model.fitted.rows).toBeGreaterThan(1000);
    expect(model.fitted.keptOut.length).toBeGreaterThan(0);
    expect(model.fitted.families.some((f) => model.fitted.keptOut.includes(f))).toBe(false);
    expect(model.fitted.families.filter((f) => KEPT_OUT_FAMILIES.some((k) => f === `gen-${k}`))).toEqual([]);
  });

  it('turns log-odds into a calibrated probability', () => {
    const scorer = new FieldScorer({ ...ScorerModel.parse(bundled), intercept: 0, weights: { a: 2 }, calibration: { slope: 0.5, offset: 0 } });
    expect(scorer.probability({ a: 1 })).toBeCloseTo(1 / (1 + Math.exp(-1)), 6);
    expect(scorer.probability({ unknown: 5 })).toBeCloseTo(0.5, 6);
  });

  it('rates a labelled total that the net and tax confirm above an unlabelled amount the breakdown contradicts', () => {
    const candidates = [total('129.00', { source: 'typed', labelLength: 5, confidence: 0.92, breakdown: 'confirmed' }), total('19.00', { source: 'typed', confidence: 0.3 * 0.45, breakdown: 'contradicted' })];
    const fitted = new FieldScorer(ScorerModel.parse(bundled));
    const [sure, doubtful] = fieldFeatures('total', candidates, [PAGE]).map((f) => fitted.probability(f));
    expect(sure).toBeGreaterThan(0.9);
    expect(doubtful).toBeLessThan(0.5);
  });

  it('reads a generated invoice of a family kept out of its fit, with the printed number, date and total', async () => {
    const cache = await mkdtemp(join(tmpdir(), 'scorer-test-'));
    const documents = scorerDocuments({ cache, perFamily: 2, seed: 3, sets: ['generated'], families: ['en-uk-bank-footer'] });
    for await (const doc of documents) {
      const values = documentValues(doc, { scorer: new FieldScorer(ScorerModel.parse(bundled)) });
      const right = (field: string) => values.find((v) => v.field === field)?.right;
      expect({ id: doc.id, number: right('Invoice number'), date: right('Issue date'), total: right('Total') }).toEqual({ id: doc.id, number: true, date: true, total: true });
    }
  }, 60_000);
});
