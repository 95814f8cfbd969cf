import { createHash } from 'node:crypto';

/** The hash the first entry chains to. */
export const GENESIS_HASH = '0'.repeat(64);

/** The members of an entry its hash covers: everything but the hash itself. */
export interface HashedFields {
  seq: number;
  at_ms: number;
  kind: string;
  subject: string;
  op_id: string | null;
  /** The detail exactly as stored (JSON text), so that verification needs no re-serialisation. */
  detail: string;
  prev_hash: string;
}

export function entryHash(entry: HashedFields): string {
  const canonical = JSON.stringify([entry.seq, entry.at_ms, entry.kind, entry.subject, entry.op_id, entry.detail, entry.prev_hash]);
  return createHash('sha256').update(canonical).digest('hex');
}
