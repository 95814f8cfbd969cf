import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { FILE_FORMATS, LIMITS, fileFormatOf } from '../../../shared/api/index.js';
import type { PreflightResult, PreflightWarning } from '../../../shared/ipc/channels/uploads.js';
import { prepared, type Db } from '../store/cache-db.js';
import { checkXmlInvoice } from './drawn-invoice-upload.js';
import { sha256OfFile } from './file-hash.js';
import { inspectPdf } from './pdf-inspect.js';

type PreflightWarningCode = PreflightWarning['code'];

const MB = 1024 * 1024;

export interface PreflightOptions {
  /** A cloud account: an XML invoice is sent as its drawn PDF, so it must read as one (drawn-invoice-upload.ts). */
  xmlAsDrawnPdf?: boolean | undefined;
}

/**
 * The published limits (notes): the formats, 100 MB, 1000 pages; an encrypted PDF needs its
 * password; the same content already uploaded or queued in the workspace is a duplicate.
 */
export async function preflight(db: Db, path: string, workspaceId: string, password?: string, options: PreflightOptions = {}): Promise<PreflightResult> {
  const name = basename(path);
  const result: PreflightResult = { path, name, size: 0, format: fileFormatOf(name) ?? null, pages: null, sha256: null, warnings: [], blocked: false };
  const warn = (code: PreflightWarningCode, message: string) => result.warnings.push({ code, message });
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new Error('not a file');
    result.size = info.size;
  } catch (error) {
    warn('unreadable', `${name} cannot be read: ${(error as Error).message}`);
    return blockedIfWarned(result);
  }
  if (result.format === null) warn('unsupported_format', `${name} is not a supported file type; supported formats: ${FILE_FORMATS.join(', ')}`);
  if (result.size === 0) warn('empty', `${name} is empty`);
  if (result.size > LIMITS.fileBytes) warn('too_large', `${name} is ${(result.size / MB).toFixed(1)} MB; the service takes files up to ${LIMITS.fileBytes / MB} MB`);
  if (result.format === 'pdf' && result.size > 0 && result.size <= LIMITS.fileBytes) await checkPdf(result, password, warn);
  if (result.format === 'xml' && options.xmlAsDrawnPdf && result.size > 0 && result.size <= LIMITS.fileBytes) await checkXml(result, warn);
  if (result.size > 0 && result.size <= LIMITS.fileBytes) {
    result.sha256 = await sha256OfFile(path);
    const twin = duplicateOf(db, workspaceId, result.sha256);
    if (twin) warn('duplicate', `${name} has the same content as ${twin.file_name}, ${twin.state === 'uploaded' ? 'already uploaded' : 'already in the upload queue'}`);
  }
  return blockedIfWarned(result);
}

async function checkPdf(result: PreflightResult, password: string | undefined, warn: (code: PreflightWarningCode, message: string) => void): Promise<void> {
  const pdf = await inspectPdf(result.path, password);
  switch (pdf.kind) {
    case 'ok':
      result.pages = pdf.pages;
      if (pdf.pages > LIMITS.filePages) warn('too_many_pages', `${result.name} has ${pdf.pages} pages; the service takes at most ${LIMITS.filePages}`);
      return;
    case 'needs-password':
      return warn('needs_password', `${result.name} is password-protected: give its password to upload it`);
    case 'wrong-password':
      return warn('needs_password', `the password given for ${result.name} does not open it`);
    case 'unreadable':
      return warn('unreadable', `${result.name} is not a readable PDF (${pdf.message})`);
  }
}

async function checkXml(result: PreflightResult, warn: (code: PreflightWarningCode, message: string) => void): Promise<void> {
  const check = await checkXmlInvoice(result.path, result.name);
  if (check.ok) result.sent_as = check.sentAs;
  else warn('unreadable', check.message);
}

function blockedIfWarned(result: PreflightResult): PreflightResult {
  return { ...result, blocked: result.warnings.some((w) => w.code !== 'duplicate') };
}

function duplicateOf(db: Db, workspaceId: string, sha256: string): { file_name: string; state: string } | undefined {
  return prepared(db, "SELECT file_name, state FROM uploads WHERE workspace_id = ? AND sha256 = ? AND state NOT IN ('failed', 'cancelled') ORDER BY created_ms LIMIT 1")
    .get(workspaceId, sha256) as { file_name: string; state: string } | undefined;
}
