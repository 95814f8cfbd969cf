import type { z } from 'zod';
import { LIMITS, type Category, type ExtractModel, type FieldDefinition, type TableDefinition } from '../../shared/api/index.js';
import { EngineError, stateConflict, unknownId } from '../http/engine-error.js';
import type { EngineDeps } from '../engine-deps.js';
import type { CategoryRow } from './category-models.js';
import { EVERY_ROW, type Paging } from './paging.js';
import { requireWorkspace } from './workspace-store.js';

/** A sample file already adopted into the blob store, with the text classification reads. */
export interface NewSample {
  fileName: string;
  blob: string;
  size: number;
  text: string;
}

export interface NewCategory {
  workspaceId: string;
  name: string;
  description: string;
  categoryPrompt: string;
  extractModel: ExtractModel;
  fields: readonly FieldDefinition[];
  tables: readonly TableDefinition[];
  samples: readonly NewSample[];
}

export interface CategoryChanges {
  name?: string | undefined;
  description?: string | undefined;
  categoryPrompt?: string | undefined;
  extractModel?: ExtractModel | undefined;
  enabled?: number | undefined;
}

export interface SampleRow {
  id: string;
  category_id: string;
  file_name: string;
  blob: string;
  size: number;
}

/** Reported when fields or tables of one category were configured with different models. */
const MIXED_MODELS = 'mixed';

/** Every request naming a category goes through here: an unknown workspace, or a category of another one, is unknownId. */
export function requireCategory(deps: EngineDeps, workspaceId: string, categoryId: string): CategoryRow {
  requireWorkspace(deps, workspaceId);
  const row = deps.db.prepare('SELECT * FROM categories WHERE id = ? AND workspace_id = ?').get(categoryId, workspaceId) as CategoryRow | undefined;
  if (!row) throw unknownId('category', categoryId);
  return row;
}

export function requireSample(deps: EngineDeps, categoryId: string, sampleId: string): SampleRow {
  const row = deps.db.prepare('SELECT * FROM category_samples WHERE id = ? AND category_id = ?').get(sampleId, categoryId) as SampleRow | undefined;
  if (!row) throw unknownId('sample', sampleId);
  return row;
}

/** Files are classified by category name, so a name is unique within its workspace. */
export function assertNameFree(deps: EngineDeps, workspaceId: string, name: string, exceptCategoryId = ''): void {
  const clash = deps.db.prepare('SELECT 1 FROM categories WHERE workspace_id = ? AND name = ? AND id != ?').get(workspaceId, name, exceptCategoryId);
  if (clash) throw stateConflict(`a category named '${name}' already exists in workspace ${workspaceId}`);
}

export function assertSampleRoom(deps: EngineDeps, categoryId: string, adding: number): void {
  const { n } = deps.db.prepare('SELECT count(*) AS n FROM category_samples WHERE category_id = ?').get(categoryId) as { n: number };
  if (n + adding > LIMITS.samplesPerCategory) {
    throw new EngineError('overLimit', `over a limit 'samples': a category holds at most ${LIMITS.samplesPerCategory} samples; it has ${n}, and ${adding} more were sent`);
  }
}

export function insertCategory(deps: EngineDeps, input: NewCategory): CategoryRow {
  return deps.db.transaction(() => {
    // Checked again here: the handler's early check ran before the sample files were read.
    assertNameFree(deps, input.workspaceId, input.name);
    const id = deps.ids.next();
    const now = deps.now();
    deps.db
      .prepare('INSERT INTO categories (id, workspace_id, name, description, category_prompt, extract_model, enabled, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?)')
      .run(id, input.workspaceId, input.name, input.description, input.categoryPrompt, input.extractModel, now, now);
    insertFields(deps, id, null, input.fields, input.extractModel);
    input.tables.forEach((table, ord) => {
      const tableId = deps.ids.next();
      deps.db
        .prepare('INSERT INTO category_tables (id, category_id, name, description, prompt, collect_from_multi_table, extract_model, ord) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
        .run(tableId, id, table.name, table.description ?? '', table.prompt ?? '', table.collect_from_multi_table ? 1 : 0, input.extractModel, ord);
      insertFields(deps, id, tableId, table.fields, input.extractModel);
    });
    addSamples(deps, id, input.samples);
    return deps.db.prepare('SELECT * FROM categories WHERE id = ?').get(id) as CategoryRow;
  })();
}

function insertFields(deps: EngineDeps, categoryId: string, tableId: string | null, fields: readonly FieldDefinition[], extractModel: string): void {
  const insert = deps.db.prepare('INSERT INTO category_fields (id, category_id, table_id, name, definition, extract_model, ord) VALUES (?, ?, ?, ?, ?, ?, ?)');
  fields.forEach((field, ord) => insert.run(deps.ids.next(), categoryId, tableId, field.name, JSON.stringify(field), extractModel, ord));
}

/** A new extract_model applies to the category and to every field and table in it (contract, /category/update). */
export function updateCategory(deps: EngineDeps, row: CategoryRow, changes: CategoryChanges): CategoryRow {
  return deps.db.transaction(() => {
    if (changes.name !== undefined) assertNameFree(deps, row.workspace_id, changes.name, row.id);
    deps.db
      .prepare(
        `UPDATE categories SET name = coalesce(?, name), description = coalesce(?, description), category_prompt = coalesce(?, category_prompt),
         extract_model = coalesce(?, extract_model), enabled = coalesce(?, enabled), updated_at = ? WHERE id = ?`,
      )
      .run(changes.name ?? null, changes.description ?? null, changes.categoryPrompt ?? null, changes.extractModel ?? null, changes.enabled ?? null, deps.now(), row.id);
    if (changes.extractModel !== undefined) {
      deps.db.prepare('UPDATE category_fields SET extract_model = ? WHERE category_id = ?').run(changes.extractModel, row.id);
      deps.db.prepare('UPDATE category_tables SET extract_model = ? WHERE category_id = ?').run(changes.extractModel, row.id);
    }
    return deps.db.prepare('SELECT * FROM categories WHERE id = ?').get(row.id) as CategoryRow;
  })();
}

/** Returns the new sample ids, in the order given. */
export function addSamples(deps: EngineDeps, categoryId: string, samples: readonly NewSample[]): string[] {
  return deps.db.transaction(() => {
    assertSampleRoom(deps, categoryId, samples.length);
    const insert = deps.db.prepare('INSERT INTO category_samples (id, category_id, file_name, blob, size, text, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
    const now = deps.now();
    return samples.map((sample) => {
      const id = deps.ids.next();
      insert.run(id, categoryId, sample.fileName, sample.blob, sample.size, sample.text, now);
      return id;
    });
  })();
}

export function listCategories(deps: EngineDeps, workspaceId: string, enabled: number | undefined, page: Paging): { total: number; rows: CategoryRow[] } {
  const where = enabled === undefined ? 'workspace_id = ?' : 'workspace_id = ? AND enabled = ?';
  const args = enabled === undefined ? [workspaceId] : [workspaceId, enabled];
  const { n } = deps.db.prepare(`SELECT count(*) AS n FROM categories WHERE ${where}`).get(...args) as { n: number };
  const rows = deps.db.prepare(`SELECT * FROM categories WHERE ${where} ORDER BY created_at, id LIMIT ? OFFSET ?`).all(...args, page.limit, page.offset) as CategoryRow[];
  return { total: n, rows };
}

export function listSamples(deps: EngineDeps, categoryId: string, page: Pick<Paging, 'limit' | 'offset'> = EVERY_ROW): { total: number; rows: SampleRow[] } {
  const { n } = deps.db.prepare('SELECT count(*) AS n FROM category_samples WHERE category_id = ?').get(categoryId) as { n: number };
  const rows = deps.db
    .prepare('SELECT id, category_id, file_name, blob, size FROM category_samples WHERE category_id = ? ORDER BY created_at, id LIMIT ? OFFSET ?')
    .all(categoryId, page.limit, page.offset) as SampleRow[];
  return { total: n, rows };
}

/** The category's own record; extract_model is 'mixed' when its fields and tables do not all use one model. */
export function toCategoryRecord(deps: EngineDeps, row: CategoryRow): z.input<typeof Category> {
  const models = deps.db
    .prepare('SELECT extract_model FROM category_fields WHERE category_id = ? UNION SELECT extract_model FROM category_tables WHERE category_id = ?')
    .all(row.id, row.id) as { extract_model: string }[];
  const extractModel = models.length > 1 ? MIXED_MODELS : (models[0]?.extract_model ?? row.extract_model);
  return { id: row.id, name: row.name, description: row.description, category_prompt: row.category_prompt, extract_model: extractModel, enabled: row.enabled };
}

interface OwnedRows {
  table: 'categories' | 'category_tables' | 'category_samples';
  owner: 'workspace_id' | 'category_id';
  what: string;
}

/**
 * All or nothing: an id the owner does not hold fails the whole call and deletes nothing. Children go
 * with their parent through ON DELETE CASCADE (a table's fields, a category's fields, tables and samples).
 * Sample blobs stay: the store is content-addressed and the same bytes may be an uploaded file too.
 */
function deleteOwnedRows(deps: EngineDeps, rows: OwnedRows, ownerId: string, ids: readonly string[]): void {
  deps.db.transaction(() => {
    const held = deps.db.prepare(`SELECT 1 FROM ${rows.table} WHERE id = ? AND ${rows.owner} = ?`);
    const unique = [...new Set(ids)];
    const missing = unique.find((id) => !held.get(id, ownerId));
    if (missing !== undefined) throw unknownId(rows.what, missing);
    const remove = deps.db.prepare(`DELETE FROM ${rows.table} WHERE id = ?`);
    for (const id of unique) remove.run(id);
  })();
}

export function deleteCategories(deps: EngineDeps, workspaceId: string, categoryIds: readonly string[]): void {
  deleteOwnedRows(deps, { table: 'categories', owner: 'workspace_id', what: 'category' }, workspaceId, categoryIds);
}

export function deleteTables(deps: EngineDeps, categoryId: string, tableIds: readonly string[]): void {
  deleteOwnedRows(deps, { table: 'category_tables', owner: 'category_id', what: 'table' }, categoryId, tableIds);
}

export function deleteSamples(deps: EngineDeps, categoryId: string, sampleIds: readonly string[]): void {
  deleteOwnedRows(deps, { table: 'category_samples', owner: 'category_id', what: 'sample' }, categoryId, sampleIds);
}
