import { extractCategory, type ExtractOptions } from '../../src/engine/pipeline/extract/extract-category.js';
import { DEFAULT_PARSER_PARAMS } from '../../src/engine/store/file-store.js';
import type { ScoredValue } from '../real-documents/calibration.js';
import { sameAs } from '../real-documents/compare-values.js';
import { invoiceCategoryModel } from '../real-documents/invoice-category.js';
import { receiptCategoryModel } from '../real-documents/receipt-category.js';
import type { ScorerDocument } from './scorer-set.js';

const CATEGORIES = { invoice: invoiceCategoryModel(), receipt: receiptCategoryModel() };

/** A document's values as the engine extracts them with `scoring`, each scored against its truth. */
export function documentValues(doc: ScorerDocument, scoring: ExtractOptions['scoring']): ScoredValue[] {
  const { fields } = extractCategory(doc.parsed.document, CATEGORIES[doc.category], { applyMerge: DEFAULT_PARSER_PARAMS.apply_merge === 1, scoring });
  return Object.entries(doc.truth).map(([field, truth]) => {
    const found = fields.find((f) => f.key === field);
    const value = found?.value ?? '';
    return { id: doc.id, field, truth: truth.value, found: value, confidence: found?.confidence ?? 0, right: sameAs(truth.kind, truth.value, value) };
  });
}
