import { findRegions } from '../marks/find-regions.js';
import { uprightRaster, type Raster } from '../image/raster.js';
import { sheetMarks, SPARSE_TEXT_LINES } from '../marks/sheet-marks.js';
import { findStamps } from '../marks/detect-stamps.js';
import { readStamp } from '../marks/read-stamp.js';
import type { OcrModels } from './ocr-models.js';
import type { PageResult, PageTask } from './page-task.js';
import { recognizePage } from './recognize-page.js';

/**
 * Everything read from one page image (a crop child's part only, cut before: see `cropOfPage`): its
 * text, and when asked its stamps and the objects lying on it.
 */
export async function processPage(models: OcrModels, image: Raster, task: Pick<PageTask, 'stamps' | 'regions'>): Promise<PageResult> {
  const text = await recognizePage(models, image);
  const page = task.stamps || task.regions ? uprightRaster(image, text.angle) : image;
  const stamps = [];
  for (const outline of task.stamps ? findStamps(page) : []) stamps.push(await readStamp(models, page, outline));
  return { text, stamps, regions: task.regions ? findRegions(page) : [], sheet: sheetMarks(image, text.lines.length <= SPARSE_TEXT_LINES) };
}
