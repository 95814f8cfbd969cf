import type { z } from 'zod';
import { LIMITS, fileFormatOf, type ExtractModel, type FieldDefinition, type FileFormat, type Sample, type TableDefinition } from '../../shared/api/index.js';
import type { EngineDeps } from '../engine-deps.js';
import { EngineError, invalidMember } from '../http/engine-error.js';
import type { Handlers } from '../http/handler.js';
import type { ReceivedFile } from '../http/multipart.js';
import type { PageReader } from '../pipeline/read/ocr/ocr-pool.js';
import { sampleText } from '../pipeline/read/sample-text.js';
import { understoodRoles } from '../pipeline/extract/understood-roles.js';
import { toCategoryModel, type FieldModel, type TableModel } from '../store/category-models.js';
import {
  addSamples,
  assertNameFree,
  assertSampleRoom,
  deleteCategories,
  deleteSamples,
  deleteTables,
  insertCategory,
  listCategories,
  listSamples,
  requireCategory,
  requireSample,
  toCategoryRecord,
  updateCategory,
  type NewSample,
  type SampleRow,
} from '../store/category-store.js';
import { forgetLearned } from '../store/learning-store.js';
import { paging } from '../store/paging.js';
import { requireWorkspace } from '../store/workspace-store.js';

type CategoryRoute =
  | 'categoryCreate'
  | 'categoryUpdate'
  | 'categoryDelete'
  | 'categoryTablesList'
  | 'categoryTablesDelete'
  | 'categoryLearningForget'
  | 'categoryFieldRoles'
  | 'categorySampleDelete'
  | 'categorySampleUpload'
  | 'categoryList'
  | 'categoryFieldsList'
  | 'categorySampleList'
  | 'categorySampleDownload'
  | 'categorySampleBatchUpload';

const DEFAULT_EXTRACT_MODEL: ExtractModel = 'Auto';

/** `reader` recognises image samples' text (the OCR workers the pipeline uses). */
export function createCategoryHandlers(deps: EngineDeps, reader: PageReader): Pick<Handlers, CategoryRoute> {
  return {
    categoryCreate: async ({ parts, files }) => {
      const tables = parts.tables ?? [];
      requireWorkspace(deps, parts.workspace_id);
      assertNameFree(deps, parts.workspace_id, parts.name);
      assertFieldSet(parts.fields, tables);
      const samples = await adoptSamples(deps, reader, files);
      const row = insertCategory(deps, {
        workspaceId: parts.workspace_id,
        name: parts.name,
        description: parts.description ?? '',
        categoryPrompt: parts.category_prompt ?? '',
        extractModel: parts.extract_model ?? DEFAULT_EXTRACT_MODEL,
        fields: parts.fields,
        tables,
        samples,
      });
      return { category_id: row.id, ...(parts.with_detail ? { category: toCategoryRecord(deps, row) } : {}) };
    },

    categoryUpdate: ({ body }) => {
      const row = requireCategory(deps, body.workspace_id, body.category_id);
      const updated = updateCategory(deps, row, {
        name: body.name,
        description: body.description,
        categoryPrompt: body.category_prompt,
        extractModel: body.extract_model,
        enabled: body.enabled,
      });
      return body.with_detail ? toCategoryRecord(deps, updated) : undefined;
    },

    categoryDelete: ({ body }) => {
      requireWorkspace(deps, body.workspace_id);
      deleteCategories(deps, body.workspace_id, body.category_ids);
    },

    categoryList: ({ query }) => {
      requireWorkspace(deps, query.workspace_id);
      const page = paging(query.page, query.page_size, LIMITS.categoryListPageSizeDefault);
      // The notes: enabled categories unless the caller asks for another state or for all.
      const enabled = query.enabled === 'all' ? undefined : Number(query.enabled ?? '1');
      const { total, rows } = listCategories(deps, query.workspace_id, enabled, page);
      return { total, page: page.page, page_size: page.pageSize, categories: rows.map((row) => toCategoryRecord(deps, row)) };
    },

    categoryFieldsList: ({ query }) => {
      const model = toCategoryModel(deps, requireCategory(deps, query.workspace_id, query.category_id));
      return { fields: model.fields.map(toListedField), tables: model.tables.map((table) => ({ ...toTableRecord(table), fields: table.fields.map(toListedField) })) };
    },

    categoryTablesList: ({ query }) => {
      const model = toCategoryModel(deps, requireCategory(deps, query.workspace_id, query.category_id));
      return { tables: model.tables.map(toTableRecord) };
    },

    categoryLearningForget: ({ body }) => {
      const category = requireCategory(deps, body.workspace_id, body.category_id);
      return { forgotten_documents: forgetLearned(deps, category.id) };
    },

    categoryFieldRoles: ({ query }) => understoodRoles(toCategoryModel(deps, requireCategory(deps, query.workspace_id, query.category_id))),

    categoryTablesDelete: ({ body }) => {
      const category = requireCategory(deps, body.workspace_id, body.category_id);
      deleteTables(deps, category.id, body.table_ids);
    },

    categorySampleUpload: async ({ parts, files }) => {
      const { category, ids } = await uploadSamples(deps, reader, parts.workspace_id, parts.category_id, files);
      return { sample_id: ids[0]!, ...(parts.with_detail ? { samples: listSamples(deps, category.id).rows.map(toSample) } : {}) };
    },

    categorySampleBatchUpload: async ({ parts, files }) => {
      const { category } = await uploadSamples(deps, reader, parts.workspace_id, parts.category_id, files);
      // Like the deprecated single upload, with_detail answers the category's whole sample list.
      return parts.with_detail ? { samples: listSamples(deps, category.id).rows.map(toSample) } : {};
    },

    categorySampleList: ({ query }) => {
      const category = requireCategory(deps, query.workspace_id, query.category_id);
      const page = paging(query.page, query.page_size, LIMITS.categoryListPageSizeDefault);
      const { total, rows } = listSamples(deps, category.id, page);
      return { total, page: page.page, page_size: page.pageSize, samples: rows.map(toSample) };
    },

    categorySampleDelete: ({ body }) => {
      const category = requireCategory(deps, body.workspace_id, body.category_id);
      deleteSamples(deps, category.id, body.sample_ids);
    },

    categorySampleDownload: async ({ query }) => {
      const category = requireCategory(deps, query.workspace_id, query.category_id);
      const sample = requireSample(deps, category.id, query.sample_id);
      return { bytes: await deps.blobs.read(sample.blob), fileName: sample.file_name };
    },
  };
}

/** Both sample upload endpoints: room checked before the files are read, and again when they are stored. */
async function uploadSamples(deps: EngineDeps, reader: PageReader, workspaceId: string, categoryId: string, files: readonly ReceivedFile[]) {
  const category = requireCategory(deps, workspaceId, categoryId);
  assertSampleRoom(deps, category.id, files.length);
  return { category, ids: addSamples(deps, category.id, await adoptSamples(deps, reader, files)) };
}

/**
 * Every format is checked before any file is stored, so a bad one leaves nothing behind. Texts are
 * read as many at a time as the OCR workers read pages (two on two cores): image samples are
 * recognised there, and PDF parsing is CPU-bound on the engine's own thread.
 */
async function adoptSamples(deps: EngineDeps, reader: PageReader, files: readonly ReceivedFile[]): Promise<NewSample[]> {
  const formats = files.map(requireSampleFormat);
  const adopted: Awaited<ReturnType<EngineDeps['blobs']['adopt']>>[] = [];
  for (const file of files) adopted.push(await deps.blobs.adopt(file.tempPath));
  const texts: string[] = [];
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < files.length; i = next++) texts[i] = await sampleText(deps.blobs.pathOf(adopted[i]!.sha256), formats[i]!, reader);
  };
  await Promise.all(Array.from({ length: Math.min(reader.capacity, files.length) }, lane));
  return files.map((file, i) => ({ fileName: file.fileName, blob: adopted[i]!.sha256, size: adopted[i]!.size, text: texts[i]! }));
}

function requireSampleFormat(file: ReceivedFile): FileFormat {
  const format = fileFormatOf(file.fileName);
  if (!format) throw new EngineError('unsupportedFile', `sample file '${file.fileName}' has an unsupported format`);
  return format;
}

/** Extraction keys are field names, so they must be distinct; table columns count toward the field limit. */
function assertFieldSet(fields: readonly FieldDefinition[], tables: readonly TableDefinition[]): void {
  const total = fields.length + tables.reduce((sum, table) => sum + table.fields.length, 0);
  if (total > LIMITS.fieldsPerCategory) {
    throw new EngineError('overLimit', `over a limit 'fields': a category holds at most ${LIMITS.fieldsPerCategory} fields, table fields included; ${total} were sent`);
  }
  assertDistinct('fields', fields.map((f) => f.name));
  assertDistinct('tables', tables.map((t) => t.name));
  tables.forEach((table, i) => assertDistinct(`tables[${i}].fields`, table.fields.map((f) => f.name)));
}

function assertDistinct(member: string, names: readonly string[]): void {
  const repeated = names.find((name, i) => names.indexOf(name) !== i);
  if (repeated !== undefined) throw invalidMember(member, `the name '${repeated}' appears more than once`);
}

function toListedField(field: FieldModel) {
  return { ...field.definition, id: field.id, enabled: field.enabled, extract_model: field.extractModel };
}

function toTableRecord(table: TableModel) {
  return {
    id: table.id,
    name: table.name,
    description: table.description,
    prompt: table.prompt,
    collect_from_multi_table: table.collectFromMultiTable,
    extract_model: table.extractModel,
  };
}

function toSample(row: SampleRow): z.input<typeof Sample> {
  return { sample_id: row.id, file_name: row.file_name };
}
