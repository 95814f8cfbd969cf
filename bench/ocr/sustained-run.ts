// The sustained OCR run in a process of its own, as the engine runs its pool, so that the memory it
// reports is the pool's, not that of the bench which drew the page images. Started by
// `bench/ocr-bench.ts --sustained`: sustained-run.ts <seconds> <images.json> [<worker bundle>]; prints one JSON line.
// 0 seconds reads each page once (bench/engine-soak-bench.ts: OCR alone, with the built worker).
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { OcrPool, type PageReader } from '../../src/engine/pipeline/read/ocr/ocr-pool.js';
import type { PageResult, PageTask } from '../../src/engine/pipeline/read/ocr/page-task.js';
import { sharedCopy } from '../../src/engine/pipeline/read/ocr/read-pages.js';
import type { ParsedLine } from '../../src/engine/pipeline/document/parsed-document.js';
import { processMemory, resetPeak, rssByMinute, steadyRss } from '../engine-memory/process-memory.js';

/** A page to read: an image file, or a page of a PDF rendered at `dpi`. */
export type SustainedPage = { kind: 'image'; format: 'png' | 'jpeg'; path: string } | { kind: 'pdf'; path: string; page: number; dpi: number };

/** RSS in bytes; `reads[i]` holds every reading of page i, as its lines' text and position. */
export type SustainedReport = {
  idle: number;
  ready: number;
  peak: number;
  steady: number;
  closed: number;
  byMinute: number[];
  pages: number;
  cycles: number;
  wallSeconds: number;
  cpuSeconds: number;
  reads: Pick<ParsedLine, 'text' | 'position'>[][][];
};

/** Resident memory of this process (worker threads and native allocations included) over a run, in bytes. */
type MemoryTrace = { samples: { seconds: number; rss: number }[]; peakRss: number };
type SustainedRun = MemoryTrace & { pages: number; cycles: number; wallSeconds: number };

const SAMPLE_MS = 250;

/**
 * Keeps every worker busy with the pages, cycle after cycle, for at least `seconds` (the last cycle
 * is finished, so each page is read as often as the others), sampling the process's RSS meanwhile.
 * `onRead` sees every page read (its index in `tasks`).
 */
async function sustain(reader: PageReader, tasks: readonly PageTask[], seconds: number, onRead: (index: number, result: PageResult) => void): Promise<SustainedRun> {
  const started = performance.now();
  const elapsed = () => (performance.now() - started) / 1000;
  const samples: MemoryTrace['samples'] = [];
  // The kernel's peak (VmHWM) catches peaks between samples; restarted from the present RSS here.
  await resetPeak(process.pid, true);
  const sampler = setInterval(() => samples.push({ seconds: elapsed(), rss: process.memoryUsage.rss() }), SAMPLE_MS);
  let next = 0;
  const lane = async () => {
    while (next === 0 || next % tasks.length !== 0 || elapsed() < seconds) {
      const index = next++ % tasks.length;
      onRead(index, await reader.read(tasks[index]!));
    }
  };
  try {
    await Promise.all(Array.from({ length: reader.capacity }, lane));
  } finally {
    clearInterval(sampler);
  }
  return { samples, peakRss: Math.max((await processMemory(process.pid))?.hwm ?? 0, ...samples.map((s) => s.rss)), pages: next, cycles: next / tasks.length, wallSeconds: elapsed() };
}

const [seconds, list, worker] = process.argv.slice(2);
const files = new Map<string, SharedArrayBuffer>();
// One shared copy per file, as the engine gives its workers; a PDF's pages share it.
const bytesOf = (path: string) => files.get(path) ?? files.set(path, sharedCopy(readFileSync(path))).get(path)!;
const tasks: PageTask[] = (JSON.parse(readFileSync(list!, 'utf8')) as SustainedPage[]).map((page) => ({
  source: page.kind === 'image' ? { kind: 'image', format: page.format, bytes: bytesOf(page.path), page: 0 } : { kind: 'pdf', key: page.path, bytes: bytesOf(page.path), password: undefined, page: page.page, dpi: page.dpi },
  stamps: true,
  regions: false,
}));
const idle = process.memoryUsage.rss();
const pool = new OcrPool({ worker: worker === undefined ? undefined : pathToFileURL(worker) });
// Both workers load their models before the clock runs.
await Promise.all([pool.read(tasks[0]!), pool.read(tasks[1]!)]);
const ready = process.memoryUsage.rss();
const reads: SustainedReport['reads'] = tasks.map(() => []);
const cpuStart = process.cpuUsage();
const run = await sustain(pool, tasks, Number(seconds), (index, result) => reads[index]!.push(result.text.lines.map((l) => ({ text: l.text, position: l.position }))));
const cpu = process.cpuUsage(cpuStart);
await pool.close();
const report: SustainedReport = {
  idle,
  ready,
  peak: run.peakRss,
  steady: steadyRss(run.samples),
  closed: process.memoryUsage.rss(),
  byMinute: rssByMinute(run.samples),
  pages: run.pages,
  cycles: run.cycles,
  wallSeconds: run.wallSeconds,
  cpuSeconds: (cpu.user + cpu.system) / 1e6,
  reads,
};
process.stdout.write(`${JSON.stringify(report)}\n`);
