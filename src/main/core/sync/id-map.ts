import { prepared, type Db } from '../store/cache-db.js';
import { isLocalId } from './change-kinds.js';

/** Server ids of things made offline. A change naming a local id waits until the server has named it. */
export class IdMap {
  constructor(private readonly db: Db) {}

  serverId(localId: string): string | undefined {
    return prepared(this.db, 'SELECT server_id FROM id_map WHERE local_id = ?').pluck().get(localId) as string | undefined;
  }

  /** In the caller's transaction. */
  put(localId: string, serverId: string): void {
    prepared(this.db, 'INSERT OR REPLACE INTO id_map (local_id, server_id) VALUES (?, ?)').run(localId, serverId);
  }

  /** `value` with every known local id replaced; the local ids still unknown are listed. */
  resolve<T>(value: T): { value: T; unresolved: string[] } {
    const unresolved: string[] = [];
    const walk = (node: unknown): unknown => {
      if (typeof node === 'string') {
        if (!isLocalId(node)) return node;
        const id = this.serverId(node);
        if (id === undefined) unresolved.push(node);
        return id ?? node;
      }
      if (Array.isArray(node)) return node.map(walk);
      if (node !== null && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, walk(v)]));
      return node;
    };
    return { value: walk(value) as T, unresolved };
  }
}
