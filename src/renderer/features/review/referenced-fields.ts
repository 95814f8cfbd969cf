// Fields picked for a rule, grouped as referenced_fields wants them (by category, tables apart). Pure.
import type { z } from 'zod';
import type { ReferencedFieldsIn } from '../../../shared/api/review';

export interface FieldPick {
  categoryId: string;
  categoryName: string;
  table?: { id: string; name: string };
  fieldId: string;
  fieldName: string;
}

type Referenced = z.input<typeof ReferencedFieldsIn>;

export function referencedFieldsOf(picks: readonly FieldPick[]): Referenced[] {
  const byCategory = new Map<string, Referenced & { fields: NonNullable<Referenced['fields']>; tables: NonNullable<Referenced['tables']> }>();
  for (const pick of picks) {
    const entry = byCategory.get(pick.categoryId) ?? { category_id: pick.categoryId, category_name: pick.categoryName, fields: [], tables: [] };
    byCategory.set(pick.categoryId, entry);
    const field = { field_id: pick.fieldId, field_name: pick.fieldName };
    if (!pick.table) {
      if (!entry.fields.some((f) => f.field_id === pick.fieldId)) entry.fields.push(field);
      continue;
    }
    let table = entry.tables.find((t) => t.table_id === pick.table!.id);
    if (!table) {
      table = { table_id: pick.table.id, table_name: pick.table.name, fields: [] };
      entry.tables.push(table);
    }
    if (!table.fields!.some((f) => f.field_id === pick.fieldId)) table.fields!.push(field);
  }
  return [...byCategory.values()];
}
