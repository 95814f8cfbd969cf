// OCR speed and accuracy on the same synthetic page images: our pipeline (worker pool), raw
// PaddleOCR through @gutenye/ocr-node, and Debian's tesseract 5 (chi_sim+eng, OMP_THREAD_LIMIT=1).
// Run: npx tsx bench/ocr-bench.ts   (tesseract: apt-get install -y tesseract-ocr tesseract-ocr-chi-sim tesseract-ocr-eng)
// Memory under sustained OCR: npx tsx bench/ocr-bench.ts --sustained [minutes]   (default 4; also needs fonts-noto-cjk)
// --built: our pool runs the worker bundle the app ships (out/main/ocr-worker.js, `npm run build`), not
// the source through tsx, whose loader in each worker holds about 60 MB more heap for every collection to mark.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ocr from '@gutenye/ocr-node';
import { OcrPool } from '../src/engine/pipeline/read/ocr/ocr-pool.js';
import { sharedCopy } from '../src/engine/pipeline/read/ocr/read-pages.js';
import type { PageTask } from '../src/engine/pipeline/read/ocr/page-task.js';
import type { ParsedLine } from '../src/engine/pipeline/document/parsed-document.js';
import { addCounts, countErrors, type ErrorCounts, type ReadLine } from './ocr/error-rates.js';
import { invoiceScans, pdfPageImages } from './ocr/invoice-scans.js';
import { benchPages, type BenchPage } from './ocr/page-set.js';
import type { SustainedPage, SustainedReport } from './ocr/sustained-run.js';

/** Lines read from a page, and CPU seconds spent outside this process (tesseract runs as a child). */
type Reader = (page: BenchPage, path: string) => Promise<{ lines: ReadLine[]; childCpu?: number }>;
type Tally = ErrorCounts & { seconds: number; pages: number };
type Result = { name: string; byKind: Map<string, Tally>; wallSeconds: number; cpuSeconds: number };

const KINDS = ['page150-clean', 'page150-degraded', 'form150-clean', 'form150-degraded', 'scan300-clean', 'scan300-degraded'] as const;
const kindOf = (page: BenchPage) => `${page.name.split('-')[0]}-${page.kind}`;
const box = (xs: number[], ys: number[]): ReadLine['box'] => [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];

function emptyTally(): Tally {
  return { chineseErrors: 0, chineseChars: 0, englishErrors: 0, englishWords: 0, seconds: 0, pages: 0 };
}

/** Reads each page in turn (one at a time), timing each. */
async function sequential(name: string, pages: readonly BenchPage[], paths: readonly string[], read: Reader): Promise<Result> {
  const byKind = new Map<string, Tally>();
  const started = performance.now();
  const cpuStart = process.cpuUsage();
  let childCpu = 0;
  for (const [i, page] of pages.entries()) {
    const t = performance.now();
    const { lines, childCpu: spent = 0 } = await read(page, paths[i]!);
    childCpu += spent;
    const tally = byKind.get(kindOf(page)) ?? emptyTally();
    byKind.set(kindOf(page), { ...addCounts(tally, countErrors(page, lines)), seconds: tally.seconds + (performance.now() - t) / 1000, pages: tally.pages + 1 });
  }
  return { name, byKind, wallSeconds: (performance.now() - started) / 1000, cpuSeconds: cpuSince(cpuStart) + childCpu };
}

/** CPU seconds of this process (its worker threads included) since `start`. */
function cpuSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
}

function taskOf(page: BenchPage): PageTask {
  return { source: { kind: 'image', format: page.format, bytes: sharedCopy(page.bytes), page: 0 }, stamps: true, regions: false };
}

function linesOf(lines: readonly Pick<ParsedLine, 'text' | 'position'>[]): ReadLine[] {
  return lines.map((l) => ({ text: l.text, box: box([l.position[0]!, l.position[4]!], [l.position[1]!, l.position[5]!]) }));
}

/** All pages given to the pool at once, as the engine does with a multi-page scan: seconds per page from the wall time. */
async function throughput(pool: OcrPool, pages: readonly BenchPage[]): Promise<Result> {
  const started = performance.now();
  const cpuStart = process.cpuUsage();
  const results = await Promise.all(pages.map((page) => pool.read(taskOf(page))));
  const wallSeconds = (performance.now() - started) / 1000;
  const cpuSeconds = cpuSince(cpuStart);
  const byKind = new Map<string, Tally>();
  pages.forEach((page, i) => {
    const tally = byKind.get(kindOf(page)) ?? emptyTally();
    byKind.set(kindOf(page), { ...addCounts(tally, countErrors(page, linesOf(results[i]!.text.lines))), seconds: 0, pages: tally.pages + 1 });
  });
  return { name: 'ours, 2 workers, all pages at once', byKind, wallSeconds, cpuSeconds };
}

/** Tesseract's lines (words grouped by block, paragraph and line) and its CPU seconds (GNU time). */
function tesseract(path: string, timing: string): { lines: ReadLine[]; childCpu: number } {
  const tsv = execFileSync('/usr/bin/time', ['-f', '%U %S', '-o', timing, 'tesseract', path, 'stdout', '-l', 'chi_sim+eng', 'tsv'], { env: { ...process.env, OMP_THREAD_LIMIT: '1' }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  const [user, system] = readFileSync(timing, 'utf8').trim().split(/\s+/).map(Number);
  const lines = new Map<string, { words: string[]; xs: number[]; ys: number[] }>();
  for (const row of tsv.split('\n').slice(1)) {
    const [level, , block, par, line, , left, top, width, height, , text] = row.split('\t');
    if (level !== '5' || !text?.trim()) continue;
    const key = `${block}.${par}.${line}`;
    const entry = lines.get(key) ?? { words: [], xs: [], ys: [] };
    entry.words.push(text.trim());
    entry.xs.push(Number(left), Number(left) + Number(width));
    entry.ys.push(Number(top), Number(top) + Number(height));
    lines.set(key, entry);
  }
  return { lines: [...lines.values()].map((l) => ({ text: l.words.join(' '), box: box(l.xs, l.ys) })), childCpu: user! + system! };
}

function hasTesseract(): boolean {
  const probe = spawnSync('tesseract', ['--list-langs'], { encoding: 'utf8' });
  return probe.status === 0 && /chi_sim/.test(probe.stdout) && /eng/.test(probe.stdout) && spawnSync('/usr/bin/time', ['true']).status === 0;
}

function rate(errors: number, total: number): string {
  return total === 0 ? '-' : `${((100 * errors) / total).toFixed(2)}%`;
}

function report(results: readonly Result[], pages: readonly BenchPage[]): void {
  const all = (r: Result) => [...r.byKind.values()].reduce((a, b) => ({ ...addCounts(a, b), seconds: a.seconds + b.seconds, pages: a.pages + b.pages }), emptyTally());
  console.log(`\n${pages.length} pages: ${KINDS.map((k) => `${pages.filter((p) => kindOf(p) === k).length} ${k}`).join(', ')}`);
  console.log('\n| engine | s/page (wall) | CPU s/page | ' + KINDS.map((k) => `s/page ${k}`).join(' | ') + ' | CER zh | WER en | CER zh degraded | WER en degraded |');
  console.log('|' + ' --- |'.repeat(7 + KINDS.length));
  for (const r of results) {
    const total = all(r);
    const degraded = [...r.byKind.entries()].filter(([k]) => k.endsWith('degraded')).reduce<ErrorCounts>((a, [, b]) => addCounts(a, b), emptyTally());
    const perKind = KINDS.map((k) => {
      const t = r.byKind.get(k);
      return t && t.seconds > 0 ? (t.seconds / t.pages).toFixed(2) : '-';
    });
    console.log(`| ${r.name} | ${(r.wallSeconds / total.pages).toFixed(2)} | ${(r.cpuSeconds / total.pages).toFixed(2)} | ${perKind.join(' | ')} | ${rate(total.chineseErrors, total.chineseChars)} | ${rate(total.englishErrors, total.englishWords)} | ${rate(degraded.chineseErrors, degraded.chineseChars)} | ${rate(degraded.englishErrors, degraded.englishWords)} |`);
  }
  const [ours, single, raw, reference] = results;
  const ratio = (a: Result | undefined, b: Result | undefined, key: 'wallSeconds' | 'cpuSeconds') => (a && b ? (a[key] / all(a).pages / (b[key] / all(b).pages)).toFixed(2) : '-');
  console.log(`\nload average while running: ${loadavg().map((l) => l.toFixed(2)).join(', ')} on ${availableParallelism()} cores`);
  console.log(`ours (2 workers) / tesseract, seconds per page: ${ratio(ours, reference, 'wallSeconds')}; CPU seconds per page: ${ratio(ours, reference, 'cpuSeconds')}`);
  console.log(`ours (one page at a time) / tesseract, seconds per page: ${ratio(single, reference, 'wallSeconds')}`);
  console.log(`ours (2 workers) / raw @gutenye/ocr-node, seconds per page: ${ratio(ours, raw, 'wallSeconds')}; CPU seconds per page: ${ratio(ours, raw, 'cpuSeconds')}`);
}

type BenchFile = { name: string; bytes: Uint8Array; format: 'png' | 'jpeg' | 'pdf' };

/** Writes the files to a temporary folder (tesseract and the sustained run read files) for the time of `use`. */
async function withFiles<T>(files: readonly BenchFile[], use: (paths: string[], dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'docket-ocr-bench-'));
  try {
    const paths = files.map((file) => {
      const path = join(dir, `${file.name}.${file.format === 'jpeg' ? 'jpg' : file.format}`);
      writeFileSync(path, file.bytes);
      return path;
    });
    return await use(paths, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const BUILT_WORKER = new URL('../out/main/ocr-worker.js', import.meta.url);

/** The pool's worker: the source through tsx, or with --built the bundle the app ships. */
function poolWorker(): URL | undefined {
  if (!process.argv.includes('--built')) return undefined;
  if (!existsSync(BUILT_WORKER)) throw new Error(`--built: ${fileURLToPath(BUILT_WORKER)} is missing; run npm run build first`);
  return BUILT_WORKER;
}

async function main(): Promise<void> {
  const pages = benchPages();
  const worker = poolWorker();
  console.log(`our workers run ${worker ? 'the built bundle out/main/ocr-worker.js' : 'the source through tsx'}`);
  await withFiles(pages, async (paths, dir) => {
    const pool = new OcrPool({ worker });
    // Every worker starts and loads its models before the clock runs: one page each, at once.
    await Promise.all(pages.slice(0, pool.capacity).map((page) => pool.read(taskOf(page))));
    const results: Result[] = [await throughput(pool, pages)];
    results.push(await sequential('ours, one page at a time', pages, paths, async (page) => ({ lines: linesOf((await pool.read(taskOf(page))).text.lines) })));
    await pool.close();
    const raw = await Ocr.create();
    results.push(
      await sequential('raw @gutenye/ocr-node', pages, paths, async (_, path) => ({
        lines: (await raw.detect(path)).map((l: { text: string; box?: number[][] }) => ({ text: l.text, box: box((l.box ?? []).map((p) => p[0]!), (l.box ?? []).map((p) => p[1]!)) })),
      })),
    );
    if (hasTesseract()) results.push(await sequential('tesseract 5 chi_sim+eng, OMP_THREAD_LIMIT=1', pages, paths, async (_, path) => tesseract(path, join(dir, 'time.txt'))));
    else console.log('tesseract with chi_sim and eng (and GNU time) is not installed: its row is left out');
    report(results, pages);
  });
}

const mb = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MB`;

/** The sustained run in a child process (bench/ocr/sustained-run.ts), so that the RSS it measures is the pool's alone. */
function sustainedChild(seconds: number, pages: readonly SustainedPage[], dir: string): SustainedReport {
  const list = join(dir, 'pages.json');
  writeFileSync(list, JSON.stringify(pages));
  const script = fileURLToPath(new URL('./ocr/sustained-run.ts', import.meta.url));
  const child = spawnSync(process.execPath, [...process.execArgv, script, String(seconds), list], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 256 * 2 ** 20 });
  if (child.status !== 0) throw new Error(`the sustained run failed (exit ${child.status})`);
  return JSON.parse(child.stdout.trim().split('\n').at(-1)!) as SustainedReport;
}

/**
 * The engine's pool kept busy for minutes with the 16 page images and two full-size invoice scans,
 * as JPEG files and as an image-only PDF, as a long batch of scans keeps it: the resident memory of
 * the process running the pool (peak, where it settled, the highest of each minute), seconds per
 * page, and errors on every reading of the page images; then tesseract once over the same pages.
 */
async function sustainedMain(minutes: number): Promise<void> {
  const pages = benchPages();
  const scans = await invoiceScans();
  const images: (BenchFile & { format: 'png' | 'jpeg' })[] = [...pages, ...scans.jpegs.map((jpeg) => ({ ...jpeg, format: 'jpeg' as const }))];
  const pdfPages = await pdfPageImages(scans.pdf);
  await withFiles([...images, { ...scans.pdf, format: 'pdf' }, ...pdfPages], async (paths, dir) => {
    const pdfPath = paths[images.length]!;
    const list: SustainedPage[] = [
      ...images.map((image, i): SustainedPage => ({ kind: 'image', format: image.format, path: paths[i]! })),
      ...pdfPages.map((_, page): SustainedPage => ({ kind: 'pdf', path: pdfPath, page, dpi: scans.pdf.dpi })),
    ];
    const run = sustainedChild(minutes * 60, list, dir);
    const total = pages.reduce<ErrorCounts>((sum, page, i) => run.reads[i]!.reduce((s, lines) => addCounts(s, countErrors(page, linesOf(lines))), sum), emptyTally());
    const perPage = run.wallSeconds / run.pages;
    console.log(`\n${list.length} pages a cycle (${pages.length} page images, ${scans.jpegs.length} full-size invoice scans as JPEG and again as a ${scans.pdf.pages}-page image-only PDF at ${scans.pdf.dpi} dpi), ${run.cycles} cycles, ${run.pages} pages in ${run.wallSeconds.toFixed(0)} s through the pool`);
    console.log(`RSS of the process running the pool: ${mb(run.idle)} before it started; ${mb(run.ready)} once both workers had read a page; peak ${mb(run.peak)}; steady (median of the last third) ${mb(run.steady)}; after the pool closed ${mb(run.closed)}`);
    console.log(`highest RSS of each minute: ${run.byMinute.map(mb).join(', ')}`);
    console.log(`ours: ${perPage.toFixed(2)} s/page (wall), ${(run.cpuSeconds / run.pages).toFixed(2)} CPU s/page; CER zh ${rate(total.chineseErrors, total.chineseChars)}, WER en ${rate(total.englishErrors, total.englishWords)} over every reading of the page images`);
    if (hasTesseract()) {
      const started = performance.now();
      const readable = paths.filter((_, i) => i !== images.length);
      for (const path of readable) tesseract(path, join(dir, 'time.txt'));
      const reference = (performance.now() - started) / 1000 / readable.length;
      console.log(`tesseract 5 chi_sim+eng, OMP_THREAD_LIMIT=1, once over the same ${readable.length} pages (the PDF's as drawn at ${scans.pdf.dpi} dpi): ${reference.toFixed(2)} s/page; ours / tesseract: ${(perPage / reference).toFixed(2)}`);
    } else console.log('tesseract with chi_sim and eng (and GNU time) is not installed: no ratio');
    console.log(`load average at the end: ${loadavg().map((l) => l.toFixed(2)).join(', ')} on ${availableParallelism()} cores`);
  });
}

const sustained = process.argv.indexOf('--sustained');
if (sustained >= 0) await sustainedMain(Number(process.argv[sustained + 1] ?? 4));
else await main();
