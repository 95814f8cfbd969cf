import type { RouteResult } from '../../../shared/api/index.js';
import type { BodyIn, Caller, QueryIn, RequestOptions } from './call-types.js';

export class WorkspacesResource {
  constructor(private readonly call: Caller) {}

  list(query: QueryIn<'workspaceList'> = {}, options?: RequestOptions): Promise<RouteResult<'workspaceList'>> {
    return this.call('workspaceList', { query }, options);
  }

  get(query: QueryIn<'workspaceGet'>, options?: RequestOptions): Promise<RouteResult<'workspaceGet'>> {
    return this.call('workspaceGet', { query }, options);
  }

  create(body: BodyIn<'workspaceCreate'>, options?: RequestOptions): Promise<RouteResult<'workspaceCreate'>> {
    return this.call('workspaceCreate', { body }, options);
  }

  /** Name, description, scope and the callback (callback_url '' removes it). */
  update(body: BodyIn<'workspaceUpdate'>, options?: RequestOptions): Promise<RouteResult<'workspaceUpdate'>> {
    return this.call('workspaceUpdate', { body }, options);
  }

  /** Deletes the workspaces with everything in them; an unknown id deletes none. */
  delete(body: BodyIn<'workspaceDelete'>, options?: RequestOptions): Promise<RouteResult<'workspaceDelete'>> {
    return this.call('workspaceDelete', { body }, options);
  }
}
