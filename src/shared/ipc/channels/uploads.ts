import { z } from 'zod';
import { UploadLinksBody, UploadOptions, UploadResult } from '../../api/index.js';
import { Done, invokeSpec } from '../invoke-spec.js';
import { IpcError } from '../ipc-error.js';

const LocalPaths = z.array(z.string().min(1)).min(1).max(10_000);
const PdfPasswords = z.record(z.string(), z.string().min(1).max(256));

export const PREFLIGHT_WARNINGS = ['unsupported_format', 'too_large', 'too_many_pages', 'needs_password', 'duplicate', 'unreadable', 'empty'] as const;

export const PreflightWarning = z.object({ code: z.enum(PREFLIGHT_WARNINGS), message: z.string() });
export type PreflightWarning = z.infer<typeof PreflightWarning>;

/**
 * How a file goes to a cloud account when not as it is: the cloud reads no XML, so an XML e-invoice
 * is sent as a PDF of its drawn page carrying the XML. 'factur-x': CII, attached as factur-x.xml;
 * 'drawn-pdf': UBL, attached as ubl-invoice.xml (Factur-X carries CII only).
 */
export const UploadSentAs = z.enum(['factur-x', 'drawn-pdf']);
export type UploadSentAs = z.infer<typeof UploadSentAs>;

/** What the checks found about one file before anything is sent. */
export const PreflightResult = z.object({
  path: z.string(),
  name: z.string(),
  size: z.number().int().nonnegative(),
  format: z.string().nullable(),
  pages: z.number().int().nonnegative().nullable(),
  sha256: z.string().nullable(),
  warnings: z.array(PreflightWarning),
  /** A warning stops the upload (format, size, pages, password, unreadable, empty); a duplicate only warns. */
  blocked: z.boolean(),
  /** Set when the file will be sent otherwise than as it is (an XML invoice to a cloud account). */
  sent_as: UploadSentAs.optional(),
});
export type PreflightResult = z.infer<typeof PreflightResult>;

/** queued: waits its turn. uploading: being sent. reconciling: sent with no answer, looked up before any resend. */
export const UPLOAD_STATES = ['queued', 'uploading', 'reconciling', 'uploaded', 'failed', 'cancelled'] as const;

export const UploadView = z.object({
  upload_id: z.string(),
  workspace_id: z.string(),
  path: z.string(),
  file_name: z.string(),
  size: z.number().int().nonnegative(),
  sha256: z.string(),
  page_count: z.number().int().nullable(),
  format: z.string(),
  batch_number: z.string(),
  source: z.enum(['user', 'hot-folder', 'sample']),
  state: z.enum(UPLOAD_STATES),
  bytes_sent: z.number().int().nonnegative(),
  attempts: z.number().int().nonnegative(),
  error: IpcError.nullable(),
  file_id: z.string().nullable(),
  task_id: z.string().nullable(),
  /** How the file was (or will be) sent when not as it is; null: as it is. */
  sent_as: UploadSentAs.nullable(),
  created_ms: z.number(),
  updated_ms: z.number(),
});
export type UploadView = z.infer<typeof UploadView>;

export const UploadProgress = z.object({ uploadId: z.string(), sentBytes: z.number().int().nonnegative(), totalBytes: z.number().int().nonnegative() });
export type UploadProgress = z.infer<typeof UploadProgress>;

export const EnqueueArgs = z.strictObject({
  paths: LocalPaths,
  options: UploadOptions,
  /** Passwords of encrypted PDFs, by path. */
  pdfPasswords: PdfPasswords.optional(),
  /** Upload content already uploaded or queued in the workspace all the same. */
  allowDuplicates: z.boolean().optional(),
});

const UploadIds = z.strictObject({ ids: z.array(z.string().min(1)).min(1) });

export const uploadChannels = {
  /** Checks before anything is sent: format, size, pages, passwords, duplicates by content. */
  'uploads.preflight': invokeSpec(
    z.strictObject({ paths: LocalPaths, workspace_id: z.string().min(1), pdfPasswords: PdfPasswords.optional() }),
    z.object({ files: z.array(PreflightResult) }),
  ),
  /** Files refused by the checks are answered, not queued. */
  'uploads.enqueue': invokeSpec(EnqueueArgs, z.object({ queued: z.array(UploadView), refused: z.array(PreflightResult) })),
  'uploads.list': invokeSpec(z.strictObject({ includeCleared: z.boolean().optional() }), z.object({ items: z.array(UploadView) })),
  'uploads.cancel': invokeSpec(UploadIds, Done),
  'uploads.retry': invokeSpec(UploadIds, Done),
  'uploads.clearFinished': invokeSpec(z.strictObject({}), Done),
  /** Online only: the server downloads each link (at most 10) as a file of one batch; a link it cannot download is a failed file with its cause. */
  'uploads.fromLinks': invokeSpec(z.strictObject({ urls: UploadLinksBody.shape.urls, options: UploadOptions }), UploadResult),
} as const;
