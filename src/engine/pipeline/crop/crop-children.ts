import { TaskType, type PageInfo } from '../../../shared/api/index.js';
import type { EngineDeps } from '../../engine-deps.js';
import { readJson } from '../../store/database.js';
import { childrenOf, patchFile, type CropInfo, type FilePatch, type FileRow } from '../../store/file-store.js';
import type { QuarterAngle } from '../read/image/raster.js';
import type { PageCrop } from '../read/ocr/page-task.js';
import { rectVertices, type ParsedFile } from '../document/parsed-document.js';
import { replaceChildren } from '../split/split.js';

/**
 * crop_flag: when the parent's pages hold two or more separate photos or documents, each becomes a
 * crop child (task_type 3) of its page, with crop_info; answers false when there is nothing to cut
 * (the parent is then processed whole). Call inside the transaction that moves the parent to cropping.
 */
export function startCropChildren(deps: EngineDeps, parent: FileRow, parsed: ParsedFile): boolean {
  const regions = parsed.regions ?? [];
  if (regions.length < 2) return false;
  replaceChildren(deps, parent, regions.map((r) => ({ pages: [r.page] })), TaskType.cropChild);
  childrenOf(deps, parent.task_id).forEach((child, i) => {
    const { page, box } = regions[i]!;
    const cropInfo: CropInfo = { page, imageAngle: String(parsed.pages[page]?.angle ?? 0), position: rectVertices(...box) };
    patchFile(deps, child.id, { crop_info: cropInfo });
  });
  return true;
}

/** A crop child's box on its parent's page, and how that page was turned, for the parser. */
export function cropOf(deps: EngineDeps, row: FileRow): PageCrop | undefined {
  const info = readJson<CropInfo | null>(row.crop_info, null);
  if (row.task_type !== TaskType.cropChild || !info) return undefined;
  const parent = deps.db.prepare('SELECT pages FROM files WHERE task_id = ?').get(row.parent_task_id) as Pick<FileRow, 'pages'> | undefined;
  const pages = readJson<PageInfo[]>(parent?.pages ?? '[]', []);
  const [left, top, right, bottom] = [info.position[0]!, info.position[1]!, info.position[4]!, info.position[5]!];
  return { box: [left, top, right, bottom], parentAngle: (pages[info.page]?.angle ?? 0) as QuarterAngle };
}

/** The crop child's own image angle, found when its crop was recognised. */
export function cropAnglePatch(row: FileRow, parsed: ParsedFile): FilePatch {
  const info = readJson<CropInfo | null>(row.crop_info, null);
  if (row.task_type !== TaskType.cropChild || !info) return {};
  return { crop_info: { ...info, imageAngle: String(parsed.pages[0]?.angle ?? 0) } };
}
