import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import ExcelJS from 'exceljs';
import type { CachedFile } from '../../shared/ipc/channels/files.js';
import type { ExportFormat } from '../../shared/ipc/channels/journal.js';
import type { DocketCore } from '../core/docket-core.js';

const FILE_COLUMNS = ['file_id', 'task_id', 'name', 'category', 'recognition_status', 'verification_status', 'invoice_status'] as const;

/** Every cached file of a batch, with its data as the clerk sees it (local corrections applied). */
function batchFiles(core: DocketCore, workspaceId: string, batchNumber: string): CachedFile[] {
  const files: CachedFile[] = [];
  for (let page = 1; ; page++) {
    const listed = core.listFiles({ workspace_id: workspaceId, batch_number: batchNumber, page, page_size: 1000, sort: 'name', order: 'asc' });
    for (const summary of listed.files) {
      const file = core.getFile(workspaceId, summary.file_id);
      if (file !== undefined) files.push(file);
    }
    if (page * listed.page_size >= listed.total) return files;
  }
}

/** One row per file: its identity, then one column per field key met in the batch (values of a repeated key joined). */
function fieldRows(files: readonly CachedFile[]): { header: string[]; rows: string[][] } {
  const keys = [...new Set(files.flatMap((file) => (file.data?.fields ?? []).map((field) => field.key)))];
  const rows = files.map((file) => {
    const values = (key: string) => (file.data?.fields ?? []).filter((field) => field.key === key).map((field) => field.value).join('; ');
    const invoice = file.data?.invoiceVerifyResult?.invoiceVerifyStatus;
    const identity = [file.id, file.task_id, file.name, file.category ?? '', String(file.recognition_status), String(file.verification_status), invoice === 1 ? 'verified' : invoice === 0 ? 'failed' : 'not_verified'];
    return [...identity, ...keys.map(values)];
  });
  return { header: [...FILE_COLUMNS, ...keys], rows };
}

function csvOf(header: readonly string[], rows: readonly string[][]): string {
  const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  // The byte order mark makes spreadsheet programs read the Chinese text as UTF-8.
  return `\uFEFF${[header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}

async function xlsxOf(files: readonly CachedFile[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const { header, rows } = fieldRows(files);
  workbook.addWorksheet('Fields').addRows([header, ...rows]);
  const tables = workbook.addWorksheet('Tables');
  tables.addRow(['file_id', 'name', 'table', 'row', 'key', 'value']);
  for (const file of files) {
    for (const table of file.data?.tables ?? []) {
      table.items.forEach((row, index) => row.forEach((cell) => tables.addRow([file.id, file.name, table.tableName, index + 1, cell.key, cell.value])));
    }
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function jsonOf(files: readonly CachedFile[]): string {
  const records = files.map((file) => ({
    ...Object.fromEntries(FILE_COLUMNS.map((column) => [column, column === 'file_id' ? file.id : column === 'invoice_status' ? (file.data?.invoiceVerifyResult ?? null) : file[column]])),
    fields: file.data?.fields ?? [],
    tables: file.data?.tables ?? [],
  }));
  return `${JSON.stringify(records, null, 2)}\n`;
}

/** A batch's results as CSV (fields), XLSX (fields and table cells) or JSON (everything); answers the file count. */
export async function exportBatch(core: DocketCore, query: { workspaceId: string; batchNumber: string; format: ExportFormat; path: string }): Promise<number> {
  const files = batchFiles(core, query.workspaceId, query.batchNumber);
  const { header, rows } = fieldRows(files);
  const content = query.format === 'csv' ? csvOf(header, rows) : query.format === 'xlsx' ? await xlsxOf(files) : jsonOf(files);
  await mkdir(dirname(query.path), { recursive: true });
  await writeFile(query.path, content);
  return files.length;
}
