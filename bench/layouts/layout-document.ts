import type { LaidPage } from '../corpus/layout.js';
import type { LabelLanguage } from './labels.js';

/** A box [left, top, right, bottom] from the page's top-left corner: points while laid out, pixels in a rendering's truth. */
export type Box = [number, number, number, number];

/** Characters as the page prints them ("13.08.2025", "€") and their box. */
export interface Printing {
  text: string;
  box: Box;
}

/** One printing of a value: a page of the document (0-based) and its parts there (several for a value wrapped over lines). */
export interface Place {
  page: number;
  parts: Printing[];
}

/** A value as the key holds it (ISO date, plain number, country or currency code, text) and every place it is printed. */
export interface TruthValue {
  value: string;
  at: Place[];
}

/** A printed value a reader must not take for a field: the customer's number, the share capital, the linked invoice... */
export interface Decoy {
  what: DecoyKind;
  text: string;
  at: Place[];
}

export type DecoyKind = 'order reference' | 'customer number' | 'linked invoice number' | 'share capital' | 'registry number' | 'iban' | 'bic' | 'delivery address' | 'phone' | 'cash given' | 'change' | 'rounding';

export type DocumentKind = 'invoice' | 'credit_note' | 'receipt';

/** The truth of one generated document: field name (as the bench's category names it) → value, the line items by column, the decoys. */
export interface LayoutTruth {
  id: string;
  family: string;
  kind: DocumentKind;
  language: LabelLanguage;
  font: string;
  /** Category field name → the value; only values the page prints. */
  fields: Record<string, TruthValue>;
  /** Each line: column name of the line-item table → value. */
  lines: Record<string, TruthValue>[];
  decoys: Decoy[];
}

/** A generated document before rendering: its pages in points and its truth with point boxes. */
export interface LayoutDocument extends LayoutTruth {
  pages: LaidPage[];
}

/** A rendering's truth: boxes in pixels at `dpi`, page sizes in pixels. */
export interface RenderedTruth extends LayoutTruth {
  rendering: 'text-pdf' | 'scan-image';
  dpi: number;
  pageSizes: { width: number; height: number }[];
}
