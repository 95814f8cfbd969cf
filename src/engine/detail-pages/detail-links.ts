import { API_PREFIX } from '../../shared/api/index.js';

/** The read-only detail pages live beside the API, outside its prefix, like the page images. */
export const DETAIL_PAGE_PREFIX = '/task-detail/';

export type DetailKind = 'file' | 'review';

/** What with_task_detail_url answers: the page, to be opened with `&token=` from GET /auth/token. */
export function detailPageUrl(origin: string, kind: DetailKind, workspaceId: string, taskId: string): string {
  return `${origin}${DETAIL_PAGE_PREFIX}${kind}?workspace_id=${encodeURIComponent(workspaceId)}&task_id=${encodeURIComponent(taskId)}`;
}

/** Where the token for a detail page comes from, for the page that refuses a missing one. */
export const TOKEN_ROUTE = `${API_PREFIX}/auth/token`;
