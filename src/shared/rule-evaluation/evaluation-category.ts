import type { FieldDefinition } from '../api/index.js';

/** A field or column as checks name it: by name, else by one of its aliases. */
export interface EvaluationField {
  id: string;
  name: string;
  definition: Pick<FieldDefinition, 'alias' | 'multi_value'>;
}

export interface EvaluationTable {
  id: string;
  name: string;
  fields: EvaluationField[];
}

/**
 * The part of a category a check reads: the engine's stored categories and the desk's cached ones
 * both have it, so that a draft tested on the desk reads fields exactly as the engine will.
 */
export interface EvaluationCategory {
  id: string;
  name: string;
  fields: EvaluationField[];
  tables: EvaluationTable[];
}
