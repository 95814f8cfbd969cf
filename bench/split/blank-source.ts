import { renderPdfPage } from '../../src/engine/pipeline/read/image/render-pdf-page.js';
import { openPdf } from '../../src/engine/pipeline/read/pdf/pdf-open.js';
import { writeStackPdf } from './stack-pdf.js';
import { pageKey, type StackPlan } from './stack-plan.js';

/** The bench's own test, apart from the engine's sheet marks: no pixel of the inner page darker than light grey. */
const DARKEST_PAPER = 200;
const EDGE_SHARE = 0.04;
const DPI = 72;

/**
 * Pages of the stack's documents that are blank in the document itself (an invoice printed with an
 * empty last page), not blank backs added by the stack. The issue asks blank pages dropped from the
 * children, so a child that leaves such a page out still holds exactly its document. Only
 * documents of several pages are looked at (a document of one blank page is none).
 */
export async function blankSourcePages(plan: StackPlan): Promise<Set<number>> {
  const blank = new Set<number>();
  for (const doc of plan.documents.filter((d) => d.pages.length > 1)) {
    for (const p of doc.pages) if (await isBlankPage(plan.pages[p]!)) blank.add(p);
  }
  return blank;
}

const known = new Map<string, Promise<boolean>>();

function isBlankPage(page: StackPlan['pages'][number]): Promise<boolean> {
  const key = pageKey(page);
  const found = known.get(key) ?? writeStackPdf([page]).then(isBlank);
  known.set(key, found);
  return found;
}

async function isBlank(pdf: Uint8Array): Promise<boolean> {
  const doc = await openPdf(pdf, undefined);
  try {
    const { width, height, data } = await renderPdfPage(doc, 0, DPI);
    const [x0, y0] = [Math.round(width * EDGE_SHARE), Math.round(height * EDGE_SHARE)];
    for (let y = y0; y < height - y0; y++) {
      for (let x = x0; x < width - x0; x++) {
        const i = (y * width + x) * 4;
        if ((data[i]! * 299 + data[i + 1]! * 587 + data[i + 2]! * 114) / 1000 < DARKEST_PAPER) return false;
      }
    }
    return true;
  } finally {
    await doc.destroy();
  }
}
