import { z } from 'zod';
import {
  Category,
  CategoryCreateParts,
  CategoryDeleteBody,
  CategoryListQuery,
  CategoryRef,
  CategoryUpdateBody,
  FieldsBatchUpdateBody,
  FieldRolesResult,
  FieldsList,
  LearningForgetBody,
  LearningForgetResult,
  LIMITS,
  Sample,
  SampleBatchDownloadBody,
  SampleDeleteBody,
  SampleListQuery,
  TablesBatchUpdateBody,
  TablesDeleteBody,
} from '../../api/index.js';
import { Done, invokeSpec } from '../invoke-spec.js';
import { LocalChange, WorkspaceArgs } from '../local-change.js';

/** A cached category with its fields and tables (null until fetched) and its changes not yet on the server. */
export const CachedCategory = Category.extend({ fields: FieldsList.nullable(), local_pending: z.number().int().nonnegative() });
export type CachedCategory = z.infer<typeof CachedCategory>;

const SamplePaths = z.array(z.string().min(1)).min(1, 'at least one sample file is required');

/** Sample files are read from disk when the change is pushed: they must still be there then. */
export const CategoryCreateArgs = CategoryCreateParts.extend({ sample_files: SamplePaths.max(LIMITS.samplesPerCategory) });

export const categoryChannels = {
  'categories.list': invokeSpec(WorkspaceArgs.extend({ enabled: CategoryListQuery.shape.enabled }), z.object({ categories: z.array(CachedCategory) })),
  'categories.get': invokeSpec(CategoryRef.strict(), CachedCategory),
  'categories.create': invokeSpec(CategoryCreateArgs, LocalChange),
  /** Name, prompt, model, description, enabled/disabled. */
  'categories.update': invokeSpec(CategoryUpdateBody, LocalChange),
  'categories.delete': invokeSpec(CategoryDeleteBody, LocalChange),
  /** One field or a few (regular or of a table) through the field routes; queued offline like the rest. */
  'categories.updateFields': invokeSpec(FieldsBatchUpdateBody, LocalChange),
  /** One table or a few (name, prompt, ...) through the table routes; queued offline likewise. */
  'categories.updateTables': invokeSpec(TablesBatchUpdateBody, LocalChange),
  // Tables and samples: online only (the cache refreshes its categories on the next catalog pull).
  'categories.deleteTables': invokeSpec(TablesDeleteBody, Done),
  /** Local engine only: forget what the category learned from confirmed documents. */
  'categories.forgetLearning': invokeSpec(LearningForgetBody, LearningForgetResult),
  /** Local engine only: what the engine understood each field and column to be. */
  'categories.fieldRoles': invokeSpec(CategoryRef.strict(), FieldRolesResult),
  'categories.samples': invokeSpec(SampleListQuery.strict(), z.object({ total: z.number().int(), samples: z.array(Sample) })),
  'categories.addSamples': invokeSpec(CategoryRef.extend({ paths: SamplePaths.max(LIMITS.samplesPerBatchUpload) }).strict(), z.object({ samples: z.array(Sample) })),
  'categories.deleteSamples': invokeSpec(SampleDeleteBody, Done),
  /** All the samples (or those named) as one ZIP archive, written to `path` or the exports folder. */
  'categories.downloadSamples': invokeSpec(SampleBatchDownloadBody.extend({ path: z.string().min(1).optional() }).strict(), z.object({ path: z.string(), bytes: z.number().int() })),
} as const;
