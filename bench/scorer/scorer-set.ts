import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { ParsedFile } from '../../src/engine/pipeline/document/parsed-document.js';
import { OcrPool } from '../../src/engine/pipeline/read/ocr/ocr-pool.js';
import { parseFile } from '../../src/engine/pipeline/read/parse-file.js';
import { DEFAULT_PARSER_PARAMS } from '../../src/engine/store/file-store.js';
import { invoiceKeyOf } from '../layouts/family-score.js';
import { KEPT_OUT_FAMILIES, LAYOUT_FAMILIES } from '../layouts/families.js';
import { generateDocument } from '../layouts/generate-document.js';
import type { LayoutDocument } from '../layouts/layout-document.js';
import { renderTextPdf } from '../layouts/render-document.js';
import { RECEIPT_KINDS, type ValueKind } from '../real-documents/compare-values.js';
import { valueAt } from '../real-documents/invoice-score.js';
import { INVOICE_FIELDS } from '../real-documents/invoice-category.js';
import { EINVOICE_DIR, loadInvoices, type InvoiceKey } from '../real-documents/invoice-set.js';
import { KEY_OF_FIELD, RECEIPT_CATEGORY } from '../real-documents/receipt-category.js';
import { loadReceipts } from '../real-documents/sroie-set.js';

/** A field's printed value, compared as a clerk compares it. */
export interface Truth {
  value: string;
  kind: ValueKind;
}

/** One document the scorer is fitted or judged on: the family it is held out with, its parse, its truth per field. */
export interface ScorerDocument {
  family: string;
  /** Generated families no fit may ever see (bench/layouts/families.ts). */
  keptOut: boolean;
  id: string;
  category: 'invoice' | 'receipt';
  parsed: ParsedFile;
  truth: Record<string, Truth>;
}

export interface ScorerSetOptions {
  /** Parses are kept here (OCR takes minutes): sroie/, einvoice/pdf, einvoice/scan, generated/. */
  cache: string;
  /** Generated documents per layout family (text PDFs). */
  perFamily: number;
  seed: number;
  /** The sets to go through (all three unless given); the generated layout families by name (all unless given). */
  sets?: readonly ('sroie' | 'einvoice' | 'generated')[];
  families?: readonly string[];
  /** Families treated as kept out of every fit, beside the layouts' own (a test's held-out check). */
  keptOut?: readonly string[];
}

const SROIE_FOLDS = 5;

/** einvoice-dev's families are its generators, named by the file's prefix (the set's README). */
export function einvoiceFamily(id: string): string {
  const prefix = ['FX_', 'correct_Intarsys_', 'correct_intarsys_', 'correct_symtrax_'].find((p) => id.startsWith(p));
  return `einvoice-${prefix ? prefix.slice(0, -1) : 'other'}`;
}

/** Every document of the development sets and the generated families, parsed once and cached. */
export async function* scorerDocuments(options: ScorerSetOptions): AsyncGenerator<ScorerDocument> {
  const pool = new OcrPool();
  const cached = (path: string, parse: () => Promise<ParsedFile>) => cachedParse(join(options.cache, path), parse);
  const sets = new Set(options.sets ?? ['sroie', 'einvoice', 'generated']);
  try {
    const receipts = sets.has('sroie') ? await loadReceipts() : [];
    for (const [i, r] of receipts.entries()) {
      const parsed = await cached(`sroie/${r.id}.json`, async () => parseFile('jpeg', await readFile(r.image), { dpi: DEFAULT_PARSER_PARAMS.dpi, reader: pool }));
      const truth = Object.fromEntries(RECEIPT_CATEGORY.fields.flatMap(({ name }) => (r.keys[KEY_OF_FIELD[name]] === undefined ? [] : [[name, { value: r.keys[KEY_OF_FIELD[name]]!, kind: RECEIPT_KINDS[KEY_OF_FIELD[name]] }]])));
      yield { family: `sroie-fold-${i % SROIE_FOLDS}`, keptOut: false, id: r.id, category: 'receipt', parsed, truth };
    }
    for (const invoice of sets.has('einvoice') ? await loadInvoices() : []) {
      for (const set of ['pdf', 'scan'] as const) {
        const parsed = await cached(`einvoice/${set}/${invoice.id}.json`, async () => parseFile('pdf', await readFile(join(EINVOICE_DIR, set, `${invoice.id}.pdf`)), { dpi: DEFAULT_PARSER_PARAMS.dpi, reader: pool }));
        yield { family: einvoiceFamily(invoice.id), keptOut: false, id: `${set}/${invoice.id}`, category: 'invoice', parsed, truth: invoiceTruth(invoice.key) };
      }
    }
    const keys = existsSync(EINVOICE_DIR) ? (await loadInvoices()).map((i) => i.key) : [];
    const keptOut = [...KEPT_OUT_FAMILIES, ...(options.keptOut ?? [])];
    for (const family of sets.has('generated') ? LAYOUT_FAMILIES.filter((f) => !options.families || options.families.includes(f.name)) : []) {
      for (let index = 0; index < options.perFamily; index++) {
        const doc = generateDocument(family, options.seed, index, keys);
        const parsed = await cached(`generated/${options.seed}/${doc.id}.json`, async () => parseFile('pdf', (await renderTextPdf(doc)).bytes, { dpi: DEFAULT_PARSER_PARAMS.dpi, reader: pool }));
        yield { family: `gen-${family.name}`, keptOut: keptOut.includes(family.name), id: doc.id, category: doc.kind === 'receipt' ? 'receipt' : 'invoice', parsed, truth: generatedTruth(doc) };
      }
    }
  } finally {
    await pool.close();
  }
}

async function cachedParse(path: string, parse: () => Promise<ParsedFile>): Promise<ParsedFile> {
  if (existsSync(path)) return JSON.parse(await readFile(path, 'utf8')) as ParsedFile;
  const parsed = await parse();
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, JSON.stringify(parsed));
  return parsed;
}

/** The values a page prints, as the invoice bench scores them. */
function invoiceTruth(key: InvoiceKey): Record<string, Truth> {
  return Object.fromEntries(
    INVOICE_FIELDS.flatMap((field) => {
      const value = valueAt(key, field.key);
      return key.printed[field.key] && value !== null && value !== undefined ? [[field.name, { value: String(value), kind: field.kind }]] : [];
    }),
  );
}

function generatedTruth(doc: LayoutDocument): Record<string, Truth> {
  if (doc.kind !== 'receipt') return invoiceTruth(invoiceKeyOf(doc));
  return Object.fromEntries(RECEIPT_CATEGORY.fields.flatMap(({ name }) => (doc.fields[name] ? [[name, { value: doc.fields[name].value, kind: RECEIPT_KINDS[KEY_OF_FIELD[name]] }]] : [])));
}
