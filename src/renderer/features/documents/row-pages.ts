// Which pages of a paged list hold a range of rows. Pure.

/** Pages (1-based) that cover rows start..end (0-based, inclusive), within `total` rows. */
export function pagesForRows(start: number, end: number, pageSize: number, total: number): number[] {
  if (total <= 0 || end < start) return [];
  const first = Math.floor(Math.max(0, start) / pageSize) + 1;
  const last = Math.floor(Math.min(end, total - 1) / pageSize) + 1;
  const pages: number[] = [];
  for (let page = first; page <= last; page++) pages.push(page);
  return pages;
}

/** The row at an index, from the loaded pages; undefined while its page is loading. */
export function rowAt<T>(pages: ReadonlyMap<number, readonly T[]>, index: number, pageSize: number): T | undefined {
  return pages.get(Math.floor(index / pageSize) + 1)?.[index % pageSize];
}
