import { prepared, type Db } from './cache-db.js';

/** Small named values of the cache (watermarks, the sync mode), JSON-encoded. */
export class Meta {
  constructor(private readonly db: Db) {}

  get<T>(key: string): T | undefined {
    const text = prepared(this.db, 'SELECT value FROM meta WHERE key = ?').pluck().get(key) as string | undefined;
    return text === undefined ? undefined : (JSON.parse(text) as T);
  }

  set(key: string, value: unknown): void {
    prepared(this.db, 'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, JSON.stringify(value));
  }
}
