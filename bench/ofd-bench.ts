import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadImage } from '@napi-rs/canvas';
import type { FileRecord } from '../src/shared/api/index.js';
import { OcrPool } from '../src/engine/pipeline/read/ocr/ocr-pool.js';
import { parseFile } from '../src/engine/pipeline/read/parse-file.js';
import { drawOfdPage } from '../src/engine/pipeline/read/ofd/draw-ofd-page.js';
import { sharedCopy } from '../src/engine/pipeline/read/ocr/read-pages.js';
import { readOfdDocument } from '../src/engine/pipeline/read/ofd/ofd-document.js';
import { readOfdPages } from '../src/engine/pipeline/read/ofd/read-ofd-pages.js';
import { DEFAULT_PARSER_PARAMS } from '../src/engine/store/file-store.js';
import { startEngineProcess, type EngineProcess } from '../test/contract/engine-process.js';
import { makeTextPdf } from '../test/fixtures/text-pdf.js';
import { loadAverage } from './machine-load.js';
import { cpuSeconds } from './real-documents/process-cpu.js';
import { loadOfdSet, withOneByteChanged, type OfdEntry } from './ofd/ofd-set.js';
import { readerOnly } from './ofd/reader-only.js';

// npx tsx bench/ofd-bench.ts [--reader-only]
// ../shared/datasets/ofd-dev through the engine over HTTP: files read (text and every page image served
// at its size), invoice values equal to those of the invoice XML (read here with plain patterns), each
// signed file's seal check as uploaded and with one byte of a page changed, engine CPU per page. Reference
// in the same run: the same text read from a PDF text layer, in process.
const DPI = DEFAULT_PARSER_PARAMS.dpi;
const TIMEOUT_MS = 10 * 60_000;

async function upload(engine: EngineProcess, workspaceId: string, name: string, bytes: Uint8Array, category: string | undefined): Promise<string> {
  const path = join(engine.dataDir, `upload-${name}`);
  await writeFile(path, bytes);
  const { files } = await engine.client.files.upload(path, { workspace_id: workspaceId, ...(category ? { category } : {}) });
  return files[0]!.task_id;
}

async function settled(engine: EngineProcess, workspaceId: string, taskId: string): Promise<FileRecord> {
  const deadline = Date.now() + TIMEOUT_MS;
  for (;;) {
    const answer = await engine.client.files.fetch({ workspace_id: workspaceId, task_id: taskId, with_document: true });
    const record = answer.files[0]!;
    if (record.recognition_status === 1 || record.recognition_status === 2) {
      process.stderr.write(`settled ${record.name} (${record.recognition_status === 1 ? 'success' : 'failed'})\n`);
      return record;
    }
    if (Date.now() > deadline) throw new Error(`task ${taskId} still in progress`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** Every page's image, fetched through its signed link, decodes at the size fetch reports. */
async function pagesDrawn(engine: EngineProcess, workspaceId: string, taskId: string): Promise<boolean> {
  const { pages } = (await engine.client.files.fetch({ workspace_id: workspaceId, task_id: taskId, with_image_url: true })).files[0]!;
  for (const page of pages) {
    const image = await loadImage(Buffer.from(await (await fetch(page.image_url!)).arrayBuffer()));
    if (image.width !== page.width || image.height !== page.height) return false;
  }
  return pages.length > 0;
}

function valuesExact(entry: OfdEntry, record: FileRecord): { exact: number; total: number; wrong: string[] } {
  const fields = new Map((record.data?.fields ?? []).map((f) => [f.key, f.value]));
  const lines = (record.data?.tables[0]?.items ?? []).map((row) => row.find((c) => c.key === 'Amount')?.value ?? '');
  const wanted = [...Object.entries(entry.expected ?? {}), ...entry.expectedLines.map((amount, i) => [`line ${i + 1} amount`, amount] as const)];
  const got = (key: string) => (key.startsWith('line ') ? lines[Number(key.split(' ')[1]) - 1] : fields.get(key));
  const wrong = wanted.filter(([key, value]) => got(key) !== value).map(([key, value]) => `${key}: ${got(key) ?? '-'} (XML ${value})`);
  return { exact: wanted.length - wrong.length, total: wanted.length, wrong };
}

const sealChecks = (record: FileRecord) => (record.data?.stamps ?? []).map((s) => s as { signature?: string; signatureReason?: string }).filter((s) => s.signature);
const sm2Verified = (record: FileRecord) => new Set(sealChecks(record).filter((s) => /\(SM2\) verified|SM2 signature verified/.test(s.signatureReason ?? '')).map((s) => s.signatureReason)).size;

const sealStatus = (record: FileRecord) => {
  const statuses = (record.data?.stamps ?? []).map((s) => (s as { signature?: string }).signature).filter(Boolean);
  return statuses.length === 0 ? 'no seal read' : [...new Set(statuses)].join('+');
};

/** CPU seconds per page of reading `bytes` in process, format by format, over `rounds` rounds. */
async function inProcessSecondsPerPage(pool: OcrPool, format: 'ofd' | 'pdf', files: readonly Uint8Array[], rounds: number): Promise<number> {
  let pages = 0;
  const before = process.cpuUsage();
  for (let r = 0; r < rounds; r++) for (const bytes of files) pages += (await parseFile(format, bytes, { dpi: DPI, reader: pool })).pages.length;
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1e6 / pages;
}

const set = await loadOfdSet();
if (parseArgs({ options: { 'reader-only': { type: 'boolean', default: false } } }).values['reader-only']) {
  console.log(`OFD reader alone (ofd-dev, ${set.length} files), in process; load ${loadAverage()}`);
  await readerOnly(set);
  process.exit(0);
}
const engine = await startEngineProcess({ starter: true });
try {
  const workspaceId = (await engine.client.workspaces.list({})).workspaces[0]!.workspace_id;
  const cpuBefore = await cpuSeconds(engine.child.pid!);
  const tasks: string[] = [];
  for (const entry of set) tasks.push(await upload(engine, workspaceId, entry.file, entry.bytes, entry.expected ? 'VAT invoice' : undefined));
  const records = await Promise.all(tasks.map((task) => settled(engine, workspaceId, task)));
  const engineCpu = (await cpuSeconds(engine.child.pid!)) - cpuBefore;
  const alteredTasks: (string | undefined)[] = [];
  for (const entry of set) alteredTasks.push(entry.signed ? await upload(engine, workspaceId, `altered-${entry.file}`, withOneByteChanged(entry.bytes), undefined) : undefined);
  const altered = await Promise.all(alteredTasks.map((task) => task && settled(engine, workspaceId, task)));
  let [read, pages, exact, total] = [0, 0, 0, 0];
  const counts = { intact: 0, altered: 0, notChecked: 0, alteredCaught: 0, alteredTried: 0, sm2: 0 };
  console.log(`OFD files (ofd-dev, ${set.length} files) through the engine over HTTP; load ${loadAverage()}`);
  for (const [i, entry] of set.entries()) {
    const record = records[i]!;
    const ok = record.recognition_status === 1 && (record.document?.pages ?? []).some((p) => p.lines.length > 0) && (await pagesDrawn(engine, workspaceId, record.task_id));
    if (ok) read++;
    pages += record.pages.length;
    const values = entry.expected ? valuesExact(entry, record) : undefined;
    if (values) [exact, total] = [exact + values.exact, total + values.total];
    const seal = sealStatus(record);
    const after = altered[i] ? sealStatus(altered[i]!) : '';
    if (entry.signed) {
      counts.sm2 += sm2Verified(record);
      if (seal.includes('intact')) counts.intact++;
      if (seal.includes('altered')) counts.altered++;
      if (!seal.includes('intact') && !seal.includes('altered')) counts.notChecked++;
      counts.alteredTried++;
      if (after.includes('altered')) counts.alteredCaught++;
    }
    const why = record.recognition_status === 2 ? ` failed: ${record.failure_causes}` : '';
    // Files with hardly any text (OCR of drawn pages) show what was read.
    const lines = (record.document?.pages ?? []).flatMap((p) => p.lines.map((l) => l.text));
    const shown = lines.length > 0 && lines.length <= 4 ? `, text ${lines.map((t) => JSON.stringify(t)).join(' ')}` : '';
    console.log(`  ${entry.id.padEnd(40)} ${ok ? 'read' : 'NOT READ'} ${record.pages.length} p${values ? `, values ${values.exact}/${values.total}${values.wrong.length ? ` (${values.wrong.join('; ')})` : ''}` : ''}${entry.signed ? `, seal ${seal}, one byte changed: ${after}` : ''}${shown}${why}`);
  }
  console.log(`  files read with text and every page image: ${read} of ${set.length}`);
  console.log(`  invoice values equal to the invoice XML: ${exact} of ${total}`);
  console.log(`  signed files (${counts.alteredTried}): intact ${counts.intact}, altered as uploaded ${counts.altered}, not checked ${counts.notChecked}; with one byte of a page changed: altered ${counts.alteredCaught} of ${counts.alteredTried}`);
  console.log(`  signatures whose SM2 value was verified (as uploaded): ${counts.sm2}; SM3 digests of the signed parts: checked`);
  const perPage = engineCpu / pages;
  const pool = new OcrPool();
  // The reference is a text layer: only files whose every page has text objects (no page sent to OCR).
  const allText = (await Promise.all(set.map(async (e) => ((await readOfdPages({ bytes: sharedCopy(e.bytes), dpi: DPI, pageIndexes: undefined })).pictures.length === 0 ? [e] : [])))).flat();
  const readable = await Promise.all(allText.slice(0, 8).map(async (e) => ({ e, p: await parseFile('ofd', e.bytes, { dpi: DPI, reader: pool }) })));
  const ofdPerPage = await inProcessSecondsPerPage(pool, 'ofd', readable.map((t) => t.e.bytes), 2);
  // Helvetica has no Chinese glyphs: each character it cannot encode is written as "x", so the PDF's
  // text layer holds as many glyphs and lines as the OFD's text.
  const latin = (text: string) => Array.from(text, (c) => (/[\x20-\x7e]/.test(c) ? c : 'x')).join('');
  const pdfs = await Promise.all(readable.map((t) => makeTextPdf(t.p.document.pages.map((p) => p.lines.map((l) => latin(l.text))))));
  const pdfPerPage = await inProcessSecondsPerPage(pool, 'pdf', pdfs, 2);
  await pool.close();
  const drawStart = process.cpuUsage();
  let drawn = 0;
  for (const t of readable) for (let p = 0; p < t.p.pages.length; p++, drawn++) await drawOfdPage(readOfdDocument(t.e.bytes), p, DPI);
  const drawUsed = process.cpuUsage(drawStart);
  console.log(`  engine CPU per page (read, classify, extract, check) ${perPage.toFixed(2)} s`);
  console.log(`  in process, ${readable.length} files: OFD read ${ofdPerPage.toFixed(3)} s per page; the same text from a PDF text layer ${pdfPerPage.toFixed(3)} s per page: ratio ${(ofdPerPage / pdfPerPage).toFixed(2)}x; page image drawn at ${DPI} dpi ${((drawUsed.user + drawUsed.system) / 1e6 / drawn).toFixed(3)} s per page`);
} finally {
  await engine.stop();
}
