import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { InvokeHandlers } from '../../../shared/ipc/dispatcher.js';
import { IpcFailure } from '../../../shared/ipc/ipc-failure.js';
import { CoreError } from '../../core/core-error.js';
import type { DocketCore } from '../../core/docket-core.js';
import { DONE_FOLDER } from '../../core/hot-folder/index.js';
import type { CoreSession } from '../core-session.js';

export const SOURCE_UNAVAILABLE = 'SOURCE_UNAVAILABLE';

export function fileHandlers(deps: { session: CoreSession }): InvokeHandlers {
  const core = () => deps.session.current();
  const notCached = (workspaceId: string, fileId: string) => new CoreError('NOT_FOUND', `file ${fileId} is not in the cache of workspace ${workspaceId}`);
  const cached = (workspaceId: string, fileId: string) => {
    const file = core().getFile(workspaceId, fileId);
    if (file === undefined) throw notCached(workspaceId, fileId);
    return file;
  };
  return {
    'files.list': (query) => core().listFiles(query),
    'files.get': ({ workspace_id, file_id }) => cached(workspace_id, file_id),
    'files.documentPage': ({ workspace_id, file_id, page }) => {
      const answer = core().getDocumentPage(workspace_id, file_id, page);
      if (answer === undefined) throw notCached(workspace_id, file_id);
      return answer;
    },
    'files.source': async ({ workspace_id, file_id }) => {
      const file = cached(workspace_id, file_id);
      return readOriginal(core(), workspace_id, { fileId: file_id, parentTaskId: file['parent_task_id'] as string | undefined, name: file.name });
    },
    'files.prefetch': async ({ workspace_id, file_ids }) => ({ fetched: await core().prefetchDocuments(workspace_id, file_ids) }),
    'files.saveData': (input) => core().changes.correctFile(input),
    'files.amendCategory': (input) => core().changes.amendCategory(input),
    'files.reExtract': (input) => core().changes.reExtract(input),
    'files.retry': (input) => core().changes.retryFile(input),
    'files.delete': (input) => core().changes.deleteFiles(input),
  };
}

/**
 * The original bytes, from the path it was uploaded from on this computer (a split or crop child
 * shows its parent's), and only while that file still holds what was uploaded. Files uploaded
 * elsewhere have no original here: the interface serves no file bytes.
 */
async function readOriginal(core: DocketCore, workspaceId: string, file: { fileId: string; parentTaskId: string | undefined; name: string }) {
  const upload = core.uploads
    .list({ includeCleared: true })
    .find((u) => u.workspace_id === workspaceId && u.state === 'uploaded' && (u.file_id === file.fileId || (file.parentTaskId !== undefined && u.task_id === file.parentTaskId)));
  if (upload === undefined) {
    throw new IpcFailure({ code: SOURCE_UNAVAILABLE, message: `the original of ${file.name} is not on this computer: it was uploaded from elsewhere`, retryable: false });
  }
  // The hot folder moves what it uploaded into its done/ subfolder.
  const places = upload.source === 'hot-folder' ? [upload.path, join(dirname(upload.path), DONE_FOLDER, basename(upload.path))] : [upload.path];
  let bytes: Buffer | undefined;
  for (const place of places) {
    const content = await readFile(place).catch(() => undefined);
    if (content !== undefined && createHash('sha256').update(content).digest('hex') === upload.sha256) {
      bytes = content;
      break;
    }
  }
  if (bytes === undefined) {
    throw new IpcFailure({ code: SOURCE_UNAVAILABLE, message: `the original of ${file.name} was moved or changed since it was uploaded from ${upload.path}`, retryable: false });
  }
  return { name: upload.file_name, format: upload.format, bytes: new Uint8Array(bytes) };
}
