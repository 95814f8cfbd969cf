import type { Position } from '../api/index.js';

/** The document a value was read from. */
export interface ValueOrigin {
  fileId: string;
  taskId: string;
  name: string;
  category: string;
}

/** A value a check read: the reasoning names it, and its boxes become the rule's anchors. */
export interface ValueUse {
  origin: ValueOrigin;
  /** How the reasoning names it: `Total`, `Line items.Amount, row 2`, `document text`. */
  label: string;
  /** The value as printed. */
  text: string;
  /** The anchor's field_name: the field key, or `Table.Column` for a cell; absent for document text. */
  fieldName?: string;
  source: 'extract_field' | 'ocr';
  position: Position[];
}
