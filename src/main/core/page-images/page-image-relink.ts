import { AbortError, ConnectionError, TimeoutError, type DocketClient } from '../api/index.js';
import type { Clock } from '../clock.js';
import type { RelinkResult } from './page-image-downloader.js';
import type { PageImageIndex } from './page-image-index.js';

/** Fresh links for one file: file/fetch by its task id with image links, noted in the index. */
export function relinkThrough(client: DocketClient, index: PageImageIndex, clock: Clock) {
  return async (workspaceId: string, taskId: string, signal: AbortSignal): Promise<RelinkResult> => {
    try {
      const list = await client.files.fetch({ workspace_id: workspaceId, task_id: taskId, with_image_url: true }, { signal });
      index.noteLinks(workspaceId, list.files, clock.now());
      return { kind: 'done' };
    } catch (error) {
      if (error instanceof AbortError) throw error;
      if (error instanceof ConnectionError || error instanceof TimeoutError) return { kind: 'offline' };
      return { kind: 'failed', reason: `no fresh link: ${(error as Error).message}` };
    }
  };
}
