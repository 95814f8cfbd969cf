// The files of a clerk's day, generated (never hand-made): a text PDF invoice with a fault the
// offline checks find, a scanned receipt turned a quarter, and one PDF holding two invoices.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { GeneratedDocument } from '../../bench/corpus/document-model';
import { corpusFont } from '../../bench/corpus/font';
import { layOut } from '../../bench/corpus/layout';
import { renderScan } from '../../bench/corpus/render-scan';
import { documentsPdf, receipt, Rng, vatInvoice } from '../fixtures/corpus-pdf';

export interface ClerkFixtures {
  textPdf: { path: string; document: GeneratedDocument };
  scan: { path: string; document: GeneratedDocument };
  twoInvoices: { path: string; documents: GeneratedDocument[] };
  /** A file whose name is markup: it must show as text, never run. */
  hostileName: { path: string };
  /** A Word file that is not one: it passes the checks (they read PDFs only) and fails in the engine. */
  broken: { path: string };
}

export const HOSTILE_NAME = '<img src=x onerror=alert(1)>.pdf';

export async function writeClerkFixtures(dir: string, seed = 11): Promise<ClerkFixtures> {
  await mkdir(dir, { recursive: true });
  const rng = new Rng(seed);
  const invoice = vatInvoice(rng.fork(1), 'zh', ['amount_tax_total_mismatch']);
  const slip = receipt(rng.fork(2), 'en');
  const pair = [vatInvoice(rng.fork(3), 'en', []), vatInvoice(rng.fork(4), 'zh', [])];

  const textPdf = join(dir, 'invoice-text.pdf');
  await writeFile(textPdf, (await documentsPdf([invoice])).bytes);
  const twoInvoices = join(dir, 'two-invoices.pdf');
  await writeFile(twoInvoices, (await documentsPdf(pair)).bytes);

  const font = corpusFont();
  const [page] = layOut(slip, font);
  const scanned = await renderScan(page!, font, { dpi: 150, rotation: 90, skew: 0.6, blur: 0.4, noise: 0.004, format: 'png' }, rng.fork(5));
  const scan = join(dir, 'receipt-scan.png');
  await writeFile(scan, scanned.bytes);

  const hostile = join(dir, HOSTILE_NAME);
  await writeFile(hostile, (await documentsPdf([vatInvoice(rng.fork(6), 'en', [])])).bytes);

  const broken = join(dir, 'broken.docx');
  await writeFile(broken, 'this text is not a Word document');

  return {
    broken: { path: broken },
    textPdf: { path: textPdf, document: invoice },
    scan: { path: scan, document: slip },
    twoInvoices: { path: twoInvoices, documents: pair },
    hostileName: { path: hostile },
  };
}
