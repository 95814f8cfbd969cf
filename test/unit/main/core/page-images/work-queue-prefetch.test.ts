import { describe, expect, it } from 'vitest';
import { PRIORITY } from '../../../../../src/main/core/page-images/page-image-index.js';
import { WorkQueuePrefetch } from '../../../../../src/main/core/page-images/work-queue-prefetch.js';

describe('work queue prefetch', () => {
  it('moves the open files of every queue of a changed workspace ahead, once per cycle', () => {
    const preferred: [string, string[], number][] = [];
    const prefetch = new WorkQueuePrefetch(
      { openFileIds: (_ws, queue) => (queue === 'proofread' ? ['1', '2'] : queue === 'classification' ? ['2', '3'] : []) },
      { prefer: (ws, ids, priority) => void preferred.push([ws, [...ids], priority ?? -1]) },
    );
    prefetch.flush();
    expect(preferred).toEqual([]);
    prefetch.noteChanged('w');
    prefetch.noteChanged('w');
    prefetch.flush();
    prefetch.flush();
    expect(preferred).toEqual([['w', ['1', '2', '3'], PRIORITY.queue]]);
  });
});
