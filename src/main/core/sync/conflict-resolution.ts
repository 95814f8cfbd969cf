import type { FileData } from '../../../shared/api/index.js';
import { ResolveConflictArgs, type ConflictMember } from '../../../shared/ipc/channels/sync.js';
import { CoreError, parseInput } from '../core-error.js';
import { readJson } from '../store/json-column.js';
import { diffEditable, editableOf, TABLE_ROWS_KEY, withEditable, type EditableData } from './editable-data.js';
import { IdMap } from './id-map.js';
import { endLocalChange, subjectOf } from './local-entities.js';
import type { Conflict } from './outbox.js';
import { commitLocal, type SyncContext } from './sync-context.js';

/** Field by field (and the table rows as a whole): the values that differ between base, server and local. */
export function conflictMembers(conflict: Conflict): ConflictMember[] {
  if (conflict.aspect === 'category') return [{ key: 'category', base: conflict.base as string | null, server: conflict.server as string, local: conflict.local as string }];
  const [base, server, local] = [conflict.base, conflict.server, conflict.local].map((v) => editableOf(v as EditableData | null));
  const valueOf = (data: EditableData, key: string) => data.fields.find((f) => f.key === key)?.value ?? null;
  const keys = [...new Set([...base!.fields, ...server!.fields, ...local!.fields].map((f) => f.key))];
  const members = keys
    .map((key) => ({ key, base: valueOf(base!, key), server: valueOf(server!, key), local: valueOf(local!, key) }))
    .filter((m) => !(m.base === m.server && m.server === m.local));
  const rows = (data: EditableData) => JSON.stringify(data.items);
  if (!(rows(base!) === rows(server!) && rows(server!) === rows(local!))) {
    members.push({ key: TABLE_ROWS_KEY, base: `${base!.items.length} rows`, server: `${server!.items.length} rows`, local: `${local!.items.length} rows` });
  }
  return members;
}

export class ConflictResolver {
  private readonly ids: IdMap;

  constructor(private readonly context: SyncContext) {
    this.ids = new IdMap(context.db.local);
  }

  resolve(input: ResolveConflictArgs): void {
    const choice = parseInput(ResolveConflictArgs, input, 'resolve conflict');
    commitLocal(this.context, 'local', (notes) => {
      const conflict = this.context.outbox.conflict(choice.op_id);
      const op = this.context.outbox.get(choice.op_id);
      if (!conflict || !op) throw new CoreError('NOT_FOUND', `no conflict waits for change ${choice.op_id}`);
      const row = this.context.files.requireRow(conflict.workspaceId, conflict.fileId);
      const serverData = readJson<FileData | null>(row.server_data, null);
      let detail: unknown = { keep: choice.keep };
      if (choice.keep === 'server') {
        this.context.files.applyLocal(row, conflict.aspect === 'data' ? { data: serverData } : { category: row.server_category });
        // The corrections queued after it were made on top of the values now dropped.
        const later = conflict.aspect === 'data' ? this.context.outbox.queue(op.queueKey).filter((o) => o.seq > op.seq && o.kind === 'file.correct') : [];
        const dropped = [op, ...later];
        for (const drop of dropped) {
          this.context.outbox.remove(drop.opId);
          endLocalChange(this.context, this.ids, drop.workspaceId, drop.change, notes);
        }
        detail = { keep: 'server', dropped: dropped.map((d) => d.opId) };
      } else {
        if (choice.keep === 'merge') {
          if (conflict.aspect !== 'data') throw new CoreError('INVALID_INPUT', 'a category conflict is resolved by keeping the local or the server category');
          const before = editableOf(readJson<FileData | null>(row.data, null));
          const merged = editableOf({ fields: choice.data.fields ?? [], items: choice.data.items ?? [] });
          this.context.files.applyLocal(row, { data: withEditable(serverData, merged) });
          detail = { keep: 'merge', changes: diffEditable(before, merged) };
        }
        this.context.files.rebaseOnServer(row.rid);
        this.context.outbox.setState(op.opId, 'pending');
      }
      this.context.outbox.deleteConflict(op.opId);
      this.context.journal.append({ kind: 'sync.conflict-resolved', subject: subjectOf(op.workspaceId, op.change), opId: op.opId, detail });
      notes.file(conflict.workspaceId, conflict.fileId).outbox();
    });
  }
}
