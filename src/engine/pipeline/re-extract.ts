import type { z } from 'zod';
import { RecognitionStatus, type ExtractFieldsBody, type ExtractedTable } from '../../shared/api/index.js';
import type { EngineDeps } from '../engine-deps.js';
import { invalidMember, stateConflict } from '../http/engine-error.js';
import { readJson } from '../store/database.js';
import { loadCategoryModel, type CategoryModel } from '../store/category-models.js';
import { patchFile, requireTask } from '../store/file-store.js';
import { requireWorkspace } from '../store/workspace-store.js';
import { extractFields, fieldSpecOf, tableResult } from './extract.js';
import { mergeExtraction } from './file-data.js';
import type { ParsedFile } from './parsed-document.js';

type ExtractRequest = z.output<typeof ExtractFieldsBody>;

/** /file/extract_fields: extracts the asked fields and tables again and merges them into the result. */
export function extractOnRequest(deps: EngineDeps, body: ExtractRequest): void {
  requireWorkspace(deps, body.workspace_id);
  const task = requireTask(deps, body.workspace_id, body.task_id);
  if (task.recognition_status !== RecognitionStatus.success) {
    throw stateConflict(`task ${task.task_id} is in recognition_status ${task.recognition_status}; fields can be extracted once recognition has succeeded (1)`);
  }
  if (!body.fields?.length && !body.tables?.length) throw invalidMember('body', 'give fields or tables to extract');
  const category = task.category === '' ? undefined : loadCategoryModel(deps, task.workspace_id, task.category);
  const document = readJson<ParsedFile['document']>(task.document, { pages: [] });
  const fields = extractFields(document, (body.fields ?? []).map((f) => fieldSpecOf(fieldNamed(category, f.key), promptLabels(f.prompt))));
  const tables = (body.tables ?? []).map((t) => requestedTable(category, t.name, t.extract_model));
  patchFile(deps, task.id, { data: mergeExtraction(readJson(task.data, null), fields, tables) });
}

/** A field of the category keeps its aliases and identity; any other key is a new field. */
function fieldNamed(category: CategoryModel | undefined, key: string) {
  return category?.fields.find((f) => f.name === key) ?? { name: key, definition: {} };
}

/** The prompt's phrases (split at commas, semicolons and line breaks) are tried as extra labels. */
export function promptLabels(prompt: string | undefined): string[] {
  return (prompt ?? '').split(/[,;，；、\n]/u).map((p) => p.trim()).filter((p) => p !== '');
}

/** A configured table answers as system-configured (0); any other name as manually added (1). */
function requestedTable(category: CategoryModel | undefined, name: string, model: string | undefined): ExtractedTable {
  const configured = category?.tables.find((t) => t.name === name);
  return tableResult(name, model ?? configured?.extractModel ?? 'Auto', configured ? '0' : '1');
}
