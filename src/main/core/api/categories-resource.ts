import type { RouteResult } from '../../../shared/api/index.js';
import type { BodyIn, CallOptions, Caller, PartsIn, QueryIn, RequestOptions, UploadRequestOptions } from './call-types.js';

export type CategoryCreateInput = PartsIn<'categoryCreate'> & { sampleFiles: string[] };

/** The service reads every sample before it answers (the local engine recognises image samples): a few seconds a page. */
export const SAMPLE_UPLOAD_TIMEOUT_MS = 5 * 60_000;

export class CategorySamplesResource {
  constructor(private readonly call: Caller) {}

  list(query: QueryIn<'categorySampleList'>, options?: RequestOptions): Promise<RouteResult<'categorySampleList'>> {
    return this.call('categorySampleList', { query }, options);
  }

  /** @deprecated The service no longer maintains /category/sample/upload; use batchUpload. */
  upload(filePath: string, parts: PartsIn<'categorySampleUpload'>, options: UploadRequestOptions = {}): Promise<RouteResult<'categorySampleUpload'>> {
    return this.call('categorySampleUpload', { parts, files: [{ path: filePath, fileName: options.fileName }] }, { timeoutMs: SAMPLE_UPLOAD_TIMEOUT_MS, ...options });
  }

  /** One to ten sample files in one request. */
  batchUpload(filePaths: string[], parts: PartsIn<'categorySampleBatchUpload'>, options?: CallOptions): Promise<RouteResult<'categorySampleBatchUpload'>> {
    return this.call('categorySampleBatchUpload', { parts, files: filePaths.map((path) => ({ path })) }, { timeoutMs: SAMPLE_UPLOAD_TIMEOUT_MS, ...options });
  }

  delete(body: BodyIn<'categorySampleDelete'>, options?: RequestOptions): Promise<RouteResult<'categorySampleDelete'>> {
    return this.call('categorySampleDelete', { body }, options);
  }

  /** The category's samples (all, or the ids given) as one ZIP archive. */
  batchDownload(body: BodyIn<'categorySampleBatchDownload'>, options?: RequestOptions): Promise<RouteResult<'categorySampleBatchDownload'>> {
    return this.call('categorySampleBatchDownload', { body }, options);
  }

  /** The sample file's bytes. */
  download(query: QueryIn<'categorySampleDownload'>, options?: RequestOptions): Promise<RouteResult<'categorySampleDownload'>> {
    return this.call('categorySampleDownload', { query }, options);
  }
}

/** One field, or a batch that is all or nothing, without rewriting the category. */
export class CategoryFieldsResource {
  constructor(private readonly call: Caller) {}

  /** @deprecated The service no longer maintains /category/fields/add; use batchAdd. */
  add(body: BodyIn<'categoryFieldAdd'>, options?: RequestOptions): Promise<RouteResult<'categoryFieldAdd'>> {
    return this.call('categoryFieldAdd', { body }, options);
  }

  /** @deprecated The service no longer maintains /category/fields/update; use batchUpdate. */
  update(body: BodyIn<'categoryFieldUpdate'>, options?: RequestOptions): Promise<RouteResult<'categoryFieldUpdate'>> {
    return this.call('categoryFieldUpdate', { body }, options);
  }

  batchAdd(body: BodyIn<'categoryFieldsBatchAdd'>, options?: RequestOptions): Promise<RouteResult<'categoryFieldsBatchAdd'>> {
    return this.call('categoryFieldsBatchAdd', { body }, options);
  }

  batchUpdate(body: BodyIn<'categoryFieldsBatchUpdate'>, options?: RequestOptions): Promise<RouteResult<'categoryFieldsBatchUpdate'>> {
    return this.call('categoryFieldsBatchUpdate', { body }, options);
  }

  delete(body: BodyIn<'categoryFieldsDelete'>, options?: RequestOptions): Promise<RouteResult<'categoryFieldsDelete'>> {
    return this.call('categoryFieldsDelete', { body }, options);
  }

  /** One field's whole configuration (the SDK's GET /category/fields/config). */
  config(query: QueryIn<'categoryFieldConfig'>, options?: RequestOptions): Promise<RouteResult<'categoryFieldConfig'>> {
    return this.call('categoryFieldConfig', { query }, options);
  }
}

/** One table, or a batch that is all or nothing. */
export class CategoryTablesResource {
  constructor(private readonly call: Caller) {}

  /** @deprecated The service no longer maintains /category/tables/add; use batchAdd. */
  add(body: BodyIn<'categoryTableAdd'>, options?: RequestOptions): Promise<RouteResult<'categoryTableAdd'>> {
    return this.call('categoryTableAdd', { body }, options);
  }

  /** @deprecated The service no longer maintains /category/tables/update; use batchUpdate. */
  update(body: BodyIn<'categoryTableUpdate'>, options?: RequestOptions): Promise<RouteResult<'categoryTableUpdate'>> {
    return this.call('categoryTableUpdate', { body }, options);
  }

  batchAdd(body: BodyIn<'categoryTablesBatchAdd'>, options?: RequestOptions): Promise<RouteResult<'categoryTablesBatchAdd'>> {
    return this.call('categoryTablesBatchAdd', { body }, options);
  }

  batchUpdate(body: BodyIn<'categoryTablesBatchUpdate'>, options?: RequestOptions): Promise<RouteResult<'categoryTablesBatchUpdate'>> {
    return this.call('categoryTablesBatchUpdate', { body }, options);
  }
}

export class CategoriesResource {
  readonly samples: CategorySamplesResource;
  readonly fields: CategoryFieldsResource;
  readonly tables: CategoryTablesResource;

  constructor(private readonly call: Caller) {
    this.samples = new CategorySamplesResource(call);
    this.fields = new CategoryFieldsResource(call);
    this.tables = new CategoryTablesResource(call);
  }

  /** Fields and tables go as JSON text parts; at least one sample file and one field are required. */
  create({ sampleFiles, ...parts }: CategoryCreateInput, options?: CallOptions): Promise<RouteResult<'categoryCreate'>> {
    return this.call('categoryCreate', { parts, files: sampleFiles.map((path) => ({ path })) }, { timeoutMs: SAMPLE_UPLOAD_TIMEOUT_MS, ...options });
  }

  update(body: BodyIn<'categoryUpdate'>, options?: RequestOptions): Promise<RouteResult<'categoryUpdate'>> {
    return this.call('categoryUpdate', { body }, options);
  }

  delete(body: BodyIn<'categoryDelete'>, options?: RequestOptions): Promise<RouteResult<'categoryDelete'>> {
    return this.call('categoryDelete', { body }, options);
  }

  list(query: QueryIn<'categoryList'>, options?: RequestOptions): Promise<RouteResult<'categoryList'>> {
    return this.call('categoryList', { query }, options);
  }

  fieldsList(query: QueryIn<'categoryFieldsList'>, options?: RequestOptions): Promise<RouteResult<'categoryFieldsList'>> {
    return this.call('categoryFieldsList', { query }, options);
  }

  tablesList(query: QueryIn<'categoryTablesList'>, options?: RequestOptions): Promise<RouteResult<'categoryTablesList'>> {
    return this.call('categoryTablesList', { query }, options);
  }

  tablesDelete(body: BodyIn<'categoryTablesDelete'>, options?: RequestOptions): Promise<RouteResult<'categoryTablesDelete'>> {
    return this.call('categoryTablesDelete', { body }, options);
  }

  /** Local engine only: forgets what the category learned from the clerk's confirmed documents. */
  forgetLearning(body: BodyIn<'categoryLearningForget'>, options?: RequestOptions): Promise<RouteResult<'categoryLearningForget'>> {
    return this.call('categoryLearningForget', { body }, options);
  }

  /** Local engine only: the role the engine understood each field and table column to be (null: not understood). */
  fieldRoles(query: QueryIn<'categoryFieldRoles'>, options?: RequestOptions): Promise<RouteResult<'categoryFieldRoles'>> {
    return this.call('categoryFieldRoles', { query }, options);
  }
}
