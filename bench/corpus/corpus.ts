import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DocumentKind, Fault, GeneratedDocument, Truth } from './document-model.js';
import { purchaseOrder } from './documents/purchase-order.js';
import { receipt } from './documents/receipt.js';
import { unrelatedDocument } from './documents/unrelated.js';
import { vatInvoice, type InvoiceIdentity } from './documents/vat-invoice.js';
import { corpusFont, type CorpusFont } from './font.js';
import { layOut, type LaidPage } from './layout.js';
import { renderImagePdf, renderPdf } from './render-pdf.js';
import { renderScan, scanSettings, type ScanSettings } from './render-scan.js';
import { Rng } from './rng.js';
import { isoDate, REFERENCE_DATE, type Language } from './values.js';

/** The truth of one document inside a corpus file (a multi-document file holds several). */
export interface DocumentTruth extends Truth {
  /** The document's own id: a scan of a clean document keeps it ("doc-003"); inside a multi-document file "multi-001#0". */
  id: string;
  /** For a duplicate_invoice fault: the id of the earlier document with the same invoice code and number. */
  duplicateOf?: string | undefined;
  kind: DocumentKind;
  category: string;
  language: Language;
  /** 0-based pages of the file this document covers. */
  pages: number[];
  faults: Fault[];
}

export interface CorpusEntry {
  id: string;
  /** Relative to the corpus folder. */
  file: string;
  format: 'pdf' | 'jpg' | 'png';
  rendering: 'text-pdf' | 'scan-image' | 'scan-pdf';
  /** A scan is a copy of a clean document: same invoice, same values. */
  copyOf?: string | undefined;
  scan?: Omit<ScanSettings, 'format'> | undefined;
  pageCount: number;
  documents: DocumentTruth[];
}

export interface Manifest {
  seed: number;
  size: number;
  /** The corpus's "today" (ISO date): sound invoices are at most 365 days older, `too_old` ones more, `future_date` ones after it. */
  referenceDate: string;
  entries: CorpusEntry[];
}

export interface CorpusOptions {
  seed: number;
  outDir: string;
  /** Number of single documents as text PDFs; about half again are scanned, and a tenth are multi-document files. */
  size: number;
}

const FAULTS: readonly Fault[] = ['amount_tax_total_mismatch', 'line_items_mismatch', 'future_date', 'too_old', 'invalid_tax_id', 'duplicate_invoice'];
const KINDS: readonly [DocumentKind, number][] = [['vat_invoice', 0.35], ['receipt', 0.25], ['purchase_order', 0.25], ['other', 0.15]];

/** Makes the labelled corpus of a seed: the same seed and size give the same files and truth. */
export async function generateCorpus(options: CorpusOptions): Promise<Manifest> {
  const font = corpusFont();
  const rng = new Rng(options.seed);
  for (const folder of ['clean', 'scan', 'multi']) {
    await rm(join(options.outDir, folder), { recursive: true, force: true });
    await mkdir(join(options.outDir, folder), { recursive: true });
  }
  const planner = new Planner(rng);
  const singles = Array.from({ length: options.size }, (_, i) => planner.next(rng.fork(i + 1), `doc-${pad(i)}`));
  const entries: CorpusEntry[] = [];
  for (const document of singles) entries.push(await writeClean(options.outDir, document, font));
  const scanRng = rng.fork(7_000);
  const scannable = entries.filter((e) => e.pageCount === 1 && scanRng.chance(0.55));
  for (const [n, clean] of scannable.entries()) {
    const document = singles[entries.indexOf(clean)]!;
    entries.push(await writeScan(options.outDir, clean, document, font, scanRng.fork(n + 1), n % 5 === 4));
  }
  // Multi-document files get invoices of their own: a duplicate among them repeats an earlier one of them.
  const multiRng = rng.fork(9_000);
  const multiPlanner = new Planner(multiRng);
  for (let m = 0; m < Math.max(2, Math.round(options.size / 10)); m++) {
    entries.push(await writeMulti(options.outDir, `multi-${pad(m)}`, multiDocuments(multiRng.fork(m + 1), multiPlanner, `multi-${pad(m)}`, m), font));
  }
  const manifest: Manifest = { seed: options.seed, size: options.size, referenceDate: isoDate(REFERENCE_DATE), entries };
  await writeFile(join(options.outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

const pad = (n: number) => String(n).padStart(3, '0');

type PlannedDocument = GeneratedDocument & Pick<DocumentTruth, 'id' | 'duplicateOf'>;

/** Picks kinds and languages, and spreads the invoice faults (one in three invoices has one, each fault in turn). */
class Planner {
  private invoices = 0;
  private readonly issued: (InvoiceIdentity & { id: string })[] = [];

  constructor(private readonly rng: Rng) {}

  next(rng: Rng, id: string, kind: DocumentKind = this.kind(rng)): PlannedDocument {
    const language: Language = rng.chance(0.5) ? 'zh' : 'en';
    if (kind === 'receipt') return { ...receipt(rng, language), id };
    if (kind === 'purchase_order') return { ...purchaseOrder(rng, language, { long: rng.chance(0.25) }), id };
    if (kind === 'other') return { ...unrelatedDocument(rng, language), id };
    return this.invoice(rng, language, id);
  }

  private kind(rng: Rng): DocumentKind {
    let roll = rng.next();
    for (const [kind, share] of KINDS) if ((roll -= share) < 0) return kind;
    return 'other';
  }

  private invoice(rng: Rng, language: Language, id: string): PlannedDocument {
    const n = this.invoices++;
    const fault = n % 3 === 2 ? FAULTS[Math.floor(n / 3) % FAULTS.length]! : undefined;
    const reuse = fault === 'duplicate_invoice' && this.issued.length > 0 ? this.rng.pick(this.issued) : undefined;
    const faults: Fault[] = fault && (fault !== 'duplicate_invoice' || reuse) ? [fault] : [];
    const document = vatInvoice(rng, language, faults, reuse);
    if (!reuse) this.issued.push({ code: document.truth.fields['Invoice code']!, number: document.truth.fields['Invoice number']!, id });
    return { ...document, id, duplicateOf: reuse?.id };
  }
}

/** Two or three documents in one file: different kinds, two invoices in a row, and a purchase order over two pages. */
function multiDocuments(rng: Rng, planner: Planner, fileId: string, m: number): PlannedDocument[] {
  const plans: DocumentKind[][] = [
    ['vat_invoice', 'receipt'],
    ['vat_invoice', 'vat_invoice'],
    ['purchase_order', 'vat_invoice', 'receipt'],
    ['other', 'purchase_order'],
    ['receipt', 'receipt', 'vat_invoice'],
  ];
  return plans[m % plans.length]!.map((kind, i) => planner.next(rng.fork(i + 1), `${fileId}#${i}`, kind));
}

function truthOf(document: PlannedDocument, pages: number[]): DocumentTruth {
  const { id, duplicateOf, kind, category, language, faults, truth } = document;
  return { id, ...(duplicateOf ? { duplicateOf } : {}), kind, category, language, pages, faults, ...truth };
}

async function writeEntry(outDir: string, entry: CorpusEntry, bytes: Uint8Array): Promise<CorpusEntry> {
  await writeFile(join(outDir, entry.file), bytes);
  await writeFile(join(outDir, entry.file.replace(/\.\w+$/, '.json')), `${JSON.stringify(entry, null, 2)}\n`);
  return entry;
}

async function writeClean(outDir: string, document: PlannedDocument, font: CorpusFont): Promise<CorpusEntry> {
  const { id } = document;
  const pages = layOut(document, font);
  const entry: CorpusEntry = { id, file: `clean/${id}.pdf`, format: 'pdf', rendering: 'text-pdf', pageCount: pages.length, documents: [truthOf(document, pages.map((_, p) => p))] };
  return writeEntry(outDir, entry, await renderPdf(pages, font));
}

async function writeScan(outDir: string, clean: CorpusEntry, document: GeneratedDocument, font: CorpusFont, rng: Rng, asPdf: boolean): Promise<CorpusEntry> {
  const settings = scanSettings(rng);
  const page = layOut(document, font)[0]!;
  const id = `${clean.id}-scan`;
  if (asPdf) {
    const scan = await renderScan(page, font, { ...settings, format: 'jpeg' }, rng);
    const points = (px: number) => (px * 72) / settings.dpi;
    const bytes = await renderImagePdf([{ bytes: scan.bytes, width: points(scan.width), height: points(scan.height) }]);
    return writeEntry(outDir, scanEntry(id, `scan/${id}.pdf`, 'pdf', 'scan-pdf', clean, settings), bytes);
  }
  const scan = await renderScan(page, font, settings, rng);
  const format = settings.format === 'jpeg' ? 'jpg' : 'png';
  return writeEntry(outDir, scanEntry(id, `scan/${id}.${format}`, format, 'scan-image', clean, settings), scan.bytes);
}

function scanEntry(id: string, file: string, format: CorpusEntry['format'], rendering: CorpusEntry['rendering'], clean: CorpusEntry, settings: ScanSettings): CorpusEntry {
  const { format: _format, ...scan } = settings;
  return { id, file, format, rendering, copyOf: clean.id, scan, pageCount: 1, documents: clean.documents };
}

async function writeMulti(outDir: string, id: string, documents: PlannedDocument[], font: CorpusFont): Promise<CorpusEntry> {
  const laid: LaidPage[][] = documents.map((d) => layOut(d, font));
  let first = 0;
  const truths = documents.map((d, i) => {
    const pages = laid[i]!.map((_, p) => first + p);
    first += laid[i]!.length;
    return truthOf(d, pages);
  });
  const pages = laid.flat();
  const entry: CorpusEntry = { id, file: `multi/${id}.pdf`, format: 'pdf', rendering: 'text-pdf', pageCount: pages.length, documents: truths };
  return writeEntry(outDir, entry, await renderPdf(pages, font));
}
