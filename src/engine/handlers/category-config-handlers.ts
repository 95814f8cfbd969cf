import type { EngineDeps } from '../engine-deps.js';
import type { Handlers } from '../http/handler.js';
import { zipArchive } from '../http/zip-archive.js';
import { addFields, addTables, definitionOf, deleteFields, requireField, tableFields, updateFields, updateTables } from '../store/category-config-store.js';
import type { FieldRow, TableRow } from '../store/category-models.js';
import { listSamples, requireCategory, requireSample } from '../store/category-store.js';

type CategoryConfigRoute =
  | 'categoryFieldAdd'
  | 'categoryFieldUpdate'
  | 'categoryFieldsBatchAdd'
  | 'categoryFieldsBatchUpdate'
  | 'categoryFieldsDelete'
  | 'categoryFieldConfig'
  | 'categoryTableAdd'
  | 'categoryTableUpdate'
  | 'categoryTablesBatchAdd'
  | 'categoryTablesBatchUpdate'
  | 'categorySampleBatchDownload';

/** One field or table at a time, or a batch that is all or nothing; samples as one ZIP. */
export function createCategoryConfigHandlers(deps: EngineDeps): Pick<Handlers, CategoryConfigRoute> {
  const category = (body: { workspace_id: string; category_id: string }) => requireCategory(deps, body.workspace_id, body.category_id);
  return {
    categoryFieldAdd: ({ body }) => {
      const { workspace_id, category_id, table_id, extract_model, with_detail, ...field } = body;
      const [row] = addFields(deps, category({ workspace_id, category_id }), table_id || null, [field], extract_model);
      return fieldAnswer(row!, with_detail);
    },
    categoryFieldUpdate: ({ body }) => {
      const { workspace_id, category_id, table_id, with_detail, ...item } = body;
      const [row] = updateFields(deps, category({ workspace_id, category_id }), [item], table_id || undefined);
      return with_detail ? fieldAnswer(row!, true) : undefined;
    },
    categoryFieldsBatchAdd: ({ body }) => addFields(deps, category(body), body.table_id || null, body.fields).map((row) => fieldAnswer(row, body.with_detail)),
    categoryFieldsBatchUpdate: ({ body }) => {
      const rows = updateFields(deps, category(body), body.fields);
      return body.with_detail ? rows.map((row) => fieldAnswer(row, true)) : undefined;
    },
    categoryFieldsDelete: ({ body }) => deleteFields(deps, category(body), body.field_ids, body.table_id || null),
    categoryFieldConfig: ({ query }) => {
      const row = requireField(deps, category(query), query.field_id);
      return { ...listedField(row), ...(row.table_id === null ? {} : { table_id: row.table_id }) };
    },
    categoryTableAdd: ({ body }) => {
      const { workspace_id, category_id, with_detail, ...table } = body;
      const [row] = addTables(deps, category({ workspace_id, category_id }), [table]);
      return tableAnswer(deps, row!, with_detail);
    },
    categoryTableUpdate: ({ body }) => {
      const { workspace_id, category_id, with_detail, ...item } = body;
      const [row] = updateTables(deps, category({ workspace_id, category_id }), [item]);
      return with_detail ? tableAnswer(deps, row!, true) : undefined;
    },
    categoryTablesBatchAdd: ({ body }) => addTables(deps, category(body), body.tables).map((row) => tableAnswer(deps, row, body.with_detail)),
    categoryTablesBatchUpdate: ({ body }) => void updateTables(deps, category(body), body.tables),
    categorySampleBatchDownload: async ({ body }) => {
      const owner = category(body);
      const samples = body.sample_ids ? [...new Set(body.sample_ids)].map((id) => requireSample(deps, owner.id, id)) : listSamples(deps, owner.id).rows;
      const entries = await Promise.all(samples.map(async (sample) => ({ name: sample.file_name, bytes: await deps.blobs.read(sample.blob) })));
      return { bytes: zipArchive(entries), fileName: `${owner.name}-samples.zip`, contentType: 'application/zip' };
    },
  };
}

/** A field as the category's field list shows it. */
export function listedField(row: FieldRow) {
  return { ...definitionOf(row), id: row.id, enabled: row.enabled, extract_model: row.extract_model };
}

/** field_id alone, or with with_detail the whole field. */
function fieldAnswer(row: FieldRow, withDetail: boolean | undefined) {
  if (!withDetail) return { field_id: row.id };
  const { id, ...detail } = listedField(row);
  return { field_id: id, ...detail };
}

function tableAnswer(deps: EngineDeps, row: TableRow, withDetail: boolean | undefined) {
  if (!withDetail) return { table_id: row.id };
  return {
    table_id: row.id,
    name: row.name,
    description: row.description,
    prompt: row.prompt,
    collect_from_multi_table: row.collect_from_multi_table === 1,
    extract_model: row.extract_model,
    fields: tableFields(deps, row.category_id, row.id).map(listedField),
  };
}
