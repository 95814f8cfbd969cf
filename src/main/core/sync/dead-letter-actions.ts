import type { FileData } from '../../../shared/api/index.js';
import { VerificationStatus } from '../../../shared/api/index.js';
import { CoreError } from '../core-error.js';
import { readJson } from '../store/json-column.js';
import type { LocalPatch } from '../store/file-cache.js';
import type { OutboxChange } from './change-kinds.js';
import { editableOf, withEditable, type EditableData } from './editable-data.js';
import { subjectOf } from './local-entities.js';
import type { DeadLetter } from './outbox.js';
import { commitLocal, type SyncContext } from './sync-context.js';

/** The clerk's answer to a dead letter: send it again (at the end of its queue), or give it up. */
export class DeadLetterActions {
  constructor(private readonly context: SyncContext) {}

  /** Back in the outbox under the same idempotency key; a correction's values are put back on the file. */
  retry(id: number): void {
    commitLocal(this.context, 'local', (notes) => {
      const letter = this.require(id);
      this.context.outbox.deleteDeadLetter(id);
      this.context.outbox.insert(letter.workspaceId, letter.change, letter.opId);
      const fileId = 'file_id' in letter.change ? letter.change.file_id : undefined;
      const row = fileId === undefined ? undefined : this.context.files.row(letter.workspaceId, fileId);
      if (row) {
        this.context.files.beginLocalChange(row, this.localPatchOf(letter, readJson<FileData | null>(row.data, null)));
        notes.file(letter.workspaceId, row.file_id);
      }
      this.context.journal.append({ kind: 'sync.requeued', subject: subjectOf(letter.workspaceId, letter.change), opId: letter.opId, detail: { change: letter.kind } });
      notes.outbox();
    });
  }

  discard(id: number): void {
    commitLocal(this.context, 'local', (notes) => {
      const letter = this.require(id);
      this.context.outbox.deleteDeadLetter(id);
      this.context.journal.append({ kind: 'sync.discarded', subject: subjectOf(letter.workspaceId, letter.change), opId: letter.opId, detail: { change: letter.kind, reason: letter.reason } });
      notes.outbox();
    });
  }

  private require(id: number): DeadLetter {
    const letter = this.context.outbox.deadLetter(id);
    if (!letter) throw new CoreError('NOT_FOUND', `dead letter ${id} does not exist (already retried or discarded?)`);
    return letter;
  }

  private localPatchOf(letter: DeadLetter, data: FileData | null): LocalPatch {
    const change: OutboxChange = letter.change;
    switch (change.kind) {
      case 'file.correct':
        return { data: withEditable(data, editableOf(letter.local as EditableData | null)), action: 'correct' };
      case 'file.amend-category':
        return { ...(change.body.category === undefined ? {} : { category: change.body.category }), action: 'amend-category' };
      case 'file.delete':
        return { verification_status: VerificationStatus.deleted, action: 'delete' };
      default:
        return { action: change.kind.replace('file.', '') };
    }
  }
}
