export { DocketClient, DEFAULT_TIMEOUT_MS, type Credentials, type DocketClientOptions, type RetryEvent } from './client.js';
export type { CallOptions, FileSource, RequestOptions, UploadRequestOptions } from './call-types.js';
export {
  AbortError,
  ApiError,
  CLIENT_ERROR_CODES,
  ConnectionError,
  DocketApiError,
  RequestValidationError,
  ResponseValidationError,
  TimeoutError,
  type PlainError,
  type TimeoutPhase,
} from './errors.js';
export { DEFAULT_RETRY_OPTIONS, RETRYABLE_BODY_CODES, RETRYABLE_HTTP_STATUSES, type RetryOptions } from './retry-policy.js';
export type { Progress } from './multipart.js';
export { SYNC_UPLOAD_TIMEOUT_MS } from './files-resource.js';
export type { CategoryCreateInput } from './categories-resource.js';
export { routeMethodMap, type ClientMethod } from './route-method-map.js';
export type { Resources } from './resources.js';
