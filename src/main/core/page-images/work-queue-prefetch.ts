import { REVIEW_QUEUES } from '../../../shared/ipc/channels/queues.js';
import type { WorkQueues } from '../queues/work-queues.js';
import { PRIORITY } from './page-image-index.js';
import type { PageImages } from './page-images.js';

/**
 * The files of the work queues are the ones a clerk opens next: after a pull brought changes to a
 * workspace, their pages move ahead of plain prefetch. Done once per sync cycle, not per page of records.
 */
export class WorkQueuePrefetch {
  private readonly changed = new Set<string>();

  constructor(
    private readonly queues: Pick<WorkQueues, 'openFileIds'>,
    private readonly images: Pick<PageImages, 'prefer'>,
  ) {}

  /** A pull changed files of this workspace. */
  noteChanged(workspaceId: string): void {
    this.changed.add(workspaceId);
  }

  /** At the end of a sync cycle: the open files of every queue of the changed workspaces. */
  flush(): void {
    for (const workspaceId of this.changed) {
      const ids = new Set(REVIEW_QUEUES.flatMap((queue) => this.queues.openFileIds(workspaceId, queue)));
      this.images.prefer(workspaceId, [...ids], PRIORITY.queue);
    }
    this.changed.clear();
  }
}
