import { z } from 'zod';
import { IdIn, IdOut, PartBool, queryInt } from './primitives.js';
import { ExtractModel } from './enums.js';
import { LIMITS } from './limits.js';

export const TransformSettings = z.strictObject({
  /** The published document's discriminator; the settings present say the same. */
  type: z.enum(['datetime', 'enumerate', 'regex']).optional(),
  datetime_settings: z.strictObject({ format: z.string().min(1) }).optional(),
  enumerate_settings: z.strictObject({ items: z.array(z.string()).min(1) }).optional(),
  regex_settings: z.strictObject({ match: z.string().min(1), replace: z.string().optional() }).optional(),
  mismatch_action: z.strictObject({ mode: z.enum(['default', 'warning']).optional(), default_value: z.string().optional() }).optional(),
});
export type TransformSettings = z.infer<typeof TransformSettings>;

/** A field definition as a client sends it when creating a category. */
export const FieldDefinition = z.strictObject({
  name: z.string().trim().min(1).max(LIMITS.categoryName),
  description: z.string().max(500).optional(),
  prompt: z.string().max(1000).optional(),
  use_prompt: z.boolean().optional(),
  alias: z.array(z.string().min(1)).optional(),
  identity: z.string().max(100).optional(),
  multi_value: z.boolean().optional(),
  duplicate_value_distinct: z.boolean().optional(),
  transform_settings: TransformSettings.optional(),
});
export type FieldDefinition = z.infer<typeof FieldDefinition>;

export const TableDefinition = z.strictObject({
  name: z.string().trim().min(1).max(LIMITS.categoryName),
  description: z.string().max(500).optional(),
  prompt: z.string().max(1000).optional(),
  collect_from_multi_table: z.boolean().optional(),
  fields: z.array(FieldDefinition).min(1),
});
export type TableDefinition = z.infer<typeof TableDefinition>;

export const Category = z.looseObject({
  id: IdOut,
  name: z.string(),
  description: z.string().nullable().optional().default(''),
  category_prompt: z.string().nullable().optional().default(''),
  extract_model: z.string().nullable().optional(),
  enabled: z.number().int(),
});
export type Category = z.infer<typeof Category>;

export const CategoryTable = z.looseObject({
  id: IdOut,
  name: z.string(),
  prompt: z.string().nullable().optional(),
  collect_from_multi_table: z.boolean().optional(),
  extract_model: z.string().nullable().optional(),
});

export const Sample = z.looseObject({ sample_id: IdOut, file_name: z.string() });
export type Sample = z.infer<typeof Sample>;

const listedFieldShape = {
  id: IdOut,
  name: z.string(),
  description: z.string().nullable().optional(),
  prompt: z.string().nullable().optional(),
  use_prompt: z.boolean().optional(),
  alias: z.array(z.string()).nullable().optional(),
  identity: z.string().nullable().optional(),
  multi_value: z.boolean().optional(),
  duplicate_value_distinct: z.boolean().optional(),
  transform_settings: z.looseObject({}).nullable().optional(),
  enabled: z.number().int().optional(),
  extract_model: z.string().nullable().optional(),
};
export const ListedField = z.looseObject(listedFieldShape);
export type ListedField = z.infer<typeof ListedField>;

// ---------- requests ----------

/** Text parts of /category/create (JSON parts already parsed; see jsonPart). */
export const CategoryCreateParts = z.strictObject({
  workspace_id: IdIn,
  name: z.string().trim().min(1).max(LIMITS.categoryName),
  extract_model: ExtractModel.optional(),
  fields: z.array(FieldDefinition).min(1, 'at least one field is required').max(LIMITS.fieldsPerCategory),
  category_prompt: z.string().max(LIMITS.categoryPrompt).optional(),
  description: z.string().max(500).optional(),
  tables: z.array(TableDefinition).optional(),
  with_detail: PartBool.optional(),
});
export type CategoryCreateParts = z.input<typeof CategoryCreateParts>;
export const CategoryCreateResult = z.looseObject({ category_id: IdOut, category: Category.optional() });

export const CategoryUpdateBody = z.strictObject({
  workspace_id: IdIn,
  category_id: IdIn,
  name: z.string().trim().min(1).max(LIMITS.categoryName).optional(),
  category_prompt: z.string().max(LIMITS.categoryPrompt).optional(),
  description: z.string().max(500).optional(),
  extract_model: ExtractModel.optional(),
  enabled: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
  with_detail: z.boolean().optional(),
});
export type CategoryUpdateBody = z.input<typeof CategoryUpdateBody>;
export const CategoryUpdateResult = Category.optional();

export const CategoryDeleteBody = z.strictObject({ workspace_id: IdIn, category_ids: z.array(IdIn).min(1) });

export const CategoryListQuery = z.object({
  workspace_id: IdIn,
  page: queryInt(1, 1_000_000).optional(),
  page_size: queryInt(1, LIMITS.categoryListPageSizeMax).optional(),
  enabled: z.enum(['all', '0', '1', '2']).optional(),
});
export const CategoryList = z.looseObject({
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  categories: z.array(Category),
});

export const CategoryRef = z.object({ workspace_id: IdIn, category_id: IdIn });

export const FieldsList = z.looseObject({
  fields: z.array(ListedField),
  tables: z.array(
    z.looseObject({
      id: IdOut,
      name: z.string(),
      description: z.string().nullable().optional(),
      prompt: z.string().nullable().optional(),
      collect_from_multi_table: z.boolean().optional(),
      extract_model: z.string().nullable().optional(),
      fields: z.array(ListedField),
    }),
  ),
});
export type FieldsList = z.infer<typeof FieldsList>;

export const TablesList = z.looseObject({ tables: z.array(CategoryTable) });
/** /category/learning/forget (engine extra): what the category learned from confirmed documents goes. */
export const LearningForgetBody = z.strictObject({ workspace_id: IdIn, category_id: IdIn });
export const LearningForgetResult = z.looseObject({ forgotten_documents: z.number().int().nonnegative() });

export const TablesDeleteBody = z.strictObject({ workspace_id: IdIn, category_id: IdIn, table_ids: z.array(IdIn).min(1) });

export const SampleDeleteBody = z.strictObject({ workspace_id: IdIn, category_id: IdIn, sample_ids: z.array(IdIn).min(1) });
export const SampleListQuery = z.object({
  workspace_id: IdIn,
  category_id: IdIn,
  page: queryInt(1, 1_000_000).optional(),
  page_size: queryInt(1, LIMITS.listPageSizeMax).optional(),
});
export const SampleList = z.looseObject({ total: z.number().int(), page: z.number().int(), page_size: z.number().int(), samples: z.array(Sample) });
export const SampleDownloadQuery = z.object({ workspace_id: IdIn, category_id: IdIn, sample_id: IdIn });

export const SampleUploadParts = z.strictObject({ workspace_id: IdIn, category_id: IdIn, with_detail: PartBool.optional() });
export const SampleUploadResult = z.looseObject({ sample_id: IdOut, samples: z.array(Sample).optional() });
export const SampleBatchUploadResult = z.looseObject({ samples: z.array(Sample).optional() });
