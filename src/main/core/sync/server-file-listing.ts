import { LIMITS, VerificationStatus, type FileRecord } from '../../../shared/api/index.js';
import { groupBy } from '../group-by.js';
import type { CorrectionOp } from './push-corrections.js';
import type { PushContext } from './push-types.js';
import { rfc3339 } from './puller.js';

/**
 * The server's current records of the files a round of corrections names, read in a few listing
 * pages instead of one request per file: every file of the workspace updated since the oldest base
 * the corrections were made on (/file/fetch by update time, without documents). Listed only when
 * that is at most `maxListedPerCorrection` records per correction; a file the listing does not
 * hold (deleted, a child file, a base the server did not date) is read on its own.
 */
export async function listServerFiles(ops: readonly CorrectionOp[], context: Pick<PushContext, 'client' | 'sync' | 'signal'>, maxListedPerCorrection: number): Promise<Map<string, FileRecord>> {
  const listed = new Map<string, FileRecord>();
  for (const [workspaceId, group] of groupBy(ops, (op) => op.workspaceId)) {
    const fileIds = group.map((op) => op.change.file_id);
    const bases = fileIds.map((fileId) => context.sync.files.row(workspaceId, fileId)?.base_updated_ms ?? null).filter((ms): ms is number => ms !== null);
    if (bases.length === 0) continue;
    const most = fileIds.length * maxListedPerCorrection;
    const pageSize = Math.min(most, LIMITS.fetchPageSizeMax);
    const query = { workspace_id: workspaceId, start_time: rfc3339(Math.min(...bases)), page_size: pageSize };
    const first = await context.client.files.fetch({ ...query, page: 1 }, { signal: context.signal });
    if (first.total > most) continue;
    const pages = [first];
    for (let page = 2; (page - 1) * pageSize < first.total; page++) pages.push(await context.client.files.fetch({ ...query, page }, { signal: context.signal }));
    const wanted = new Set(fileIds);
    for (const file of pages.flatMap((p) => p.files)) if (wanted.has(file.id) && file.verification_status !== VerificationStatus.deleted) listed.set(file.id, file);
  }
  return listed;
}
