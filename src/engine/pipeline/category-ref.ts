import { CategoryEnabled } from '../../shared/api/index.js';
import type { EngineDeps } from '../engine-deps.js';
import { invalidMember } from '../http/engine-error.js';
import { loadCategoryModel, type CategoryModel } from '../store/category-models.js';

/** A category named in a request; uploads also need it enabled, since disabled ones take no new files. */
export function requireCategoryNamed(deps: EngineDeps, workspaceId: string, name: string, member: string, options: { enabled: boolean }): CategoryModel {
  const category = name === '' ? undefined : loadCategoryModel(deps, workspaceId, name);
  if (!category) throw invalidMember(member, `no category named '${name}' exists in workspace ${workspaceId}`);
  if (options.enabled && category.enabled !== CategoryEnabled.enabled) {
    throw invalidMember(member, `category '${name}' is ${category.enabled === CategoryEnabled.draft ? 'a draft' : 'disabled'}; enable it before uploading to it`);
  }
  return category;
}
