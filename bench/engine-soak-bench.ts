import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { openPdf } from '../src/engine/pipeline/read/pdf/pdf-open.js';
import { DEFAULT_PARSER_PARAMS } from '../src/engine/store/file-store.js';
import { IN_PROGRESS_STATUSES, RecognitionStatus } from '../src/shared/api/index.js';
import { until } from '../test/support/poll.js';
import { processMemory, readMemory, resetPeak } from './engine-memory/process-memory.js';
import { startDesk, type DeskProcess } from './engine-soak/desk-process.js';
import { eventLoops } from './engine-soak/page-workers.js';
import { treeCpuSeconds } from './engine-soak/process-cpu.js';
import type { SustainedPage, SustainedReport } from './ocr/sustained-run.js';
import { loadAverage } from './machine-load.js';
import { loadReceipts } from './real-documents/sroie-set.js';

// Issue 24: a clerk's day on the desk. The desk runs as `npm run serve` runs it (serve.ts, which
// starts the built engine out/main/engine.js: run `npm run build` first), on a fresh data folder,
// and reads the same batch several times: 50 real receipt scans (../shared/datasets/sroie-dev) and a
// few scanned invoices (../shared/datasets/einvoice-dev/scan), dropped at once; once every file has
// settled the clerk opens each one (its first page's picture from the desk's page-image cache). Then
// a pause past the page workers' idle time (60 s), so they stop, as they do over a lunch break.
// Memory: the summed resident size (VmRSS, what ps reports) of the engine's process tree (its page
// workers are threads of it), sampled every 250 ms, and its kernel peak (VmHWM, restarted at each
// batch); the same for the desk's core process (the web host's Node process) alone. The page workers
// alive after a pause are counted by their event loops (engine-soak/page-workers.ts), not by threads.
// CPU: the engine's CPU seconds per page from the drop until the last file settled, against OCR alone
// in the same run: the engine's page pool (the same built worker) reading the same pages once.
// The desk needs a Secret Service for its credentials, as the app does:
//   HOME=$(mktemp -d) dbus-run-session -- sh -c 'printf pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null; npx tsx bench/engine-soak-bench.ts'
// Options: --root <checkout> (another built checkout, for a before/after), --batches 4, --receipts 50,
// --invoices 4, --keep-priority (leave the engine below normal priority, as the desk starts it; by
// default the bench puts it back to normal: see desk-process.ts), --worker-idle-seconds <n> (development runs only: shortens the workers' idle time
// through DOCKET_ENGINE_WORKER_IDLE_SECONDS, and the pauses with it), --label <text> (printed first).
const { values } = parseArgs({
  options: {
    root: { type: 'string', default: resolve(import.meta.dirname, '..') },
    batches: { type: 'string', default: '4' },
    receipts: { type: 'string', default: '50' },
    invoices: { type: 'string', default: '4' },
    'worker-idle-seconds': { type: 'string' },
    label: { type: 'string', default: '' },
    'keep-priority': { type: 'boolean', default: false },
  },
});
const WORKER_IDLE_SECONDS = Number(values['worker-idle-seconds'] ?? 60);
/** Past the idle time, with room for a worker to finish exiting. */
const PAUSE_SECONDS = WORKER_IDLE_SECONDS + 15;
const SAMPLE_MS = 250;
const BATCH_TIMEOUT_MS = 30 * 60_000;
const PEAK_RATIO = 1.2;
const PEAK_BOUND = 1.2 * 1024 ** 3;
const IDLE_RATIO = 1.1;
const INVOICE_DIR = resolve(import.meta.dirname, '../../shared/datasets/einvoice-dev/scan');

const mb = (bytes: number) => Math.round(bytes / 1024 ** 2);

type Batch = { pages: number; failed: number; seconds: number; cpuSeconds: number; enginePeak: number; corePeak: number; engineIdle: number; coreIdle: number; idleThreads: number; idleLoops: number; load: string };

/** The engine tree's and the core's highest resident sizes while `work` runs (sampled, and the kernel's peaks). */
async function peaksDuring<T>(desk: DeskProcess, work: () => Promise<T>): Promise<{ value: T; engine: number; core: number }> {
  await Promise.all([resetPeak(desk.enginePid), resetPeak(desk.corePid, true)]);
  const peaks = { engine: 0, core: 0 };
  let running = true;
  const sampler = (async () => {
    while (running) {
      const [engine, core] = await Promise.all([readMemory(desk.enginePid), processMemory(desk.corePid)]);
      peaks.engine = Math.max(peaks.engine, engine.rss, engine.hwm);
      peaks.core = Math.max(peaks.core, core?.rss ?? 0, core?.hwm ?? 0);
      await sleep(SAMPLE_MS);
    }
  })();
  try {
    return { value: await work(), ...peaks };
  } finally {
    running = false;
    await sampler;
  }
}

type Summary = { file_id: string; recognition_status: number; total_page_num: number };

/** Drops the files as one batch (the same files every batch: "Upload duplicates all the same") and waits until every one has settled in the desk's cache. */
async function dropAndSettle(desk: DeskProcess, workspaceId: string, batch: string, paths: readonly string[]): Promise<Summary[]> {
  const staged = await Promise.all(paths.map((path) => desk.stage(path)));
  const { refused } = await desk.call<{ refused: unknown[] }>('uploads.enqueue', { paths: staged, options: { workspace_id: workspaceId, batch_number: batch }, allowDuplicates: true });
  if (refused.length > 0) throw new Error(`files refused at the drop: ${JSON.stringify(refused)}`);
  let files: Summary[] = [];
  return until(
    async () => {
      await desk.call('sync.now');
      files = (await desk.call<{ files: Summary[] }>('files.list', { workspace_id: workspaceId, batch_number: batch, page_size: 1000 })).files;
      return files.length === paths.length && files.every((f) => !(IN_PROGRESS_STATUSES as readonly number[]).includes(f.recognition_status)) && files;
    },
    { timeoutMs: BATCH_TIMEOUT_MS, stepMs: 2_000, what: () => `batch ${batch} to settle (${files.length} of ${paths.length} listed)` },
  );
}

/** The clerk opens each file: its first page's picture, drawn by the engine, into the desk's page-image cache. */
async function openEach(desk: DeskProcess, workspaceId: string, files: readonly Summary[]): Promise<void> {
  await desk.call('files.prefetch', { workspace_id: workspaceId, file_ids: files.map((f) => f.file_id) });
  for (const file of files) {
    await until(
      async () => {
        const answer = await desk.call<{ state: string; pending?: boolean }>('pageImages.get', { workspace_id: workspaceId, file_id: file.file_id, page: 0 });
        return answer.state === 'ready' || (answer.state === 'unavailable' && !answer.pending);
      },
      { timeoutMs: 120_000, stepMs: 250, what: `file ${file.file_id}'s page image` },
    );
  }
}

async function runBatch(desk: DeskProcess, workspaceId: string, index: number, paths: readonly string[]): Promise<Batch> {
  const started = performance.now();
  const load = loadAverage();
  const cpuBefore = await treeCpuSeconds(desk.enginePid);
  const { value, engine, core } = await peaksDuring(desk, async () => {
    const files = await dropAndSettle(desk, workspaceId, `soak-${index + 1}`, paths);
    const read = { files, seconds: (performance.now() - started) / 1000, cpuSeconds: (await treeCpuSeconds(desk.enginePid)) - cpuBefore };
    await openEach(desk, workspaceId, files);
    return read;
  });
  await sleep(PAUSE_SECONDS * 1000);
  const [idle, coreIdle, idleLoops] = await Promise.all([readMemory(desk.enginePid), processMemory(desk.corePid), eventLoops(desk.enginePid)]);
  return {
    pages: value.files.reduce((n, f) => n + f.total_page_num, 0),
    failed: value.files.filter((f) => f.recognition_status === RecognitionStatus.failed).length,
    seconds: value.seconds,
    cpuSeconds: value.cpuSeconds,
    enginePeak: engine,
    corePeak: core,
    engineIdle: idle.rss,
    coreIdle: coreIdle?.rss ?? 0,
    idleThreads: idle.threads,
    idleLoops,
    load,
  };
}

/** OCR alone: the engine's page pool with the same built worker, reading the same pages once in a process of its own (bench/ocr/sustained-run.ts). */
async function ocrAlone(root: string, receipts: readonly string[], invoices: readonly string[]): Promise<SustainedReport> {
  const pages: SustainedPage[] = receipts.map((path) => ({ kind: 'image', format: 'jpeg', path }));
  for (const path of invoices) {
    const doc = await openPdf(new Uint8Array(await readFile(path)), undefined);
    for (let page = 0; page < doc.numPages; page++) pages.push({ kind: 'pdf', path, page, dpi: DEFAULT_PARSER_PARAMS.dpi });
    await doc.destroy();
  }
  const dir = await mkdtemp(join(tmpdir(), 'docket-soak-ocr-'));
  try {
    await writeFile(join(dir, 'pages.json'), JSON.stringify(pages));
    const script = fileURLToPath(new URL('./ocr/sustained-run.ts', import.meta.url));
    const child = spawnSync(process.execPath, ['--import', 'tsx', script, '0', join(dir, 'pages.json'), join(root, 'out/main/ocr-worker.js')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 256 * 2 ** 20 });
    if (child.status !== 0) throw new Error(`OCR alone failed (exit ${child.status})`);
    return JSON.parse(child.stdout.trim().split('\n').at(-1)!) as SustainedReport;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const root = resolve(values.root);
/** The glibc allocator variables (MALLOC_*) the engine was started with, as its environment holds them. */
async function allocatorEnv(pid: number): Promise<string> {
  const environ = await readFile(`/proc/${pid}/environ`, 'utf8').catch(() => '');
  return environ.split('\0').filter((entry) => entry.startsWith('MALLOC_')).sort().join(' ');
}
/** The first receipts of the set with distinct content: the desk refuses a second copy within one drop (two scans of the set are repeated). */
async function distinctReceipts(count: number): Promise<string[]> {
  const seen = new Set<string>();
  const picked: string[] = [];
  for (const { image } of await loadReceipts()) {
    const hash = createHash('sha256').update(await readFile(image)).digest('hex');
    if (picked.length < count && !seen.has(hash)) picked.push(image);
    seen.add(hash);
  }
  return picked;
}

const receipts = await distinctReceipts(Number(values.receipts));
const invoices = (await readdir(INVOICE_DIR)).filter((f) => f.endsWith('.pdf')).sort().slice(0, Number(values.invoices)).map((f) => join(INVOICE_DIR, f));
const env = { ...process.env, ...(values['worker-idle-seconds'] ? { DOCKET_ENGINE_WORKER_IDLE_SECONDS: values['worker-idle-seconds'] } : {}) };
const desk = await startDesk(root, env, { normalPriority: !values['keep-priority'] });
const batches: Batch[] = [];
let start: { engine: number; core: number; threads: number; loops: number; allocator: string };
try {
  const workspaceId = (await until(async () => (await desk.call<{ workspaces: { workspace_id: string }[] }>('workspaces.list')).workspaces[0]?.workspace_id, { timeoutMs: 120_000, what: 'the desk to sync its workspace' }))!;
  await sleep(5_000);
  const [engine, core, loops, allocator] = await Promise.all([readMemory(desk.enginePid), processMemory(desk.corePid), eventLoops(desk.enginePid), allocatorEnv(desk.enginePid)]);
  start = { engine: engine.rss, core: core?.rss ?? 0, threads: engine.threads, loops, allocator };
  for (let i = 0; i < Number(values.batches); i++) {
    batches.push(await runBatch(desk, workspaceId, i, [...receipts, ...invoices]));
    const b = batches.at(-1)!;
    console.error(`batch ${i + 1}: engine peak ${mb(b.enginePeak)} MB, idle ${mb(b.engineIdle)} MB (${b.idleThreads} threads, ${b.idleLoops - start.loops} page workers alive); core peak ${mb(b.corePeak)} MB, idle ${mb(b.coreIdle)} MB; ${b.pages} pages in ${b.seconds.toFixed(0)} s, ${(b.cpuSeconds / b.pages).toFixed(2)} CPU s/page`);
  }
} finally {
  await desk.stop();
}
const alone = await ocrAlone(root, receipts, invoices);
const aloneCpu = alone.cpuSeconds / alone.pages;

const first = batches[0]!;
const last = batches.at(-1)!;
const rows = batches.map(
  (b, i) =>
    `| ${i + 1} | ${b.pages} (${b.failed} failed) | **${mb(b.enginePeak)}** | ${(b.enginePeak / first.enginePeak).toFixed(2)} | **${mb(b.engineIdle)}** | ${b.idleLoops - start!.loops} | ${b.idleThreads} | ${mb(b.corePeak)} | ${mb(b.coreIdle)} | ${(b.cpuSeconds / b.pages).toFixed(2)} | ${(b.cpuSeconds / b.pages / aloneCpu).toFixed(2)} | ${(b.pages / b.seconds).toFixed(2)} | ${b.load} |`,
);
const worstPeak = Math.max(...batches.map((b) => b.enginePeak));
const verdicts = [
  `every batch's peak <= ${PEAK_RATIO}x the first's: ${batches.every((b) => b.enginePeak <= PEAK_RATIO * first.enginePeak) ? 'yes' : 'NO'} (worst ${(worstPeak / first.enginePeak).toFixed(2)}x)`,
  `every batch's peak <= ${mb(PEAK_BOUND)} MB: ${worstPeak <= PEAK_BOUND ? 'yes' : 'NO'} (worst ${mb(worstPeak)} MB)`,
  `the idle engine after the last batch <= ${IDLE_RATIO}x its size after the first: ${last.engineIdle <= IDLE_RATIO * first.engineIdle ? 'yes' : 'NO'} (${(last.engineIdle / first.engineIdle).toFixed(2)}x)`,
  `page workers stopped in every pause (the engine back to the ${start!.loops} event loops it had before the first batch): ${batches.every((b) => b.idleLoops <= start!.loops) ? 'yes' : 'NO'}`,
];
const body = [
  `${values.label ? `**${values.label}**: ` : ''}\`npx tsx bench/engine-soak-bench.ts${values['worker-idle-seconds'] ? ` --worker-idle-seconds ${values['worker-idle-seconds']}` : ''}\`, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${root === resolve(import.meta.dirname, '..') ? 'this checkout' : root}: ${batches.length} batches of ${receipts.length} receipt scans and ${invoices.length} scanned invoices, pauses of ${PAUSE_SECONDS} s (page workers' idle time ${WORKER_IDLE_SECONDS} s). The engine's allocator settings: ${start!.allocator || 'none'}. Before the first batch: engine ${mb(start!.engine)} MB (${start!.threads} threads, ${start!.loops} event loops), core ${mb(start!.core)} MB. OCR alone on the same pages: ${aloneCpu.toFixed(2)} CPU s/page (${alone.pages} pages).`,
  '',
  '| batch | pages | engine peak (MB) | / first | engine idle after the pause (MB) | page workers alive | its threads | core peak (MB) | core idle (MB) | engine CPU s/page | / OCR alone | pages/s | load before |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ...rows,
  '',
  ...verdicts.map((v) => `- ${v}`),
].join('\n');
console.log(body);
