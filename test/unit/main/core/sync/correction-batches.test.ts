import { describe, expect, it } from 'vitest';
import { correctionBatches } from '../../../../../src/main/core/sync/correction-batches.js';

const ops = (workspaceId: string, count: number) => Array.from({ length: count }, (_, i) => ({ workspaceId, n: i }));

describe('batches of corrections', () => {
  it('never mix workspaces, and keep the order of each workspace', () => {
    const batches = correctionBatches([...ops('a', 3), ...ops('b', 2)], { concurrency: 1, correctionsPerRequest: 50 });
    expect(batches).toEqual([ops('a', 3), ops('b', 2)]);
  });

  it('hold no more than one request carries, in a multiple of the workers so that they finish together', () => {
    const sizes = correctionBatches(ops('a', 256), { concurrency: 4, correctionsPerRequest: 50 }).map((b) => b.length);
    expect(sizes).toEqual([32, 32, 32, 32, 32, 32, 32, 32]);
  });

  it('give every worker a share of a small round', () => {
    expect(correctionBatches(ops('a', 10), { concurrency: 4, correctionsPerRequest: 50 }).map((b) => b.length)).toEqual([3, 3, 3, 1]);
    expect(correctionBatches(ops('a', 2), { concurrency: 4, correctionsPerRequest: 50 }).map((b) => b.length)).toEqual([1, 1]);
  });
});
