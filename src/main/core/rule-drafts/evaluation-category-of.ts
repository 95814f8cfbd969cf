import type { ListedField } from '../../../shared/api/index.js';
import type { CachedCategory } from '../../../shared/ipc/channels/categories.js';
import type { EvaluationCategory, EvaluationField } from '../../../shared/rule-evaluation/evaluation-category.js';

const fieldOf = (field: ListedField): EvaluationField => ({ id: field.id, name: field.name, definition: { alias: field.alias ?? [], multi_value: field.multi_value ?? false } });

/** A cached category as a check reads it: a category whose fields were never fetched has none. */
export function evaluationCategoryOf(category: CachedCategory): EvaluationCategory {
  return {
    id: category.id,
    name: category.name,
    fields: (category.fields?.fields ?? []).map(fieldOf),
    tables: (category.fields?.tables ?? []).map((table) => ({ id: table.id, name: table.name, fields: table.fields.map(fieldOf) })),
  };
}
