import { LIMITS, type ExtractModel, type FieldDefinition, type FieldUpdateItem, type TableConfig, type TableUpdateItem } from '../../shared/api/index.js';
import type { EngineDeps } from '../engine-deps.js';
import { EngineError, invalidMember, stateConflict, unknownId } from '../http/engine-error.js';
import type { CategoryRow, FieldRow, TableRow } from './category-models.js';
import { readJson } from './database.js';

/**
 * One field or table of a category changed without rewriting the category (the published
 * /category/fields/* and /category/tables/* routes). Every batch runs in one transaction: an item that
 * fails leaves the category as it was.
 */

/** Field aliases, export names and the rest: the definition the pipeline reads, kept as JSON. */
const DEFINITION_KEYS = ['name', 'description', 'prompt', 'use_prompt', 'alias', 'identity', 'multi_value', 'duplicate_value_distinct', 'transform_settings'] as const;

export function definitionOf(row: FieldRow): FieldDefinition {
  return readJson<FieldDefinition>(row.definition, { name: row.name });
}

export function requireTable(deps: EngineDeps, category: CategoryRow, tableId: string): TableRow {
  const row = deps.db.prepare('SELECT * FROM category_tables WHERE id = ? AND category_id = ?').get(tableId, category.id) as TableRow | undefined;
  if (!row) throw unknownId('table', tableId);
  return row;
}

/** A field of the category; with `tableId` it must be a column of that table, with null a regular field. */
export function requireField(deps: EngineDeps, category: CategoryRow, fieldId: string, tableId?: string | null): FieldRow {
  const row = deps.db.prepare('SELECT * FROM category_fields WHERE id = ? AND category_id = ?').get(fieldId, category.id) as FieldRow | undefined;
  if (!row || (tableId !== undefined && row.table_id !== tableId)) throw unknownId('field', fieldId);
  return row;
}

export function tableFields(deps: EngineDeps, categoryId: string, tableId: string | null): FieldRow[] {
  return deps.db.prepare('SELECT * FROM category_fields WHERE category_id = ? AND table_id IS ? ORDER BY ord').all(categoryId, tableId) as FieldRow[];
}

/** Adds fields to the category (tableId null) or to one of its tables; answers the new rows in the order given. */
export function addFields(deps: EngineDeps, category: CategoryRow, tableId: string | null, fields: readonly FieldDefinition[], extractModel?: ExtractModel): FieldRow[] {
  return inTransaction(deps, category, () => {
    const table = tableId === null ? undefined : requireTable(deps, category, tableId);
    if (table && extractModel !== undefined) throw invalidMember('extract_model', 'a table field follows its table\'s model; set it on the table');
    const model = extractModel ?? table?.extract_model ?? category.extract_model;
    const siblings = tableFields(deps, category.id, tableId);
    const insert = deps.db.prepare('INSERT INTO category_fields (id, category_id, table_id, name, definition, extract_model, ord) VALUES (?, ?, ?, ?, ?, ?, ?)');
    let ord = siblings.reduce((max, row) => Math.max(max, row.ord), -1);
    const ids = fields.map((field) => {
      const id = deps.ids.next();
      insert.run(id, category.id, tableId, field.name, JSON.stringify(field), model, ++ord);
      return id;
    });
    assertFieldNames(deps, category.id, tableId);
    assertFieldCount(deps, category.id);
    return ids.map((id) => requireField(deps, category, id));
  });
}

/** Applies each item's members over the stored field ("omit = no change"; [] and '' clear). */
export function updateFields(deps: EngineDeps, category: CategoryRow, items: readonly FieldUpdateItem[], tableId?: string | null): FieldRow[] {
  return inTransaction(deps, category, () => {
    const update = deps.db.prepare('UPDATE category_fields SET name = ?, definition = ?, extract_model = ? WHERE id = ?');
    const touched = new Set<string | null>();
    const rows = items.map((item, i) => {
      const row = requireField(deps, category, item.field_id, tableId);
      if (row.table_id !== null && item.extract_model !== undefined) throw invalidMember(`fields[${i}].extract_model`, 'a table field follows its table\'s model; set it on the table');
      const definition: Record<string, unknown> = { ...definitionOf(row) };
      for (const key of DEFINITION_KEYS) if (item[key] !== undefined) definition[key] = item[key];
      update.run(definition['name'], JSON.stringify(definition), item.extract_model ?? row.extract_model, row.id);
      touched.add(row.table_id);
      return row.id;
    });
    for (const table of touched) assertFieldNames(deps, category.id, table);
    return rows.map((id) => requireField(deps, category, id));
  });
}

/** All or nothing, like every delete of the service: an id that is not a field of the category (or of the named table) deletes nothing. */
export function deleteFields(deps: EngineDeps, category: CategoryRow, fieldIds: readonly string[], tableId: string | null): void {
  inTransaction(deps, category, () => {
    if (tableId !== null) requireTable(deps, category, tableId);
    const unique = [...new Set(fieldIds)];
    for (const id of unique) requireField(deps, category, id, tableId);
    const remove = deps.db.prepare('DELETE FROM category_fields WHERE id = ?');
    for (const id of unique) remove.run(id);
    if (tableId !== null && tableFields(deps, category.id, tableId).length === 0) {
      throw invalidMember('field_ids', 'a table keeps at least one field; delete the table instead');
    }
  });
}

/** Adds tables with their fields; answers the new tables in the order given. */
export function addTables(deps: EngineDeps, category: CategoryRow, tables: readonly TableConfig[]): TableRow[] {
  return inTransaction(deps, category, () => {
    const insert = deps.db.prepare(
      'INSERT INTO category_tables (id, category_id, name, description, prompt, collect_from_multi_table, extract_model, ord) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const { next } = deps.db.prepare('SELECT coalesce(max(ord), -1) + 1 AS next FROM category_tables WHERE category_id = ?').get(category.id) as { next: number };
    const ids = tables.map((table, i) => {
      const id = deps.ids.next();
      insert.run(id, category.id, table.name, table.description ?? '', table.prompt ?? '', table.collect_from_multi_table ? 1 : 0, table.extract_model ?? category.extract_model, next + i);
      const fields = deps.db.prepare('INSERT INTO category_fields (id, category_id, table_id, name, definition, extract_model, ord) VALUES (?, ?, ?, ?, ?, ?, ?)');
      (table.fields ?? []).forEach((field, ord) => fields.run(deps.ids.next(), category.id, id, field.name, JSON.stringify(field), table.extract_model ?? category.extract_model, ord));
      assertFieldNames(deps, category.id, id);
      return id;
    });
    assertTableNames(deps, category.id);
    assertFieldCount(deps, category.id);
    return ids.map((id) => requireTable(deps, category, id));
  });
}

/** A table's new model applies to its fields too, as the category's does to all of them. */
export function updateTables(deps: EngineDeps, category: CategoryRow, items: readonly TableUpdateItem[]): TableRow[] {
  return inTransaction(deps, category, () => {
    const update = deps.db.prepare(
      `UPDATE category_tables SET name = coalesce(?, name), description = coalesce(?, description), prompt = coalesce(?, prompt),
       collect_from_multi_table = coalesce(?, collect_from_multi_table), extract_model = coalesce(?, extract_model) WHERE id = ?`,
    );
    const rows = items.map((item) => {
      const table = requireTable(deps, category, item.table_id);
      const collect = item.collect_from_multi_table === undefined ? null : Number(item.collect_from_multi_table);
      update.run(item.name ?? null, item.description ?? null, item.prompt ?? null, collect, item.extract_model ?? null, table.id);
      if (item.extract_model !== undefined) deps.db.prepare('UPDATE category_fields SET extract_model = ? WHERE table_id = ?').run(item.extract_model, table.id);
      return table.id;
    });
    assertTableNames(deps, category.id);
    return rows.map((id) => requireTable(deps, category, id));
  });
}

/** Runs the change and stamps the category's update time, all in one transaction. */
function inTransaction<T>(deps: EngineDeps, category: CategoryRow, change: () => T): T {
  return deps.db.transaction(() => {
    const result = change();
    deps.db.prepare('UPDATE categories SET updated_at = ? WHERE id = ?').run(deps.now(), category.id);
    return result;
  })();
}

/** Extraction keys are field names: distinct among a category's regular fields, and among one table's columns. */
function assertFieldNames(deps: EngineDeps, categoryId: string, tableId: string | null): void {
  const clash = deps.db
    .prepare('SELECT name FROM category_fields WHERE category_id = ? AND table_id IS ? GROUP BY name HAVING count(*) > 1 LIMIT 1')
    .pluck()
    .get(categoryId, tableId) as string | undefined;
  if (clash !== undefined) throw stateConflict(`a field named '${clash}' already exists ${tableId === null ? 'in the category' : `in table ${tableId}`}`);
}

function assertTableNames(deps: EngineDeps, categoryId: string): void {
  const clash = deps.db.prepare('SELECT name FROM category_tables WHERE category_id = ? GROUP BY name HAVING count(*) > 1 LIMIT 1').pluck().get(categoryId) as string | undefined;
  if (clash !== undefined) throw stateConflict(`a table named '${clash}' already exists in the category`);
}

function assertFieldCount(deps: EngineDeps, categoryId: string): void {
  const { n } = deps.db.prepare('SELECT count(*) AS n FROM category_fields WHERE category_id = ?').get(categoryId) as { n: number };
  if (n > LIMITS.fieldsPerCategory) throw new EngineError('overLimit', `over a limit 'fields': a category holds at most ${LIMITS.fieldsPerCategory} fields, table fields included; it would hold ${n}`);
}
