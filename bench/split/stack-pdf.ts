import { readFile } from 'node:fs/promises';
import { degrees, PDFDocument, type PDFPage } from 'pdf-lib';
import { blankBackJpeg, separatorJpeg } from '../../test/fixtures/stack-sheets.js';
import type { StackPage } from './stack-plan.js';

/** Scans are 150 dpi: an image of w pixels is a page of w * 72 / 150 points. */
const POINTS_PER_PIXEL = 72 / 150;

/** The stack as the scanner writes it: one PDF, a page per scanned side, the upside-down sheets turned by half a turn. */
export async function writeStackPdf(pages: readonly StackPage[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const invoices = new Map<string, PDFDocument>();
  for (const { source, upsideDown } of pages) {
    let page: PDFPage;
    if (source.kind === 'invoice') {
      const from = invoices.get(source.file) ?? (await PDFDocument.load(await readFile(source.file)));
      invoices.set(source.file, from);
      const [copied] = await doc.copyPages(from, [source.page]);
      page = doc.addPage(copied!);
    } else {
      page = await imagePage(doc, source.kind === 'receipt' ? await readFile(source.file) : sheetJpeg(source.kind, source.id));
    }
    if (upsideDown) page.setRotation(degrees((page.getRotation().angle + 180) % 360));
  }
  return doc.save();
}

function sheetJpeg(kind: 'blank' | 'separator', id: string): Uint8Array {
  const seed = [...id].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0, 2166136261);
  return kind === 'blank' ? blankBackJpeg(seed) : separatorJpeg(id.split('-')[0] as 'barcode' | 'patch' | 'word', seed);
}

async function imagePage(doc: PDFDocument, jpeg: Uint8Array): Promise<PDFPage> {
  const image = await doc.embedJpg(jpeg);
  const [width, height] = [image.width * POINTS_PER_PIXEL, image.height * POINTS_PER_PIXEL];
  const page = doc.addPage([width, height]);
  page.drawImage(image, { x: 0, y: 0, width, height });
  return page;
}
