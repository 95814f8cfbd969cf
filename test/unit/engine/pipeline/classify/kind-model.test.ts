import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { classify } from '../../../../../src/engine/pipeline/classify/classify.js';
import { ClassifyWeights } from '../../../../../src/engine/pipeline/classify/classify-weights.js';
import weightsFile from '../../../../../src/engine/pipeline/classify/classify-weights.json' with { type: 'json' };
import { documentKind, KindModel } from '../../../../../src/engine/pipeline/classify/document-structure.js';
import kindFile from '../../../../../src/engine/pipeline/classify/kind-model.json' with { type: 'json' };
import { plainText } from '../../../../../src/engine/pipeline/document/parsed-document.js';
import { DESK_LANGUAGES } from '../../../../../src/engine/starter/desk-language.js';
import { classifiableStarterCategories, starterCategoryName } from '../../../../../src/engine/starter/starter-categories.js';
import { KEPT_OUT_FAMILIES } from '../../../../../bench/layouts/families.js';
import { scorerDocuments } from '../../../../../bench/scorer/scorer-set.js';

describe('the fitted kind model and classification weights', () => {
  it.each([
    ['kind model', KindModel.parse(kindFile).fitted],
    ['classification weights', ClassifyWeights.parse(weightsFile).fitted],
  ])('ship as a %s file that names how it was fitted, fitted on no family kept out', (_, fitted) => {
    expect(fitted.documents).toBeGreaterThan(500);
    expect(fitted.families.filter((f) => fitted.keptOut.includes(f) || KEPT_OUT_FAMILIES.some((k) => f === `gen-${k}`))).toEqual([]);
  });

  it('sees the German till receipts of a family kept out of the fit as receipts, and puts them in Receipt in either desk language', async () => {
    // The rules the kind model replaced saw 3 of these 12 as invoices (receipt-de-kasse-009, -010, -011).
    const cache = await mkdtemp(join(tmpdir(), 'kind-model-test-'));
    for await (const doc of scorerDocuments({ cache, perFamily: 12, seed: 3, sets: ['generated'], families: ['receipt-de-kasse'] })) {
      const text = plainText(doc.parsed);
      expect({ id: doc.id, kind: documentKind(text) }).toEqual({ id: doc.id, kind: 'receipt' });
      for (const language of DESK_LANGUAGES) expect({ id: doc.id, category: classify(text, classifiableStarterCategories(language)) }).toEqual({ id: doc.id, category: starterCategoryName('Receipt', language) });
    }
  }, 60_000);
});
