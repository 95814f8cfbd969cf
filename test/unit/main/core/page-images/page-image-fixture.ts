import type { FileRecord } from '../../../../../src/shared/api/index.js';
import { fileRecord, type RecordSpec } from '../store/cache-fixture.js';

/** A pulled record whose pages carry image links (`link-<id>-<page>` plus a generation, as fresh links differ). */
export function linkedRecord(spec: RecordSpec & { pages?: number; generation?: number }): FileRecord {
  const record = fileRecord(spec);
  const pages = Array.from({ length: spec.pages ?? 1 }, (_, page) => ({ page, angle: 0, width: 100, height: 100, dpi: 144, image_url: `http://img.test/${spec.id}/${page}?g=${spec.generation ?? 1}` }));
  return { ...record, pages, total_page_num: pages.length };
}
