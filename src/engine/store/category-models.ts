import type { FieldDefinition } from '../../shared/api/index.js';
import type { EngineDeps } from '../engine-deps.js';
import { readJson } from './database.js';

/** A category as the pipeline and the review evaluator read it: fields, tables and sample text together. */
export interface FieldModel {
  id: string;
  name: string;
  definition: FieldDefinition;
  enabled: number;
  extractModel: string;
}

export interface TableModel {
  id: string;
  name: string;
  description: string;
  prompt: string;
  collectFromMultiTable: boolean;
  extractModel: string;
  fields: FieldModel[];
}

export interface CategoryModel {
  id: string;
  workspaceId: string;
  name: string;
  description: string;
  categoryPrompt: string;
  extractModel: string;
  enabled: number;
  fields: FieldModel[];
  tables: TableModel[];
  sampleTexts: string[];
}

export interface CategoryRow {
  id: string;
  workspace_id: string;
  name: string;
  description: string;
  category_prompt: string;
  extract_model: string;
  enabled: number;
}
export interface FieldRow {
  id: string;
  category_id: string;
  table_id: string | null;
  name: string;
  definition: string;
  enabled: number;
  extract_model: string;
  ord: number;
}
export interface TableRow {
  id: string;
  category_id: string;
  name: string;
  description: string;
  prompt: string;
  collect_from_multi_table: number;
  extract_model: string;
}

export function loadCategoryModels(deps: EngineDeps, workspaceId: string, options: { enabledOnly: boolean }): CategoryModel[] {
  const rows = deps.db
    .prepare(`SELECT * FROM categories WHERE workspace_id = ? ${options.enabledOnly ? 'AND enabled = 1' : ''} ORDER BY created_at, id`)
    .all(workspaceId) as CategoryRow[];
  return rows.map((row) => toCategoryModel(deps, row));
}

export function loadCategoryModel(deps: EngineDeps, workspaceId: string, name: string): CategoryModel | undefined {
  const row = deps.db.prepare('SELECT * FROM categories WHERE workspace_id = ? AND name = ?').get(workspaceId, name) as CategoryRow | undefined;
  return row && toCategoryModel(deps, row);
}

export function toCategoryModel(deps: EngineDeps, row: CategoryRow): CategoryModel {
  const fieldRows = deps.db.prepare('SELECT * FROM category_fields WHERE category_id = ? ORDER BY ord').all(row.id) as FieldRow[];
  const tableRows = deps.db.prepare('SELECT * FROM category_tables WHERE category_id = ? ORDER BY ord').all(row.id) as TableRow[];
  const samples = deps.db.prepare('SELECT text FROM category_samples WHERE category_id = ? ORDER BY created_at').all(row.id) as { text: string }[];
  const fields = fieldRows.map(toField);
  return {
    id: row.id,
    workspaceId: row.workspace_id,
    name: row.name,
    description: row.description,
    categoryPrompt: row.category_prompt,
    extractModel: row.extract_model,
    enabled: row.enabled,
    fields: fields.filter((f, i) => fieldRows[i]!.table_id === null),
    tables: tableRows.map((t) => ({
      id: t.id,
      name: t.name,
      description: t.description,
      prompt: t.prompt,
      collectFromMultiTable: t.collect_from_multi_table === 1,
      extractModel: t.extract_model,
      fields: fields.filter((f, i) => fieldRows[i]!.table_id === t.id),
    })),
    sampleTexts: samples.map((s) => s.text),
  };
}

function toField(row: FieldRow): FieldModel {
  return { id: row.id, name: row.name, definition: readJson<FieldDefinition>(row.definition, { name: row.name }), enabled: row.enabled, extractModel: row.extract_model };
}
