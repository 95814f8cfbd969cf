/** One page of a list: what a list endpoint answers and what its SQL needs. */
export interface Paging {
  page: number;
  pageSize: number;
  limit: number;
  offset: number;
}

export function paging(page: number | undefined, pageSize: number | undefined, defaultPageSize: number): Paging {
  const p = page ?? 1;
  const size = pageSize ?? defaultPageSize;
  return { page: p, pageSize: size, limit: size, offset: (p - 1) * size };
}

/** SQLite reads LIMIT -1 as "no limit". */
export const EVERY_ROW: Pick<Paging, 'limit' | 'offset'> = { limit: -1, offset: 0 };
