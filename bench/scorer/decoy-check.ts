import { extractCategory } from '../../src/engine/pipeline/extract/extract-category.js';
import type { ParsedFile } from '../../src/engine/pipeline/document/parsed-document.js';
import { DEFAULT_PARSER_PARAMS } from '../../src/engine/store/file-store.js';
import type { ExtractedField } from '../../src/shared/api/index.js';
import type { LayoutDocument, DecoyKind } from '../layouts/layout-document.js';
import { sameAs, textKey } from '../real-documents/compare-values.js';
import { invoiceCategoryModel } from '../real-documents/invoice-category.js';
import { receiptCategoryModel } from '../real-documents/receipt-category.js';

/** The fields a decoy of each kind must never answer (a class of the fitted-scorer issue's held-out failures). */
export const FIELDS_A_DECOY_MUST_NOT_ANSWER: Record<DecoyKind, readonly string[]> = {
  'order reference': ['Invoice number', 'Buyer name', 'Seller name'],
  'customer number': ['Invoice number', 'Buyer name', 'Seller name'],
  'linked invoice number': ['Invoice number'],
  'share capital': ['Net amount', 'Tax amount', 'Total', 'Amount due'],
  'registry number': ['Invoice number', 'Seller VAT ID', 'Net amount', 'Tax amount', 'Total', 'Amount due'],
  iban: ['Net amount', 'Tax amount', 'Total', 'Amount due'],
  bic: ['Seller name', 'Buyer name'],
  'delivery address': ['Buyer street', 'Buyer city'],
  phone: ['Invoice number', 'Net amount', 'Tax amount', 'Total', 'Amount due'],
  'cash given': ['Total'],
  change: ['Total'],
  rounding: ['Total'],
};

/** A field answered with a decoy's text: the class of mistake it shows, and what was read. */
export interface DecoyTaken {
  what: DecoyKind | 'buyer VAT id as the seller';
  field: string;
  found: string;
}

const AMOUNT_FIELDS = new Set(['Net amount', 'Tax amount', 'Total', 'Amount due']);

/** The decoys a generated document's extraction took for a field, and a buyer's VAT id read as the seller's. */
export function decoysTaken(doc: LayoutDocument, parsed: ParsedFile): DecoyTaken[] {
  const category = doc.kind === 'receipt' ? receiptCategoryModel() : invoiceCategoryModel();
  const { fields } = extractCategory(parsed.document, category, { applyMerge: DEFAULT_PARSER_PARAMS.apply_merge === 1 });
  const found = (name: string) => fields.find((f: ExtractedField) => f.key === name)?.value ?? '';
  const taken: DecoyTaken[] = [];
  for (const decoy of doc.decoys) {
    for (const field of FIELDS_A_DECOY_MUST_NOT_ANSWER[decoy.what]) {
      const value = found(field);
      if (value === '' || doc.fields[field]?.value === decoy.text) continue;
      const same = AMOUNT_FIELDS.has(field) ? sameAs('amount', decoy.text, value) : textKey(value) === textKey(decoy.text);
      if (same) taken.push({ what: decoy.what, field, found: value });
    }
  }
  const buyerVat = doc.fields['Buyer VAT ID']?.value;
  if (buyerVat && textKey(found('Seller VAT ID')) === textKey(buyerVat)) taken.push({ what: 'buyer VAT id as the seller', field: 'Seller VAT ID', found: found('Seller VAT ID') });
  return taken;
}
