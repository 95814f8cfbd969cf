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

  /** The sample file's bytes. */
  download(query: QueryIn<'categorySampleDownload'>, options?: RequestOptions): Promise<RouteResult<'categorySampleDownload'>> {
    return this.call('categorySampleDownload', { query }, options);
  }
}

export class CategoriesResource {
  readonly samples: CategorySamplesResource;

  constructor(private readonly call: Caller) {
    this.samples = new CategorySamplesResource(call);
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
}
