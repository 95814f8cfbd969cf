import type { Language } from './values.js';

/** What a generated document prints, top to bottom; the layout places it on pages. */
export type Block =
  | { kind: 'title'; text: string }
  | { kind: 'pairs'; pairs: [label: string, value: string][]; columns: 1 | 2; style: 'colon' | 'tab' }
  | { kind: 'table'; headers: string[]; rows: string[][]; widths: number[]; align: ('left' | 'right')[]; ruled: boolean; repeatHeader: boolean; summary?: string[] | undefined }
  | { kind: 'paragraph'; text: string };

export type DocumentKind = 'vat_invoice' | 'receipt' | 'purchase_order' | 'other';

/** Deliberate faults of an invoice, for the verification and the review rules to find. */
export type Fault = 'amount_tax_total_mismatch' | 'line_items_mismatch' | 'future_date' | 'too_old' | 'invalid_tax_id' | 'duplicate_invoice';

export interface Truth {
  /** Field name → the value the starter category should give (after its transforms); '' when not printed. */
  fields: Record<string, string>;
  /** Table name → rows of column name → value. */
  tables: Record<string, Record<string, string>[]>;
}

export interface GeneratedDocument {
  kind: DocumentKind;
  /** The starter category it belongs to, '' for a document no category fits. */
  category: string;
  language: Language;
  blocks: Block[];
  /** Page size in points; a till receipt is narrow. */
  page: { width: number; height: number };
  truth: Truth;
  faults: Fault[];
}
