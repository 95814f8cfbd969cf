import type { ReferencedFields } from '../api/index.js';
import type { EvaluationCategory, EvaluationField } from './evaluation-category.js';

type FieldRefs = ReferencedFields['fields'];

/**
 * What the rule's referenced_fields name that the category no longer has as named: a field, table
 * or column deleted, or renamed since the rule was written. Empty when every reference still holds.
 */
export function staleReferences(referenced: readonly ReferencedFields[], category: EvaluationCategory): string[] {
  return referenced
    .filter((ref) => ref.category_id === category.id)
    .flatMap((ref) => [
      ...staleFields(ref.fields, category.fields, `category '${category.name}'`),
      ...ref.tables.flatMap((t) => {
        const table = category.tables.find((candidate) => candidate.id === t.table_id);
        const name = t.table_name ?? t.table_id;
        if (!table) return [`table '${name}' no longer exists in category '${category.name}'`];
        const renamed = t.table_name !== undefined && t.table_name !== table.name ? [`table '${t.table_name}' is now called '${table.name}'`] : [];
        return [...renamed, ...staleFields(t.fields, table.fields, `table '${table.name}'`)];
      }),
    ]);
}

function staleFields(refs: FieldRefs, fields: readonly EvaluationField[], owner: string): string[] {
  return refs.flatMap((ref) => {
    const field = fields.find((f) => f.id === ref.field_id);
    if (!field) return [`field '${ref.field_name || ref.field_id}' no longer exists in ${owner}`];
    return ref.field_name !== '' && ref.field_name !== field.name ? [`field '${ref.field_name}' of ${owner} is now called '${field.name}'`] : [];
  });
}
