import { z } from 'zod';
import { IdIn, IdOut } from './primitives.js';
import { ExtractModel } from './enums.js';
import { LIMITS } from './limits.js';
import { FieldDefinition, ListedField } from './categories.js';

/**
 * The published field and table routes (/category/fields/*, /category/tables/add|update|batch_*):
 * one field or table, or a batch of them, without rewriting the category. A batch is all or nothing.
 */

const owner = { workspace_id: IdIn, category_id: IdIn };
/** "Not provided or empty": a regular field; a table id: a field of that table. */
const tableIdIn = z.union([z.literal(''), IdIn]).optional();
const tablePrompt = z.string().max(200);
const tableName = z.string().trim().min(1).max(LIMITS.categoryName);

/** Every member but field_id may be left out ("omit = no change"); [] and '' clear aliases and the export name. */
export const FieldUpdateItem = FieldDefinition.partial().extend({ field_id: IdIn, extract_model: ExtractModel.optional() });
export type FieldUpdateItem = z.output<typeof FieldUpdateItem>;

export const FieldAddBody = FieldDefinition.extend({ ...owner, table_id: tableIdIn, extract_model: ExtractModel.optional(), with_detail: z.boolean().optional() });
export type FieldAddBody = z.input<typeof FieldAddBody>;
export const FieldUpdateBody = FieldUpdateItem.extend({ ...owner, table_id: tableIdIn, with_detail: z.boolean().optional() });
export type FieldUpdateBody = z.input<typeof FieldUpdateBody>;
export const FieldsBatchAddBody = z.strictObject({
  ...owner,
  table_id: tableIdIn,
  fields: z.array(FieldDefinition).min(1).max(LIMITS.fieldsPerCategory),
  with_detail: z.boolean().optional(),
});
export type FieldsBatchAddBody = z.input<typeof FieldsBatchAddBody>;
export const FieldsBatchUpdateBody = z.strictObject({ ...owner, fields: z.array(FieldUpdateItem).min(1).max(LIMITS.fieldsPerCategory), with_detail: z.boolean().optional() });
export type FieldsBatchUpdateBody = z.input<typeof FieldsBatchUpdateBody>;
export const FieldsDeleteBody = z.strictObject({ ...owner, field_ids: z.array(IdIn).min(1), table_id: tableIdIn });
export const FieldConfigQuery = z.object({ ...owner, field_id: IdIn });

/** A field as the field routes answer it: field_id, and with with_detail its whole configuration. */
export const FieldDetail = z.looseObject({ ...ListedField.shape, field_id: IdOut, id: IdOut.optional(), name: z.string().optional() });
export type FieldDetail = z.infer<typeof FieldDetail>;
/** GET /category/fields/config (the SDK's, not in the OpenAPI document): one field's whole configuration. */
export const FieldConfig = z.looseObject({ ...ListedField.shape, table_id: IdOut.optional() });

export const TableConfig = z.strictObject({
  name: tableName,
  description: z.string().max(500).optional(),
  prompt: tablePrompt.optional(),
  collect_from_multi_table: z.boolean().optional(),
  extract_model: ExtractModel.optional(),
  fields: z.array(FieldDefinition).max(LIMITS.fieldsPerCategory).optional(),
});
export type TableConfig = z.output<typeof TableConfig>;
export const TableUpdateItem = z.strictObject({
  table_id: IdIn,
  name: tableName.optional(),
  description: z.string().max(500).optional(),
  prompt: tablePrompt.optional(),
  extract_model: ExtractModel.optional(),
  collect_from_multi_table: z.boolean().optional(),
});
export type TableUpdateItem = z.output<typeof TableUpdateItem>;

export const TableAddBody = TableConfig.extend({ ...owner, with_detail: z.boolean().optional() });
export type TableAddBody = z.input<typeof TableAddBody>;
/** The published single update requires collect_from_multi_table. */
export const TableUpdateBody = TableUpdateItem.extend({ ...owner, collect_from_multi_table: z.boolean(), with_detail: z.boolean().optional() });
export type TableUpdateBody = z.input<typeof TableUpdateBody>;
export const TablesBatchAddBody = z.strictObject({ ...owner, tables: z.array(TableConfig).min(1), with_detail: z.boolean().optional() });
export type TablesBatchAddBody = z.input<typeof TablesBatchAddBody>;
export const TablesBatchUpdateBody = z.strictObject({ ...owner, tables: z.array(TableUpdateItem).min(1) });
export type TablesBatchUpdateBody = z.input<typeof TablesBatchUpdateBody>;

export const TableDetail = z.looseObject({
  table_id: IdOut,
  name: z.string().optional(),
  description: z.string().nullable().optional(),
  prompt: z.string().nullable().optional(),
  collect_from_multi_table: z.boolean().optional(),
  extract_model: z.string().nullable().optional(),
  fields: z.array(ListedField).optional(),
});
export type TableDetail = z.infer<typeof TableDetail>;

/** POST /category/sample/batch_download: the samples as one ZIP; every sample of the category when sample_ids is absent. */
export const SampleBatchDownloadBody = z.strictObject({ ...owner, sample_ids: z.array(IdIn).min(1).max(LIMITS.samplesPerCategory).optional() });
export type SampleBatchDownloadBody = z.input<typeof SampleBatchDownloadBody>;
