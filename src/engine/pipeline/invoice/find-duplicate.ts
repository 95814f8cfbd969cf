import { VerificationStatus, type FileData } from '../../../shared/api/index.js';
import type { EngineDeps } from '../../engine-deps.js';
import { readJson } from '../../store/database.js';
import type { FileRow } from '../../store/file-store.js';
import { isDigitalNumber } from './digital-number.js';
import { invoiceKey, type InvoiceKey } from './invoice-key.js';
import { compactCode, invoiceValuesOf, looksLikeInvoice } from './invoice-values.js';

/** The invoice code and number a file's result holds, as the duplicate check compares them. */
export function invoiceKeyOf(data: Pick<FileData, 'fields' | 'tables'>): InvoiceKey | undefined {
  if (!looksLikeInvoice(data)) return undefined;
  const values = invoiceValuesOf(data);
  const number = compactCode(values.number?.value);
  return number === '' ? undefined : invoiceKey(compactCode(values.code?.value), number);
}

/**
 * Keeps the file's invoice key (or drops it when its result holds none), so that later files find it.
 * Called in the transaction that stores the result.
 */
export function recordInvoiceKey(deps: EngineDeps, file: Pick<FileRow, 'id' | 'workspace_id'>, data: Pick<FileData, 'fields' | 'tables'>): void {
  const key = invoiceKeyOf(data);
  if (!key) return void deps.db.prepare('DELETE FROM invoice_keys WHERE file_id = ?').run(file.id);
  deps.db.prepare('INSERT OR REPLACE INTO invoice_keys (file_id, workspace_id, code, number) VALUES (?, ?, ?, ?)').run(file.id, file.workspace_id, key.code, key.number);
}

/**
 * The task id of a file uploaded to the workspace before this one (and not deleted) that holds the same
 * invoice code and number (a 20-digit number alone: invoice-key.ts). Keys are written when results are
 * stored; a candidate's current result is read again, so a key left stale by a later correction
 * (/file/update) does not count, and a key stored with a code beside a 20-digit number still meets.
 */
export function findEarlierInvoice(deps: EngineDeps, file: Pick<FileRow, 'id' | 'workspace_id' | 'created_at'>, code: string, number: string): string | undefined {
  const wanted = invoiceKey(code, number);
  const rows = deps.db
    .prepare(
      `SELECT f.task_id, f.data FROM invoice_keys k JOIN files f ON f.id = k.file_id
       WHERE k.workspace_id = ? AND k.number = ? AND (? OR k.code = ?) AND k.file_id <> ? AND f.verification_status <> ?
         AND (f.created_at < ? OR (f.created_at = ? AND f.id < ?))
       ORDER BY f.created_at, f.id`,
    )
    .all(file.workspace_id, wanted.number, isDigitalNumber(wanted.number) ? 1 : 0, wanted.code, file.id, VerificationStatus.deleted, file.created_at, file.created_at, file.id) as { task_id: string; data: string | null }[];
  return rows.find((row) => {
    const key = invoiceKeyOf(readJson<FileData>(row.data, { fields: [], items: [], tables: [], stamps: [], handwritings: [] }));
    return key?.code === wanted.code && key.number === wanted.number;
  })?.task_id;
}
