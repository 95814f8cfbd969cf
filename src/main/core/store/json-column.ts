/** JSON columns are written with JSON.stringify and read back here. */
export function readJson<T>(text: string | null | undefined, fallback: T): T {
  return text === null || text === undefined ? fallback : (JSON.parse(text) as T);
}

export function writeJson(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(value);
}
