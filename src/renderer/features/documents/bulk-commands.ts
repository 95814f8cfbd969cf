import { invoke } from '../../lib/bridge';
import { errorMessage } from '../../lib/errors';
import type { FileSummary } from './documents-store';

export interface BulkOutcome {
  done: number;
  failures: { name: string; message: string }[];
}

/** Runs one local change per file; a file that fails does not stop the others. */
async function eachFile(rows: readonly FileSummary[], run: (row: FileSummary) => Promise<unknown>): Promise<BulkOutcome> {
  const outcome: BulkOutcome = { done: 0, failures: [] };
  for (const row of rows) {
    try {
      await run(row);
      outcome.done++;
    } catch (error) {
      outcome.failures.push({ name: row.name, message: errorMessage(error) });
    }
  }
  return outcome;
}

export function retryFiles(workspaceId: string, rows: readonly FileSummary[]): Promise<BulkOutcome> {
  return eachFile(rows, (row) => invoke('files.retry', { workspace_id: workspaceId, task_id: row.task_id }));
}

export function amendCategory(workspaceId: string, rows: readonly FileSummary[], category: string): Promise<BulkOutcome> {
  return eachFile(rows, (row) => invoke('files.amendCategory', { workspace_id: workspaceId, task_id: row.task_id, category }));
}

export async function deleteFiles(workspaceId: string, rows: readonly FileSummary[]): Promise<BulkOutcome> {
  try {
    await invoke('files.delete', { workspace_id: workspaceId, file_ids: rows.map((r) => r.file_id) });
    return { done: rows.length, failures: [] };
  } catch (error) {
    return { done: 0, failures: [{ name: '', message: errorMessage(error) }] };
  }
}

export async function keepOffline(workspaceId: string, rows: readonly FileSummary[]): Promise<BulkOutcome> {
  try {
    const { fetched } = await invoke('files.prefetch', { workspace_id: workspaceId, file_ids: rows.map((r) => r.file_id) });
    return { done: fetched, failures: [] };
  } catch (error) {
    return { done: 0, failures: [{ name: '', message: errorMessage(error) }] };
  }
}
