import type { InvokeHandlers } from '../../../shared/ipc/dispatcher.js';
import { CoreError } from '../../core/core-error.js';
import type { CoreSession } from '../core-session.js';

/** Workspaces and categories: read from the cache; changes go through the outbox. */
export function catalogHandlers(deps: { session: CoreSession }): InvokeHandlers {
  const core = () => deps.session.current();
  return {
    'workspaces.list': () => ({ workspaces: core().catalog.workspaces() }),
    'workspaces.get': ({ workspace_id }) => {
      const workspace = core().catalog.workspaces().find((w) => w.workspace_id === workspace_id);
      if (workspace === undefined) throw new CoreError('NOT_FOUND', `workspace ${workspace_id} is not in the cache`);
      return workspace;
    },
    'categories.list': ({ workspace_id, enabled }) => ({
      categories: core()
        .catalog.categories(workspace_id)
        .filter((category) => enabled === undefined || enabled === 'all' || String(category.enabled) === enabled),
    }),
    'categories.get': ({ workspace_id, category_id }) => {
      const category = core().catalog.category(workspace_id, category_id);
      if (category === undefined) throw new CoreError('NOT_FOUND', `category ${category_id} is not in the cache of workspace ${workspace_id}`);
      return category;
    },
    'workspaces.update': (input) => core().changes.updateWorkspace(input),
    'workspaces.delete': (input) => core().changes.deleteWorkspaces(input),
    'categories.create': (input) => core().changes.createCategory(input),
    'categories.update': (input) => core().changes.updateCategory(input),
    'categories.updateFields': (input) => core().changes.updateCategoryFields(input),
    'categories.updateTables': (input) => core().changes.updateCategoryTables(input),
    'categories.delete': (input) => core().changes.deleteCategories(input),
  };
}
