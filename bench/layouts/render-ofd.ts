import { makeOfd, type OfdTextSpec } from '../../test/fixtures/ofd-files.js';
import type { LaidPage } from '../corpus/layout.js';
import type { Box } from './layout-document.js';
import type { LayoutFont } from './layout-font.js';

const MM_PER_POINT = 25.4 / 72;
const mm = (points: number) => Math.round(points * MM_PER_POINT * 1000) / 1000;

// Runs of one script: full-width (CJK, 全角 forms) glyphs and the rest differ in advance, and an OFD
// text object steps its glyphs evenly (DeltaX).
const RUNS = /[\u3000-\u9fff\uff00-\uffef]+|[^\u3000-\u9fff\uff00-\uffef]+/gu;

/** The page's texts as OFD text objects (font 2, 宋体, not embedded, as issuing software writes them), each run at its measured place. */
function textObjects(page: LaidPage, font: LayoutFont): OfdTextSpec[] {
  let id = 1;
  return page.texts.flatMap((t) =>
    [...t.text.matchAll(RUNS)].flatMap((run) => {
      const chars = [...run[0]];
      if (run[0].trim() === '') return [];
      const x = t.x + font.measure(t.text.slice(0, run.index), t.size);
      const width = font.measure(run[0], t.size);
      return [{ id: id++, x: mm(x), y: mm(t.y - t.size), size: mm(t.size), text: run[0], dx: mm(width / chars.length), font: 2 as const }];
    }),
  );
}

/**
 * A one-page 210 × 140 mm document as an OFD (GB/T 33190), its seal signed over `seal` (points) as
 * the tax bureau's is; rules are not drawn (the fixture writer places text only).
 */
export function renderOfd(page: LaidPage, font: LayoutFont, seal: Box): Uint8Array {
  const [left, top, right, bottom] = seal.map(mm) as Box;
  return makeOfd({ pages: [textObjects(page, font)], seal: { page: 0, box: [left, top, right - left, bottom - top], name: '全国统一发票监制章' } });
}
