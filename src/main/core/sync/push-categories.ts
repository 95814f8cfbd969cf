import type { DocketClient } from '../api/index.js';
import { LIMITS, type Category } from '../../../shared/api/index.js';
import type { PushHandler, PushOutcome } from './push-types.js';
import { pushDeletion, pushSetting } from './push-shapes.js';

/** A category is created once: after an unanswered attempt it is looked up by name first (names are unique in a workspace). */
export const pushCategoryCreate: PushHandler<'category.create'> = async (op, context) => {
  const { parts, sample_files: sampleFiles, category_id: localId } = op.change;
  const ws = op.workspaceId;
  const named = (categoryId: string, already: boolean): PushOutcome => ({
    type: 'applied',
    already,
    detail: { category_id: categoryId },
    settle: () => {
      context.ids.put(localId, categoryId);
      context.sync.catalog.renameEntity('categories', ws, localId, categoryId);
    },
  });
  if (op.state === 'unknown' || op.state === 'inflight') {
    const found = await findCategoryNamed(context.client, ws, parts.name, context.signal);
    if (found) return named(found.id, true);
  }
  context.markInflight();
  const created = await context.client.categories.create({ ...parts, sampleFiles }, { signal: context.signal });
  return named(created.category_id, false);
};

export async function findCategoryNamed(client: DocketClient, workspaceId: string, name: string, signal?: AbortSignal): Promise<Category | undefined> {
  const pageSize = LIMITS.categoryListPageSizeMax;
  for (let page = 1; ; page++) {
    const list = await client.categories.list({ workspace_id: workspaceId, enabled: 'all', page, page_size: pageSize }, { signal });
    const found = list.categories.find((c) => c.name === name);
    if (found || list.categories.length < pageSize || page * pageSize >= list.total) return found;
  }
}

export const pushCategoryUpdate = pushSetting<'category.update'>((op, { client, signal }) => client.categories.update(op.change.body, { signal }));

export const pushCategoryFieldsUpdate = pushSetting<'category.fields-update'>((op, { client, signal }) => client.categories.fields.batchUpdate(op.change.body, { signal }));

export const pushCategoryTablesUpdate = pushSetting<'category.tables-update'>((op, { client, signal }) => client.categories.tables.batchUpdate(op.change.body, { signal }));

export const pushCategoryDelete = pushDeletion<'category.delete'>((op, { client, signal }) => client.categories.delete({ workspace_id: op.workspaceId, category_ids: [op.change.category_id] }, { signal }));
