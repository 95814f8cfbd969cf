import { uploadQueryOf, type RouteResult, type UploadOptions } from '../../../shared/api/index.js';
import type { BodyIn, Caller, QueryIn, RequestOptions, UploadRequestOptions } from './call-types.js';

/** A synchronous upload answers only when processing is done: minutes, not seconds. */
export const SYNC_UPLOAD_TIMEOUT_MS = 10 * 60_000;

export class FilesResource {
  constructor(private readonly call: Caller) {}

  fetch(query: QueryIn<'fileFetch'>, options?: RequestOptions): Promise<RouteResult<'fileFetch'>> {
    return this.call('fileFetch', { query }, options);
  }

  /** Never resent blind: after an ambiguous failure, find the file by batch number and name first. */
  upload(filePath: string, options: UploadOptions, request: UploadRequestOptions = {}): Promise<RouteResult<'fileUpload'>> {
    return this.call('fileUpload', { query: uploadQueryOf(options), files: [{ path: filePath, fileName: request.fileName }] }, request);
  }

  uploadSync(filePath: string, options: UploadOptions, request: UploadRequestOptions = {}): Promise<RouteResult<'fileUploadSync'>> {
    return this.call(
      'fileUploadSync',
      { query: uploadQueryOf(options), files: [{ path: filePath, fileName: request.fileName }] },
      { timeoutMs: SYNC_UPLOAD_TIMEOUT_MS, ...request },
    );
  }

  /** Upload by link: the server downloads each link (at most 10) as one file of the batch; a link it cannot download is a failed file. */
  uploadLinks(urls: string[], options: UploadOptions, request: RequestOptions = {}): Promise<RouteResult<'fileUpload'>> {
    return this.call('fileUpload', { query: uploadQueryOf(options), links: { urls } }, { timeoutMs: SYNC_UPLOAD_TIMEOUT_MS, ...request });
  }

  uploadLinksSync(urls: string[], options: UploadOptions, request: RequestOptions = {}): Promise<RouteResult<'fileUploadSync'>> {
    return this.call('fileUploadSync', { query: uploadQueryOf(options), links: { urls } }, { timeoutMs: SYNC_UPLOAD_TIMEOUT_MS, ...request });
  }

  extractFields(body: BodyIn<'fileExtractFields'>, options?: RequestOptions): Promise<RouteResult<'fileExtractFields'>> {
    return this.call('fileExtractFields', { body }, options);
  }

  amendCategory(body: BodyIn<'fileAmendCategory'>, options?: RequestOptions): Promise<RouteResult<'fileAmendCategory'>> {
    return this.call('fileAmendCategory', { body }, options);
  }

  /** The local engine's extra: how a split task's pages were cut into documents, each boundary with its confidence. */
  splitBoundaries(query: QueryIn<'fileSplitBoundaries'>, options?: RequestOptions): Promise<RouteResult<'fileSplitBoundaries'>> {
    return this.call('fileSplitBoundaries', { query }, options);
  }

  /** Replaces the whole field set of each file: send every field, not only the corrected one. */
  update(body: BodyIn<'fileUpdate'>, options?: RequestOptions): Promise<RouteResult<'fileUpdate'>> {
    return this.call('fileUpdate', { body }, options);
  }

  /** Deletes files matching ANY of the given conditions. */
  delete(body: BodyIn<'fileDelete'>, options?: RequestOptions): Promise<RouteResult<'fileDelete'>> {
    return this.call('fileDelete', { body }, options);
  }

  retry(body: BodyIn<'fileRetry'>, options?: RequestOptions): Promise<RouteResult<'fileRetry'>> {
    return this.call('fileRetry', { body }, options);
  }
}
