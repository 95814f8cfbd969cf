import { describe, expect, it } from 'vitest';
import { readAhead } from '../../../../../src/main/core/sync/read-ahead.js';
import { until } from '../../../../support/poll.js';

/** A paged source whose requests finish when the test says so. */
function pagedSource() {
  const requests: { page: number; signal: AbortSignal; resolve: (value: string) => void }[] = [];
  const fetchPage = (page: number, signal: AbortSignal) =>
    new Promise<string>((resolve, reject) => {
      requests.push({ page, signal, resolve });
      signal.addEventListener('abort', () => reject(signal.reason as Error));
    });
  return { requests, fetchPage };
}

describe('pages read ahead', () => {
  it('come in order, with no more requests in flight than the depth', async () => {
    const source = pagedSource();
    const pages = readAhead(source.fetchPage, { first: 2, last: 5 }, 2, new AbortController().signal);
    const next = pages.next();
    await Promise.resolve();
    expect(source.requests.map((r) => r.page)).toEqual([2, 3]);
    source.requests[1]!.resolve('page 3');
    source.requests[0]!.resolve('page 2');
    expect(await next).toEqual({ done: false, value: 'page 2' });
    expect(source.requests.map((r) => r.page)).toEqual([2, 3, 4]);
    const rest = (async () => {
      const seen: string[] = [];
      for await (const page of pages) seen.push(page);
      return seen;
    })();
    for (let page = 4; page <= 5; page++) {
      const request = await until(() => source.requests.find((r) => r.page === page), { timeoutMs: 2_000, stepMs: 1 });
      request.resolve(`page ${page}`);
    }
    expect(await rest).toEqual(['page 3', 'page 4', 'page 5']);
  });

  it('aborts the requests still in flight when the reader stops early', async () => {
    const source = pagedSource();
    const pages = readAhead(source.fetchPage, { first: 1, last: 10 }, 3, new AbortController().signal);
    const first = pages.next();
    await Promise.resolve();
    source.requests[0]!.resolve('page 1');
    await first;
    await pages.return(undefined);
    expect(source.requests.map((r) => r.page)).toEqual([1, 2, 3, 4]);
    expect(source.requests.slice(1).every((r) => r.signal.aborted)).toBe(true);
  });
});
