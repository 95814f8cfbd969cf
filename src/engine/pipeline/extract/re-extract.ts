import type { z } from 'zod';
import { RecognitionStatus, type ExtractFieldsBody } from '../../../shared/api/index.js';
import type { EngineDeps } from '../../engine-deps.js';
import { invalidMember, stateConflict } from '../../http/engine-error.js';
import { readJson } from '../../store/database.js';
import { loadCategoryModel, type CategoryModel } from '../../store/category-models.js';
import { DEFAULT_PARSER_PARAMS, parserParamsOf, patchFile, requireTask } from '../../store/file-store.js';
import { requireWorkspace } from '../../store/workspace-store.js';
import { categorySpecs, extractSpecs, tableSpecOf, type Specs } from './extract-category.js';
import { fieldSpecOf, type FieldSpec } from '../document/field-spec.js';
import { mergeExtraction } from '../document/file-data.js';
import type { ParsedFile } from '../document/parsed-document.js';
import type { TableSpec } from '../tables/extract-tables.js';

type ExtractRequest = z.output<typeof ExtractFieldsBody>;
type FieldRequest = NonNullable<ExtractRequest['fields']>[number];
type TableRequest = NonNullable<ExtractRequest['tables']>[number];

/** /file/extract_fields: extracts the asked fields and tables again, with their prompts, and merges them into the result. */
export function extractOnRequest(deps: EngineDeps, body: ExtractRequest): void {
  requireWorkspace(deps, body.workspace_id);
  const task = requireTask(deps, body.workspace_id, body.task_id);
  if (task.recognition_status !== RecognitionStatus.success) {
    throw stateConflict(`task ${task.task_id} is in recognition_status ${task.recognition_status}; fields can be extracted once recognition has succeeded (1)`);
  }
  if (!body.fields?.length && !body.tables?.length) throw invalidMember('body', 'give fields or tables to extract');
  const category = task.category === '' ? undefined : loadCategoryModel(deps, task.workspace_id, task.category);
  const document = readJson<ParsedFile['document']>(task.document, { pages: [] });
  const wanted: Specs = {
    fields: (body.fields ?? []).map((f) => requestedField(category?.fields, f)),
    tables: (body.tables ?? []).map((t) => requestedTable(category, t)),
  };
  const known = category ? categorySpecs(category) : { fields: [], tables: [] };
  const applyMerge = (parserParamsOf(task).apply_merge ?? DEFAULT_PARSER_PARAMS.apply_merge) === 1;
  const { fields, tables } = extractSpecs(document, wanted, { applyMerge }, known);
  patchFile(deps, task.id, { data: mergeExtraction(readJson(task.data, null), fields, tables) });
}

/** A field of the category keeps its aliases, identity and transforms; any other key is a new field. The prompt adds labels. */
function requestedField(fields: CategoryModel['fields'] | undefined, request: FieldRequest): FieldSpec {
  const field = fields?.find((f) => f.name === request.key) ?? { name: request.key, definition: {} };
  return fieldSpecOf(field, request.prompt);
}

/** A configured table answers as system-configured (0) with its columns; any other name as manually added (1), with the asked columns. */
function requestedTable(category: CategoryModel | undefined, request: TableRequest): TableSpec {
  const configured = category?.tables.find((t) => t.name === request.name);
  const asked = request.fields ?? [];
  if (!configured) {
    const columns = asked.map((f) => requestedField(undefined, f));
    return { name: request.name, columns, collectFromMultiTable: false, configModel: request.extract_model ?? 'Auto', tableType: '1' };
  }
  const spec = tableSpecOf(configured);
  const extra = asked.filter((f) => !configured.fields.some((c) => c.name === f.key));
  return {
    ...spec,
    configModel: request.extract_model ?? spec.configModel,
    columns: [...configured.fields.filter((f) => f.enabled !== 0).map((f) => requestedField(configured.fields, asked.find((a) => a.key === f.name) ?? { key: f.name })), ...extra.map((f) => requestedField(undefined, f))],
  };
}
