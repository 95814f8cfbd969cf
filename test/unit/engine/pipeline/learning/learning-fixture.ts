import { categorySpecs, extractCategory } from '../../../../../src/engine/pipeline/extract/extract-category.js';
import type { FieldRecall } from '../../../../../src/engine/pipeline/learning/field-recall.js';
import { learnDocument } from '../../../../../src/engine/pipeline/learning/learn-document.js';
import type { SavedField } from '../../../../../src/engine/pipeline/learning/locate-saved-value.js';
import type { LearnedDocument } from '../../../../../src/engine/pipeline/learning/learning-schema.js';
import type { ParsedFile } from '../../../../../src/engine/pipeline/document/parsed-document.js';
import type { ReceiptValues } from '../../../../fixtures/learning-receipts.js';
import { fieldModel, textDocument } from '../document-fixture.js';

/** The clerk's receipt category of the learning tests. */
export const RECEIPT_FIELDS = { fields: ['Company', 'Date', 'Address', 'Total'].map((name) => fieldModel({ name })), tables: [] };

export const receiptDocument = (receipt: { lines: string[] }) => textDocument(receipt.lines.join('\n'));

/** The clerk's save of a receipt: each value typed, with no position. */
export function typed(values: ReceiptValues): SavedField[] {
  return Object.entries(values).map(([key, value]) => ({ key, value, position: [] }));
}

export function learned(document: ParsedFile['document'], saved: readonly SavedField[]): LearnedDocument {
  return learnDocument(document, categorySpecs(RECEIPT_FIELDS).fields, saved);
}

/** The fields extracted from a document, by name. */
export function valuesOf(document: ParsedFile['document'], recall?: FieldRecall): Record<string, string> {
  return Object.fromEntries(extractCategory(document, RECEIPT_FIELDS, { applyMerge: false }, recall).fields.map((f) => [f.key, f.value]));
}
