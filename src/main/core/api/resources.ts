import { AuthResource } from './auth-resource.js';
import type { Caller } from './call-types.js';
import { CategoriesResource } from './categories-resource.js';
import { FilesResource } from './files-resource.js';
import { ReviewResource } from './review-resource.js';
import { WorkspacesResource } from './workspaces-resource.js';

export interface Resources {
  files: FilesResource;
  categories: CategoriesResource;
  workspaces: WorkspacesResource;
  review: ReviewResource;
  auth: AuthResource;
}

/** The resource tree of a client, every method a single call of `call`. */
export function createResources(call: Caller): Resources {
  return {
    files: new FilesResource(call),
    categories: new CategoriesResource(call),
    workspaces: new WorkspacesResource(call),
    review: new ReviewResource(call),
    auth: new AuthResource(call),
  };
}
