import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PageInfo } from '../../src/shared/api/index.js';
import type { PageReader } from '../../src/engine/pipeline/read/ocr/ocr-pool.js';
import { parsePdf } from '../../src/engine/pipeline/read/parse-pdf.js';
import type { ParsedFile, ParsedPage } from '../../src/engine/pipeline/document/parsed-document.js';
import type { SheetMarks } from '../../src/engine/pipeline/document/parsed-document.js';
import { sheetMarks, SPARSE_TEXT_LINES } from '../../src/engine/pipeline/read/marks/sheet-marks.js';
import { renderPdfPage } from '../../src/engine/pipeline/read/image/render-pdf-page.js';
import { openPdf } from '../../src/engine/pipeline/read/pdf/pdf-open.js';
import { writeStackPdf } from './stack-pdf.js';
import { pageKey, type StackPage } from './stack-plan.js';

/** One page as the engine reads it in a stack (144 dpi, as the default parser parameters). */
type CachedPage = { info: PageInfo; page: ParsedPage; sheet?: SheetMarks | undefined; marksVersion?: number };
/** Bumped when sheet-marks.ts changes what it measures. */
const MARKS_VERSION = 3;

const DPI = 144;

/**
 * A development aid (the bench itself always goes through HTTP): each distinct page of the stacks
 * read once by the engine's own parser and kept as JSON, so that boundary detection can be worked
 * on without reading the scans again.
 */
export async function cachedParse(pages: readonly StackPage[], dir: string, reader: PageReader): Promise<ParsedFile> {
  await mkdir(dir, { recursive: true });
  const read = await Promise.all(pages.map((page) => cachedPage(page, dir, reader)));
  return {
    pages: read.map((r, page) => ({ ...r.info, page })),
    document: { pages: read.map((r) => r.page) },
    sheets: read.flatMap((r, page) => (r.sheet ? [{ ...r.sheet, page }] : [])),
  };
}

const pending = new Map<string, Promise<CachedPage>>();

function cachedPage(page: StackPage, dir: string, reader: PageReader): Promise<CachedPage> {
  const key = pageKey(page);
  const file = join(dir, `${key.replace(/[^\w.#-]/g, '_')}.json`);
  const known =
    pending.get(key) ??
    readFile(file, 'utf8').then(
      async (text) => withMarks(JSON.parse(text) as CachedPage, page, file),
      () => readPage(page, file, reader),
    );
  pending.set(key, known);
  return known;
}

async function readPage(page: StackPage, file: string, reader: PageReader): Promise<CachedPage> {
  const parsed = await parsePdf(await writeStackPdf([page]), { dpi: DPI, reader });
  return withMarks({ info: parsed.pages[0]!, page: parsed.document.pages[0]! }, page, file);
}

/** The sheet marks are measured apart from the OCR (drawn in process), so that a change to them does not need the pages read again. */
async function withMarks(cached: CachedPage, page: StackPage, file: string): Promise<CachedPage> {
  if (cached.marksVersion === MARKS_VERSION) return cached;
  const doc = await openPdf(await writeStackPdf([page]), undefined);
  const sheet = sheetMarks(await renderPdfPage(doc, 0, DPI), cached.page.lines.length <= SPARSE_TEXT_LINES);
  await doc.destroy();
  const marked = { ...cached, sheet, marksVersion: MARKS_VERSION };
  await writeFile(file, JSON.stringify(marked));
  return marked;
}
