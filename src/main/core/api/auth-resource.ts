import type { RouteResult } from '../../../shared/api/index.js';
import type { Caller, RequestOptions } from './call-types.js';

export class AuthResource {
  constructor(private readonly call: Caller) {}

  /** A token valid one day that opens the task detail pages (task_detail_url + `&token=`), not the API. */
  token(options?: RequestOptions): Promise<RouteResult<'authToken'>> {
    return this.call('authToken', { query: {} }, options);
  }
}
