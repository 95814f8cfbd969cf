import { invoke } from '../../lib/bridge';
import { useLoad } from '../../lib/use-load';
import type { ReviewQueueName } from '../shell/route';

/** The ids of a queue's open documents, in order; reloaded when `round` changes. */
export function useQueueIds(workspaceId: string, queue: ReviewQueueName | undefined, round: number) {
  return useLoad(
    async () => (queue ? (await invoke('queues.list', { workspace_id: workspaceId, queue, page_size: 1000 })).files.map((f) => f.file_id) : []),
    [workspaceId, queue, round],
  );
}
