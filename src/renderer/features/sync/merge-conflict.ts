// The complete field set a clerk's merge sends: their own values, with the members where they
// picked the server's value swapped in. Pure.
import type { z } from 'zod';
import type { ConflictMember } from '../../../shared/ipc/channels/sync';
import type { Draft } from '../viewer/proofreading';

type Member = z.infer<typeof ConflictMember>;

/** The member of the table rows as a whole: only "mine" or "theirs" for the whole conflict fits it. */
export const TABLE_ROWS_MEMBER = '(table rows)';

export function mergedDraft(local: Draft, members: readonly Member[], pickServer: ReadonlySet<string>): Draft {
  const server = new Map(members.filter((m) => pickServer.has(m.key)).map((m) => [m.key, m.server]));
  const fields = local.fields.flatMap((field) => {
    if (!server.has(field.key)) return [field];
    const value = server.get(field.key);
    // The server has no such field: picking the server's side removes it.
    return value === null || value === undefined ? [] : [{ ...field, value }];
  });
  // A field only the server has comes back when its side is picked.
  for (const [key, value] of server) {
    if (value !== null && value !== undefined && !local.fields.some((f) => f.key === key) && key !== TABLE_ROWS_MEMBER) fields.push({ key, value, position: [] });
  }
  return { fields, items: local.items };
}
