import type { QueryPair } from '../../../shared/api/index.js';

export type ScalarValue = string | number | boolean;

/** Text of a scalar as the service reads it: booleans true/false, numbers in decimal. */
export function formatScalar(value: ScalarValue): string {
  if (typeof value === 'number' && !Number.isFinite(value)) throw new TypeError(`cannot send ${value}`);
  return String(value);
}

/** A validated query object as [name, value] pairs in the object's order; undefined is skipped. */
export function queryPairs(query: Readonly<Record<string, unknown>>): QueryPair[] {
  const pairs: QueryPair[] = [];
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (!isScalar(value)) throw new TypeError(`query member ${name} is not a scalar`);
    pairs.push([name, formatScalar(value)]);
  }
  return pairs;
}

export function encodeQuery(pairs: readonly QueryPair[]): string {
  return pairs.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&');
}

export function isScalar(value: unknown): value is ScalarValue {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}
