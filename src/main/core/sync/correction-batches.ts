import { groupBy } from '../group-by.js';

/**
 * Corrections split into batches of one workspace, each sent in one /file/update request: at most
 * `correctionsPerRequest` to a batch, and as many batches as keep every worker busy (a multiple of
 * `concurrency`, as the files of a batch are read one after another), so that the workers finish together.
 */
export function correctionBatches<T extends { workspaceId: string }>(ops: readonly T[], limits: { concurrency: number; correctionsPerRequest: number }): T[][] {
  return [...groupBy(ops, (op) => op.workspaceId).values()].flatMap((group) => evenSplit(group, batchCount(group.length, limits)));
}

function batchCount(n: number, { concurrency, correctionsPerRequest }: { concurrency: number; correctionsPerRequest: number }): number {
  const rounds = Math.ceil(Math.ceil(n / correctionsPerRequest) / concurrency);
  return Math.min(n, rounds * concurrency);
}

function evenSplit<T>(items: readonly T[], parts: number): T[][] {
  const size = Math.ceil(items.length / parts);
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
}
