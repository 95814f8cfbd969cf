import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { imagePages } from '../src/engine/pipeline/read/image/image-header.js';
import { RecognitionStatus } from '../src/shared/api/index.js';
import { defaultWorkspace, startEngineProcess } from '../test/contract/engine-process.js';
import { renderImagePdf } from './corpus/render-pdf.js';
import { invoiceScans } from './ocr/invoice-scans.js';
import { peakSample, readMemory, resetPeak, rssByMinute, sampleMemory, steadyRss, type MemoryReading, type MemorySample } from './engine-memory/process-memory.js';
import { loadAverage } from './machine-load.js';
import { recordSection } from './pipeline/record-section.js';
import { runBatch } from './pipeline/run-batch.js';
import { loadReceipts, SROIE_DIR } from './real-documents/sroie-set.js';

// npx tsx bench/engine-memory-bench.ts [--batch images,pdf,a4,a4-pdf] [--limit 200] [--built] [--record]
// Issue 14: a 200-page scanned batch never takes the engine above 2.5 GB. The engine runs as the app
// runs it (its CLI in a process of its own, --background, a new desk's starter workspace) and, from a
// fresh start each time, reads one of these batches:
// - images: the real receipt scans of ../shared/datasets/sroie-dev, one upload after the other with
//   no pause (the engine answers an upload once the file is stored, long before it is read);
// - pdf: the same scans as the pages of one image-only PDF;
// - a4 (not run by default, the heaviest pages): as many full-size A4 scans at 300 dpi, 20 drawn by
//   the corpus's renderer and uploaded in turn as separate files;
// - a4-pdf (not by default): the same pages as two image-only PDFs, read at once (the job queue takes two files).
// The engine's memory (its process, worker threads included, and any child process) is sampled every
// 250 ms from the first upload until every file has settled.
// Reference in the same run: the engine's idle RSS after start; the bound is the issue's.
const { values } = parseArgs({ options: { batch: { type: 'string', default: 'images,pdf' }, limit: { type: 'string', default: '200' }, built: { type: 'boolean', default: false }, record: { type: 'boolean', default: false } } });
const BOUND = 2.5 * 1024 ** 3;
const SAMPLE_MS = 250;
const TIMEOUT_MS = 60 * 60_000;
// ScanSnap's header in every receipt of the set: the PDF's pages get the paper size the receipts had.
const RECEIPT_DPI = 150;
const A4_DPI = 300;
// Two PDFs of A4 scans at 300 dpi: 100 pages of about 800 KB each stay under the engine's 100 MB a file.
const A4_PDFS = 2;
const SETTLE_MS = 2_000;
// Distinct A4 drawings: each takes seconds to draw, and the engine reads every upload anew.
const A4_SEEDS = 10;

const mb = (bytes: number) => `${Math.round(bytes / 1024 ** 2)} MB`;
const git = (...args: string[]) => execFileSync('git', args, { cwd: import.meta.dirname, encoding: 'utf8' }).trim();
// The engine is read from the working tree: name its commit, and say when the engine's sources differ from it.
const engineVersion = () => `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain', '--', '../src/engine') === '' ? '' : ' with uncommitted changes to src/engine'}`;

type BatchReport = { label: string; pages: number; failed: number; seconds: number; idle: MemoryReading; samples: MemorySample[]; hwm: number; loadBefore: string; loadAfter: string };

/** An image-only PDF, one scan a page at the paper size it was scanned from, as a scanner writes a batch into one file. */
async function scansAsPdf(paths: readonly string[], dpi: number): Promise<Uint8Array> {
  const points = (px: number) => (px * 72) / dpi;
  const jpegs = await Promise.all(
    paths.map(async (path) => {
      const bytes = new Uint8Array(await readFile(path));
      const [size] = imagePages(bytes, 'jpeg');
      return { bytes, width: points(size!.width), height: points(size!.height) };
    }),
  );
  return renderImagePdf(jpegs);
}

/** Full-size A4 scans (2479 × 3508, JPEG), two per seed, written into `dir`; their file names. */
async function a4Scans(dir: string): Promise<string[]> {
  const names: string[] = [];
  for (let seed = 0; seed < A4_SEEDS; seed++) {
    for (const jpeg of (await invoiceScans(seed)).jpegs) {
      names.push(`${jpeg.name}-${seed}.jpg`);
      await writeFile(join(dir, names.at(-1)!), jpeg.bytes);
    }
  }
  return names;
}

/** A fresh engine, its idle memory once started, then one batch with its memory sampled until every file has settled. */
async function measure(label: string, dir: string, files: readonly string[]): Promise<BatchReport> {
  const engine = await startEngineProcess({ starter: true, built: values.built, args: ['--background'] });
  try {
    const pid = engine.child.pid!;
    const workspaceId = await defaultWorkspace(engine);
    await sleep(SETTLE_MS);
    const idle = await readMemory(pid);
    await resetPeak(pid);
    const loadBefore = loadAverage();
    const sampler = sampleMemory(pid, SAMPLE_MS);
    const run = await runBatch(engine.client, dir, workspaceId, files.map((file, i) => ({ id: String(i), file })), {}, TIMEOUT_MS);
    const { samples, last } = await sampler.stop();
    const failed = [...run.records.values()].filter((r) => r.recognition_status === RecognitionStatus.failed).length;
    const pages = (await engine.client.files.fetch({ workspace_id: workspaceId, with_document: false, page_size: 1000 })).files.reduce((n, f) => n + (f.pages?.length ?? 0), 0);
    return { label, pages, failed, seconds: run.seconds, idle, samples, hwm: last.hwm, loadBefore, loadAfter: loadAverage() };
  } finally {
    await engine.stop();
  }
}

/** What the tree held besides the engine's own process, over every sample. */
function children(reports: readonly BatchReport[]): string {
  const names = new Set(reports.flatMap((r) => r.samples.flatMap((s) => s.commands.slice(1))));
  return names.size > 0 ? `its child processes summed in: ${[...names].join(', ')}` : 'it started no child process';
}

function describe(report: BatchReport): string[] {
  const peak = peakSample(report.samples)!;
  const steady = steadyRss(report.samples);
  const highest = Math.max(peak.rss, report.hwm);
  return [
    `| ${report.label} | ${report.pages} | ${mb(peak.rss)} | ${mb(report.hwm)} | ${mb(steady)} | ${rssByMinute(report.samples).map((r) => Math.round(r / 1024 ** 2)).join(', ')} | ${mb(report.idle.rss)} | ${(highest / report.idle.rss).toFixed(1)}× | ${(highest / BOUND).toFixed(2)} | ${(report.pages / report.seconds).toFixed(2)} | ${report.failed} | ${report.loadBefore} → ${report.loadAfter} |`,
    `  at the sampled peak (${peak.seconds.toFixed(0)} s in): anonymous ${mb(peak.anon)}, file-backed ${mb(peak.file)}, ${peak.threads} threads in ${peak.commands.length} process(es) (${peak.commands.join(', ')})`,
  ];
}

const version = engineVersion();
const receipts = (await loadReceipts()).slice(0, Number(values.limit));
const scratch = await mkdtemp(join(tmpdir(), 'docket-memory-bench-'));
const reports: BatchReport[] = [];
try {
  const batches = values.batch.split(',');
  if (batches.includes('images')) reports.push(await measure('receipt scans, one file each', join(SROIE_DIR, 'img'), receipts.map((r) => `${r.id}.jpg`)));
  if (batches.includes('pdf')) {
    await writeFile(join(scratch, 'receipts.pdf'), await scansAsPdf(receipts.map((r) => r.image), RECEIPT_DPI));
    reports.push(await measure(`the same scans as one ${receipts.length}-page image-only PDF`, scratch, ['receipts.pdf']));
  }
  if (batches.some((b) => b.startsWith('a4'))) {
    const scans = await a4Scans(scratch);
    const pages = receipts.map((_, i) => scans[i % scans.length]!);
    if (batches.includes('a4')) reports.push(await measure(`A4 scans at 300 dpi, one file each (${scans.length} drawings in turn)`, scratch, pages));
    if (batches.includes('a4-pdf')) {
      const perPdf = Math.ceil(pages.length / A4_PDFS);
      const pdfs = Array.from({ length: A4_PDFS }, (_, i) => `a4-${i}.pdf`);
      for (const [i, name] of pdfs.entries()) await writeFile(join(scratch, name), await scansAsPdf(pages.slice(i * perPdf, (i + 1) * perPdf).map((file) => join(scratch, file)), A4_DPI));
      reports.push(await measure(`the same A4 pages as ${A4_PDFS} image-only PDFs of ${perPdf} pages`, scratch, pdfs));
    }
  }
} finally {
  await rm(scratch, { recursive: true, force: true });
}

const lines = [
  `\`npx tsx bench/engine-memory-bench.ts${values.built ? ' --built' : ''}\`, ${new Date().toISOString().slice(0, 10)}: the engine ${values.built ? 'bundle (out/main/engine.js)' : `from source at ${version} (tsx, as \`npm start\` runs it)`} started as the app starts it, a fresh engine for each batch. Memory of the engine's process (its worker threads included; ${children(reports)}) sampled every ${SAMPLE_MS} ms from the first upload until the last file settled; VmHWM is the kernel's peak over the same span. Steady is the median of the last third of the samples. Reference in the same run: the engine's idle RSS after start, and the issue's bound of ${mb(BOUND)}.`,
  '',
  '| batch | pages | peak RSS (sampled) | VmHWM | steady RSS | highest RSS of each minute (MB) | idle RSS | VmHWM / idle | VmHWM / bound | pages/s | failed | load average (1, 5, 15 min) before → after |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
];
const notes: string[] = [];
for (const report of reports) {
  const [row, note] = describe(report);
  lines.push(row!);
  notes.push(`- ${report.label}: ${note!.trim()}`);
}
const body = [...lines, '', ...notes].join('\n');
console.log(body);
const over = reports.filter((r) => Math.max(r.hwm, peakSample(r.samples)!.rss) > BOUND);
console.log(over.length === 0 ? `\nWithin the bound: every batch stayed under ${mb(BOUND)}.` : `\nOVER THE BOUND: ${over.map((r) => r.label).join('; ')}.`);
if (values.record) await recordSection(resolve(import.meta.dirname, '../docs/benchmarks.md'), 'Engine memory over a 200-page scanned batch (issue 14)', body);
