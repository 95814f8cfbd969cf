import type { FieldRolesResult } from '../../../shared/api/index.js';
import type { CategoryModel, FieldModel } from '../../store/category-models.js';
import { fieldSpecOf } from '../document/field-spec.js';
import { roleOf } from '../fields/roles.js';
import { roleOfColumn } from '../tables/column-roles.js';

/**
 * What the engine takes each field and table column of a category for, read as extraction reads them
 * (name, aliases, prompt): a field's role, a column's role in a line-item table, or null for none.
 */
export function understoodRoles(model: Pick<CategoryModel, 'fields' | 'tables'>): FieldRolesResult {
  const entry = (field: FieldModel, role: string | undefined) => ({ field_id: field.id, name: field.name, role: role ?? null });
  return {
    fields: model.fields.map((f) => entry(f, roleOf(fieldSpecOf(f)))),
    tables: model.tables.map((t) => ({ table_id: t.id, name: t.name, fields: t.fields.map((c) => entry(c, roleOfColumn(fieldSpecOf(c)))) })),
  };
}
