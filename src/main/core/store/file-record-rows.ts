import type { ChildFile, FileData, FileDocument, FileRecord, PageInfo } from '../../../shared/api/index.js';
import type { InvoiceStatus } from '../../../shared/ipc/channels/files.js';

/** The columns of one cached file that come from the server. */
export interface ServerFileColumns {
  file_id: string;
  task_id: string;
  parent_task_id: string | null;
  task_type: number;
  batch_number: string;
  name: string;
  format: string;
  recognition_status: number;
  failure_causes: string | null;
  verification_status: number;
  category: string;
  invoice_status: InvoiceStatus;
  total_page_num: number;
  updated_ms: number | null;
  /** The record without data, document and child files: unknown members are kept. */
  record: string;
  data: string | null;
  document: string | null;
  /** The document's recognized lines (stored beside it, so that re-indexing a file needs no parse of the document). */
  document_lines: string | null;
  field_text: string;
}

/** Invoice verification as the list filters it (notes: invoiceVerifyStatus 1 verified, 0 failed, null not verified). */
export function invoiceStatusOf(data: FileData | null | undefined): InvoiceStatus {
  const status = data?.invoiceVerifyResult?.invoiceVerifyStatus;
  return status === 1 ? 'verified' : status === 0 ? 'failed' : 'not_verified';
}

/** The parent's columns first, then one entry per child file. */
export function serverColumnsOf(record: FileRecord): ServerFileColumns[] {
  const updatedMs = record.updated_at === undefined ? null : Date.parse(record.updated_at);
  const { child_files: children, ...rest } = record;
  // A top-level record has the members of a child file, and is one when fetched by a child's id.
  const parent = rest as ChildFile;
  return [
    columnsOf(parent, parent.parent_task_id ?? null, updatedMs, record.total_page_num ?? record.pages.length),
    ...(children ?? []).map((child) => columnsOf(child, child.parent_task_id ?? record.task_id, updatedMs, child.pages.length)),
  ];
}

function columnsOf(file: ChildFile, parentTaskId: string | null, updatedMs: number | null, pageCount: number): ServerFileColumns {
  const { data, document, ...rest } = file;
  return {
    file_id: file.id,
    task_id: file.task_id,
    parent_task_id: parentTaskId,
    task_type: file.task_type,
    batch_number: file.batch_number,
    name: file.name,
    format: file.format,
    recognition_status: file.recognition_status,
    failure_causes: file.failure_causes ?? null,
    verification_status: file.verification_status,
    category: file.category ?? '',
    invoice_status: invoiceStatusOf(data),
    total_page_num: pageCount,
    updated_ms: updatedMs === null || Number.isNaN(updatedMs) ? null : updatedMs,
    record: JSON.stringify({ ...rest, pages: rest.pages.map(withoutImageUrl) }),
    data: data ? JSON.stringify(data) : null,
    document: document ? JSON.stringify(document) : null,
    document_lines: document ? documentLinesOf(document) : null,
    field_text: fieldTextOf(data ?? null),
  };
}

/**
 * Image links change on every fetch (they carry their expiry): kept in the record, they would make
 * every pull rewrite every file. They live in page_images instead.
 */
function withoutImageUrl(page: PageInfo): PageInfo {
  const { image_url: _url, ...rest } = page;
  return rest;
}

/** Recognized lines, one per line, as written: ftsTextOf makes them the indexed text. */
export function documentLinesOf(document: FileDocument): string {
  return document.pages.flatMap((page) => page.lines.map((line) => line.text)).join('\n');
}

/** Field values, table rows and cells, one per line, as written: ftsTextOf makes them the indexed text. */
export function fieldTextOf(data: Pick<FileData, 'fields' | 'items'> & Partial<Pick<FileData, 'tables'>> | null): string {
  if (!data) return '';
  const values = [
    ...data.fields.map((f) => f.value),
    ...data.items.flatMap((row) => row.map((cell) => cell.value)),
    ...(data.tables ?? []).flatMap((table) => table.items.flatMap((row) => row.map((cell) => cell.value))),
  ];
  return values.filter((v) => v.length > 0).join('\n');
}
