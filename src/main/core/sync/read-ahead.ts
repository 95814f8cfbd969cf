/**
 * Pages `first` to `last` of a paged listing, in order, with up to `depth` requests in flight: while
 * the reader stores one page, the server is already producing the next. Requests still in flight
 * when the reader stops early are aborted.
 */
export async function* readAhead<T>(
  fetchPage: (page: number, signal: AbortSignal) => Promise<T>,
  pages: { first: number; last: number },
  depth: number,
  signal: AbortSignal,
): AsyncGenerator<T> {
  const stop = new AbortController();
  const pageSignal = AbortSignal.any([signal, stop.signal]);
  const inFlight: Promise<T>[] = [];
  let next = pages.first;
  const refill = () => {
    for (; next <= pages.last && inFlight.length < depth; next++) {
      const request = fetchPage(next, pageSignal);
      // Awaited in turn below; a failure of a page the reader never reaches is not unhandled.
      request.catch(() => undefined);
      inFlight.push(request);
    }
  };
  try {
    refill();
    for (let request = inFlight.shift(); request !== undefined; request = inFlight.shift()) {
      const page = await request;
      refill();
      yield page;
    }
  } finally {
    stop.abort();
  }
}
