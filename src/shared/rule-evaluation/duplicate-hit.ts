import type { Position } from '../api/index.js';

/** A field of the document under review and the value to look for elsewhere; empty matches empty. At least one is not empty. */
export interface FieldMatch {
  key: string;
  text: string;
}

/** Another document holding the same values, with where they are printed on it. */
export interface DuplicateHit {
  fileId: string;
  taskId: string;
  name: string;
  category: string;
  values: { key: string; text: string; position: Position[] }[];
}
