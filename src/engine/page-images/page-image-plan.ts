import { VerificationStatus, type PageInfo } from '../../shared/api/index.js';
import type { EngineDeps } from '../engine-deps.js';
import { EngineError } from '../http/engine-error.js';
import { cropOf } from '../pipeline/crop/crop-children.js';
import { imageFormatOf } from '../pipeline/read/image/image-header.js';
import type { PageImageEncoding, PageImageTask } from '../pipeline/read/image/page-image.js';
import type { QuarterAngle } from '../pipeline/read/image/raster.js';
import { readJson } from '../store/database.js';
import { findFile, parserParamsOf, type FileRow } from '../store/file-store.js';

/** How to draw one page of a stored file, and the key its picture is cached under. */
export interface PageImagePlan {
  task: PageImageTask;
  cacheKey: string;
  contentType: 'image/png' | 'image/jpeg';
}

/**
 * The page as the engine read it: a split child's page is its parent's page `from_parent_position_list[n]`,
 * a crop child's is its box on the parent's page; the angle and dpi are the ones `pages[]` reports.
 */
export function planPageImage(deps: EngineDeps, fileId: string, page: number): PageImagePlan {
  const row = findFile(deps, fileId);
  if (!row || row.verification_status === VerificationStatus.deleted) throw new EngineError('unknownId', `file ${fileId} does not exist (or was deleted)`);
  const info = readJson<PageInfo[]>(row.pages, [])[page];
  if (!info) throw new EngineError('unknownId', `file ${fileId} has no page ${page} (yet): its pages are known once it has been parsed`);
  const format = drawableFormat(row);
  const encoding: PageImageEncoding = format === 'jpeg' ? 'jpeg' : 'png';
  const task: PageImageTask = {
    path: deps.blobs.pathOf(row.blob),
    format,
    page: readJson<number[] | null>(row.from_parent_position_list, null)?.[page] ?? page,
    dpi: info.dpi,
    password: parserParamsOf(row).pdf_pwd,
    crop: cropOf(deps, row),
    angle: info.angle as QuarterAngle,
    encoding,
  };
  const { path: _path, password: _password, ...drawn } = task;
  // Content-addressed: the same original drawn the same way is one entry, whichever file points at it.
  const cacheKey = JSON.stringify({ v: 1, blob: row.blob, ...drawn });
  return { task, cacheKey, contentType: encoding === 'jpeg' ? 'image/jpeg' : 'image/png' };
}

/** PDFs, OFDs and images are drawn; TXT, DOCX and XLSX pages are laid out text, with no picture to show. */
function drawableFormat(row: FileRow): PageImageTask['format'] {
  if (row.format === 'pdf' || row.format === 'ofd' || row.format === 'xml') return row.format;
  const image = imageFormatOf(row.format);
  if (image) return image;
  throw new EngineError('noPageImage', `the local engine cannot draw ${row.format.toUpperCase()} pages: it reads their text only; show the recognised text instead`);
}
