import type { InvokeHandlers } from '../../../shared/ipc/dispatcher.js';
import type { ClientFactory } from '../client-factory.js';
import type { CoreSession } from '../core-session.js';

/**
 * Calls the data core does not queue: they go to the active profile's server at once and fail
 * with a retryable connection error while offline. A sync follows so the cache catches up.
 */
export function onlineHandlers(deps: { session: CoreSession; clients: ClientFactory }): InvokeHandlers {
  const client = () => deps.clients.forActive();
  const thenSync = <T>(result: T): T => {
    void deps.session
      .current()
      .sync.syncNow()
      .catch(() => undefined);
    return result;
  };
  // A workspace or a rule repository changed online: the catalog is read again at once, not at its next interval.
  const thenRefresh = async <T>(result: T): Promise<T> => {
    await deps.session.current().sync.refreshCatalog();
    return result;
  };
  return {
    'workspaces.create': async (body) => thenRefresh({ workspace_id: (await (await client()).workspaces.create(body)).workspace_id }),
    'uploads.fromLinks': async ({ urls, options }) => thenSync(await (await client()).files.uploadLinks(urls, options)),
    'ruleRepos.create': async (body) => thenRefresh({ repo_id: (await (await client()).review.repos.create(body)).repo_id }),
    'ruleGroups.create': async (body) => thenRefresh({ group_id: (await (await client()).review.groups.create(body)).group_id }),
    // A test run changes nothing: no sync needed.
    'rules.testRun': async (body) => (await client()).review.rules.testRun(body),
    'categories.deleteTables': async (body) => thenSync((await (await client()).categories.tablesDelete(body), {})),
    // What was learned lives in the engine alone: nothing in the cache to sync.
    'categories.forgetLearning': async (body) => (await client()).categories.forgetLearning(body),
    'categories.fieldRoles': async (query) => (await client()).categories.fieldRoles(query),
    // The engine's own account of a split, read each time the viewer opens one: nothing to cache.
    'files.splitBoundaries': async (query) => (await client()).files.splitBoundaries(query),
    'categories.samples': async (query) => {
      const { total, samples } = await (await client()).categories.samples.list(query);
      return { total, samples };
    },
    'categories.addSamples': async ({ paths, ...parts }) => {
      const { samples } = await (await client()).categories.samples.batchUpload(paths, parts);
      return { samples: samples ?? [] };
    },
    'categories.deleteSamples': async (body) => (await (await client()).categories.samples.delete(body), {}),
  };
}
