import { IN_PROGRESS_STATUSES, type FileData, type FileDocument, type FileRecord } from '../../../shared/api/index.js';
import type { CachedFile } from '../../../shared/ipc/channels/files.js';
import { prepared, type CacheDb, type Db } from './cache-db.js';
import { readJson } from './json-column.js';
import { fieldTextOf, invoiceStatusOf, serverColumnsOf, type ServerFileColumns } from './file-record-rows.js';
import { deleteSearchText, putLines, storedLines, writeSearchText } from './search-text.js';

/** One cached file as stored: the server's columns (less the document) and the local view beside them. */
export interface FileRow extends Omit<ServerFileColumns, 'document' | 'document_lines' | 'field_text'> {
  rid: number;
  workspace_id: string;
  server_data: string | null;
  server_category: string;
  server_verification_status: number;
  base_data: string | null;
  base_category: string | null;
  base_updated_ms: number | null;
  local_pending: number;
  local_action: string | null;
  has_document: number;
  first_seen_ms: number;
  synced_ms: number;
}

/** Applied to the local view of a file, in the caller's transaction. */
export interface LocalPatch {
  data?: FileData | null;
  category?: string;
  verification_status?: number;
  action?: string | null;
}

/** A file row with its JSON bodies. */
const SELECT_ROW = 'SELECT * FROM files JOIN file_bodies USING (rid)';

export class FileCache {
  private readonly bulk: Db;
  private readonly local: Db;
  private readonly statements: ReturnType<typeof prepareUpsert>;

  constructor(db: CacheDb) {
    this.bulk = db.bulk;
    this.local = db.local;
    this.statements = prepareUpsert(db.bulk);
  }

  /**
   * Server records written in one transaction. The local view of a file with pending changes is
   * left as the clerk made it; the server's values are kept beside it. Answers the ids that changed.
   */
  upsertServerRecords(workspaceId: string, records: readonly FileRecord[], nowMs: number): string[] {
    return this.bulk.transaction(() => records.flatMap((record) => this.upsertRecord(workspaceId, record, nowMs))).immediate();
  }

  private upsertRecord(workspaceId: string, record: FileRecord, nowMs: number): string[] {
    const [parent, ...children] = serverColumnsOf(record);
    const changed = [parent!, ...children].filter((columns) => this.upsertColumns(workspaceId, columns, nowMs)).map((c) => c.file_id);
    const kept = new Set(children.map((c) => c.file_id));
    for (const stale of this.statements.childrenOf.all(workspaceId, record.task_id) as { rid: number; file_id: string }[]) {
      if (kept.has(stale.file_id)) continue;
      this.removeRow(stale.rid);
      changed.push(stale.file_id);
    }
    return changed;
  }

  private upsertColumns(workspaceId: string, c: ServerFileColumns, nowMs: number): boolean {
    const s = this.statements;
    const existing = s.find.get(workspaceId, c.file_id) as Pick<FileRow, 'rid' | 'record' | 'data' | 'server_data' | 'has_document' | 'local_pending'> | undefined;
    if (existing && existing.record === c.record && existing.server_data === c.data && (c.document === null || existing.has_document === 1)) return false;
    const args = { ...c, workspace_id: workspaceId, now: nowMs };
    let rid: number;
    if (!existing) {
      rid = Number(s.insert.run(args).lastInsertRowid);
      s.insertBody.run({ ...args, rid });
    } else {
      rid = existing.rid;
      s.updateServer.run({ ...args, rid });
      s.updateServerBody.run({ ...args, rid });
      if (existing.local_pending === 0) {
        s.updateEffective.run({ ...args, rid });
        s.updateEffectiveBody.run({ ...args, rid });
      }
    }
    if (c.document !== null && c.document_lines !== null) {
      s.putDocument.run(rid, c.document);
      putLines(this.bulk, rid, c.document_lines);
    }
    // A file with pending local changes is found by its local field values, as the clerk sees it.
    const pending = existing !== undefined && existing.local_pending > 0;
    const fields = pending ? fieldTextOf(readJson<FileData | null>(existing.data, null)) : c.field_text;
    writeSearchText(this.bulk, rid, { lines: c.document_lines ?? storedLines(this.bulk, rid), name: c.name, fields });
    return true;
  }

  private removeRow(rid: number): void {
    deleteSearchText(this.bulk, rid);
    this.statements.deleteRow.run(rid);
  }

  row(workspaceId: string, fileId: string): FileRow | undefined {
    return prepared(this.local, `${SELECT_ROW} WHERE workspace_id = ? AND file_id = ?`).get(workspaceId, fileId) as FileRow | undefined;
  }

  rowByTask(workspaceId: string, taskId: string): FileRow | undefined {
    return prepared(this.local, `${SELECT_ROW} WHERE workspace_id = ? AND task_id = ?`).get(workspaceId, taskId) as FileRow | undefined;
  }

  requireRow(workspaceId: string, fileId: string): FileRow {
    const row = this.row(workspaceId, fileId);
    if (!row) throw new Error(`file ${fileId} is not in the cache of workspace ${workspaceId}; sync first`);
    return row;
  }

  /** The file with its child files, local changes applied; the document only when asked for. */
  view(workspaceId: string, fileId: string, options: { withDocument?: boolean } = {}): CachedFile | undefined {
    const row = this.row(workspaceId, fileId);
    if (!row) return undefined;
    const children = prepared(this.local, `${SELECT_ROW} WHERE workspace_id = ? AND parent_task_id = ? ORDER BY rid`).all(workspaceId, row.task_id) as FileRow[];
    const conflict = prepared(this.local, "SELECT 1 FROM conflicts WHERE workspace_id = ? AND file_id = ? LIMIT 1").get(workspaceId, fileId) !== undefined;
    const record = this.recordOf(row, options.withDocument === true);
    return { ...record, child_files: children.map((child) => this.recordOf(child, options.withDocument === true)), local: { pending: row.local_pending, action: row.local_action, conflict } };
  }

  private recordOf(row: FileRow, withDocument: boolean): FileRecord {
    const base = readJson<FileRecord>(row.record, {} as FileRecord);
    const record: FileRecord = { ...base, category: row.category, verification_status: row.verification_status, data: readJson<FileData | null>(row.data, null), child_files: [] };
    if (withDocument) record.document = this.document(row.rid) ?? null;
    return record;
  }

  document(rid: number): FileDocument | undefined {
    const text = prepared(this.local, 'SELECT document FROM file_documents WHERE rid = ?').pluck().get(rid) as string | undefined;
    return text === undefined ? undefined : (JSON.parse(text) as FileDocument);
  }

  /** Batches holding files still being processed, oldest sync first: the fast poll asks for these. */
  inProgressBatches(workspaceId: string, limit: number): string[] {
    const statuses = IN_PROGRESS_STATUSES.join(', ');
    return prepared(this.local, `SELECT batch_number FROM files WHERE workspace_id = ? AND recognition_status IN (${statuses}) AND verification_status <> 4 AND batch_number <> '' GROUP BY batch_number ORDER BY min(synced_ms) LIMIT ?`)
      .pluck()
      .all(workspaceId, limit) as string[];
  }

  countInProgress(workspaceId?: string): number {
    const statuses = IN_PROGRESS_STATUSES.join(', ');
    const where = workspaceId === undefined ? '' : 'AND workspace_id = ?';
    return prepared(this.local, `SELECT count(*) FROM files WHERE recognition_status IN (${statuses}) AND verification_status <> 4 ${where}`).pluck().get(...(workspaceId === undefined ? [] : [workspaceId])) as number;
  }

  // ---- the local view; called inside the caller's transaction on the local connection ----

  /** A local change starts on this file: the first one pins the server state it was made on. */
  beginLocalChange(row: FileRow, patch: LocalPatch): void {
    if (row.local_pending === 0) this.rebaseOnServer(row.rid);
    prepared(this.local, 'UPDATE files SET local_pending = local_pending + 1 WHERE rid = ?').run(row.rid);
    this.applyLocal(row, patch);
  }

  applyLocal(row: Pick<FileRow, 'rid' | 'name'>, patch: LocalPatch): void {
    const sets: string[] = [];
    const args: unknown[] = [];
    if (patch.data !== undefined) {
      sets.push('invoice_status = ?');
      args.push(invoiceStatusOf(patch.data));
      prepared(this.local, 'UPDATE file_bodies SET data = ? WHERE rid = ?').run(patch.data === null ? null : JSON.stringify(patch.data), row.rid);
      writeSearchText(this.local, row.rid, { lines: storedLines(this.local, row.rid), name: row.name, fields: fieldTextOf(patch.data) });
    }
    const columns = { category: patch.category, verification_status: patch.verification_status, local_action: patch.action };
    for (const [column, value] of Object.entries(columns)) {
      if (value === undefined) continue;
      sets.push(`${column} = ?`);
      args.push(value);
    }
    if (sets.length > 0) prepared(this.local, `UPDATE files SET ${sets.join(', ')} WHERE rid = ?`).run(...args, row.rid);
  }

  /** The server now holds this state: later local changes descend from it. */
  setBase(rid: number, base: { data?: FileData | null; category?: string; verificationStatus?: number; updatedMs: number | null }): void {
    if (base.data !== undefined) {
      const data = base.data === null ? null : JSON.stringify(base.data);
      prepared(this.local, 'UPDATE file_bodies SET base_data = ?, server_data = ? WHERE rid = ?').run(data, data, rid);
    }
    if (base.category !== undefined) prepared(this.local, 'UPDATE files SET base_category = ?, server_category = ? WHERE rid = ?').run(base.category, base.category, rid);
    if (base.verificationStatus !== undefined) prepared(this.local, 'UPDATE files SET server_verification_status = ? WHERE rid = ?').run(base.verificationStatus, rid);
    prepared(this.local, 'UPDATE files SET base_updated_ms = ? WHERE rid = ?').run(base.updatedMs, rid);
  }

  /** The clerk chose to go on from the server's current state: it becomes the base of the pending changes. */
  rebaseOnServer(rid: number): void {
    prepared(this.local, 'UPDATE file_bodies SET base_data = server_data WHERE rid = ?').run(rid);
    prepared(this.local, 'UPDATE files SET base_category = server_category, base_updated_ms = updated_ms WHERE rid = ?').run(rid);
  }

  /** One local change has left the outbox; with none left, the view returns to the server's. */
  endLocalChange(rid: number): void {
    prepared(this.local, 'UPDATE files SET local_pending = max(local_pending - 1, 0) WHERE rid = ?').run(rid);
    const row = prepared(this.local, `${SELECT_ROW} WHERE rid = ?`).get(rid) as FileRow;
    if (row.local_pending > 0) return;
    prepared(this.local, 'UPDATE file_bodies SET base_data = NULL WHERE rid = ?').run(rid);
    prepared(this.local, 'UPDATE files SET base_category = NULL, base_updated_ms = NULL WHERE rid = ?').run(rid);
    this.applyLocal(row, {
      data: readJson<FileData | null>(row.server_data, null),
      category: row.server_category,
      verification_status: row.server_verification_status,
      action: null,
    });
  }

  /** Keeps the server's record of one file (a pre-push fetch) as a pull would. */
  refreshFromServer(workspaceId: string, record: FileRecord, nowMs: number): void {
    this.upsertServerRecords(workspaceId, [record], nowMs);
  }
}

function prepareUpsert(db: Db) {
  const serverColumns =
    'task_id = @task_id, parent_task_id = @parent_task_id, task_type = @task_type, batch_number = @batch_number, name = @name, format = @format, ' +
    'recognition_status = @recognition_status, failure_causes = @failure_causes, total_page_num = @total_page_num, updated_ms = @updated_ms, ' +
    'server_category = @category, server_verification_status = @verification_status, synced_ms = @now';
  return {
    find: prepared(db, 'SELECT rid, record, data, server_data, has_document, local_pending FROM files JOIN file_bodies USING (rid) WHERE workspace_id = ? AND file_id = ?'),
    childrenOf: prepared(db, 'SELECT rid, file_id FROM files WHERE workspace_id = ? AND parent_task_id = ?'),
    insert: prepared(
      db,
      `INSERT INTO files (workspace_id, file_id, task_id, parent_task_id, task_type, batch_number, name, format, recognition_status, failure_causes,
        verification_status, category, invoice_status, total_page_num, updated_ms, server_category, server_verification_status,
        has_document, first_seen_ms, synced_ms)
       VALUES (@workspace_id, @file_id, @task_id, @parent_task_id, @task_type, @batch_number, @name, @format, @recognition_status, @failure_causes,
        @verification_status, @category, @invoice_status, @total_page_num, @updated_ms, @category, @verification_status,
        @document IS NOT NULL, @now, @now)`,
    ),
    insertBody: prepared(db, 'INSERT INTO file_bodies (rid, record, data, server_data) VALUES (@rid, @record, @data, @data)'),
    updateServer: prepared(db, `UPDATE files SET ${serverColumns}, has_document = max(has_document, @document IS NOT NULL) WHERE rid = @rid`),
    updateServerBody: prepared(db, 'UPDATE file_bodies SET record = @record, server_data = @data WHERE rid = @rid'),
    updateEffective: prepared(db, 'UPDATE files SET category = @category, verification_status = @verification_status, invoice_status = @invoice_status WHERE rid = @rid'),
    updateEffectiveBody: prepared(db, 'UPDATE file_bodies SET data = @data WHERE rid = @rid'),
    putDocument: prepared(db, 'INSERT INTO file_documents (rid, document) VALUES (?, ?) ON CONFLICT (rid) DO UPDATE SET document = excluded.document'),
    deleteRow: prepared(db, 'DELETE FROM files WHERE rid = ?'),
  };
}
