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
import { scannerPages } from './engine-memory/scanner-pages.js';
import { startDesk, type DeskProcess } from './engine-soak/desk-process.js';
import { startNpmEngine } from './engine-soak/npm-engine.js';
import { probeIdle, type IdleProbe } from './engine-soak/idle-probe.js';
import { eventLoops } from './engine-soak/page-workers.js';
import { treeCpuSeconds } from './engine-soak/process-cpu.js';
import type { SustainedPage, SustainedReport } from './ocr/sustained-run.js';
import { loadAverage } from './machine-load.js';
import { runBatch as runEngineBatch } from './pipeline/run-batch.js';
import { loadReceipts } from './real-documents/sroie-set.js';

// Issue 24: a clerk's day on the desk. The desk runs as `npm run serve` runs it (serve.ts, which
// starts the built engine out/main/engine.js: run `npm run build` first), on a fresh data folder,
// and reads the same batch several times: 50 real receipt scans (../shared/datasets/sroie-dev), a
// few scanned invoices (../shared/datasets/einvoice-dev/scan) and (issue 31) a few A4 pages as an
// office scanner writes them at 600 dpi, 4961 x 7016 pixels (einvoice-dev/pdf drawn by pdf.js:
// grey and colour JPEG, a G4 and an LZW TIFF; engine-memory/scanner-pages.ts, drawn once into a
// temporary folder), dropped at once; once every file has settled the clerk opens each one (its first
// page's picture from the desk's page-image cache). Then a pause past the page workers' idle time
// (60 s), so they stop, as they do over a lunch break.
// --launch npm: the engine alone, as `npm run engine` starts it in the checkout (engine-soak/npm-engine.ts;
// the bundle it builds, out/main/engine.js, as the desk runs it; until 7647982 it ran the source through
// tsx), at normal priority, driven over its HTTP interface: the same files uploaded as one batch,
// settled, and each one's first page image fetched.
// Memory: the summed resident size (VmRSS, what ps reports) of the engine's process tree (its page
// workers are threads of it), sampled every 250 ms, and its kernel peak (VmHWM, restarted at each
// batch); the same for the desk's core process (the web host's Node process) alone. The page workers
// alive after a pause are counted by their event loops (engine-soak/page-workers.ts), not by threads.
// Each batch prints its peak, its idle size after the pause and that idle size against the first batch's.
// CPU: the engine's CPU seconds per page from the drop until the last file settled, against OCR alone
// in the same run: the engine's page pool (the same built worker) reading the same pages once (the
// TIFFs left out: that runner reads JPEG and PNG only).
// The desk needs a Secret Service for its credentials, as the app does:
//   HOME=$(mktemp -d) dbus-run-session -- sh -c 'printf pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null; npx tsx bench/engine-soak-bench.ts'
// Options: --root <checkout> (another built checkout, for a before/after), --launch desk|npm, --batches 4,
// --receipts 50, --invoices 4, --scans-600dpi 4, --keep-priority (leave the engine below normal
// priority, as the desk starts it; by default the bench puts it back to normal: see desk-process.ts),
// --worker-idle-seconds <n> (development runs only: shortens the workers' idle time through
// DOCKET_ENGINE_WORKER_IDLE_SECONDS, and the pauses with it), --no-ocr-alone (skips the CPU
// reference), --label <text> (printed first), --probe (diagnostic: the engine started with
// NODE_OPTIONS=--inspect=127.0.0.1:0, and after each pause's reading its main thread's V8 heap read over
// the inspector; after the last pause, what a full garbage collection and then malloc_trim give back:
// engine-soak/idle-probe.ts. The inspector itself may hold some memory: figures with it are not the bench's).
const { values } = parseArgs({
  options: {
    root: { type: 'string', default: resolve(import.meta.dirname, '..') },
    batches: { type: 'string', default: '4' },
    receipts: { type: 'string', default: '50' },
    invoices: { type: 'string', default: '4' },
    'scans-600dpi': { type: 'string', default: '4' },
    launch: { type: 'string', default: 'desk' },
    'no-ocr-alone': { type: 'boolean', default: false },
    'worker-idle-seconds': { type: 'string' },
    label: { type: 'string', default: '' },
    'keep-priority': { type: 'boolean', default: false },
    probe: { type: 'boolean', default: false },
  },
});
if (values.launch !== 'desk' && values.launch !== 'npm') throw new Error('--launch is desk or npm');
const WORKER_IDLE_SECONDS = Number(values['worker-idle-seconds'] ?? 60);
/** Past the idle time, with room for a worker to finish exiting. */
const PAUSE_SECONDS = WORKER_IDLE_SECONDS + 15;
const SAMPLE_MS = 250;
const BATCH_TIMEOUT_MS = 30 * 60_000;
const PEAK_RATIO = 1.2;
const PEAK_BOUND = 1.2 * 1024 ** 3;
const SCAN_DPI = 600;
const IDLE_RATIO = 1.1;
const INVOICE_DIR = resolve(import.meta.dirname, '../../shared/datasets/einvoice-dev/scan');

const mb = (bytes: number) => Math.round(bytes / 1024 ** 2);

type Batch = { pages: number; failed: number; seconds: number; cpuSeconds: number; enginePeak: number; corePeak: number; engineIdle: number; coreIdle: number; idleThreads: number; idleLoops: number; load: string; probe?: IdleProbe; /** --probe: the engine's resident MB every 5 s of the pause. */ pause: number[] };

/** What the batches run against: the desk (its core and the engine it started) or the engine alone under `npm run engine`. */
interface Launched {
  enginePid: number;
  /** The desk's core (the web host's process); none when the engine runs alone. */
  corePid: number | undefined;
  /** The engine's workspace, once the desk has synced it. */
  workspace(): Promise<string>;
  /** Drops the files as one batch and waits until every one has settled. */
  dropAndSettle(workspaceId: string, batch: string, paths: readonly string[]): Promise<Summary[]>;
  /** The clerk opens each file: its first page's picture, drawn by the engine. */
  openEach(workspaceId: string, files: readonly Summary[]): Promise<void>;
  /** What the engine said of its allocator (its `engine allocator:` line), when it said it. */
  allocatorLine(): string | undefined;
  stop(): Promise<void>;
}

/** The engine tree's and the core's highest resident sizes while `work` runs (sampled, and the kernel's peaks). */
async function peaksDuring<T>(day: Launched, work: () => Promise<T>): Promise<{ value: T; engine: number; core: number }> {
  await Promise.all([resetPeak(day.enginePid), day.corePid === undefined ? undefined : resetPeak(day.corePid, true)]);
  const peaks = { engine: 0, core: 0 };
  let running = true;
  const sampler = (async () => {
    while (running) {
      const [engine, core] = await Promise.all([readMemory(day.enginePid), day.corePid === undefined ? undefined : processMemory(day.corePid)]);
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

const ALLOCATOR_LINE = /engine allocator: .*/;

/** The desk as `npm run serve` runs it, driven through its transport as the renderer drives it. */
function onDesk(desk: DeskProcess): Launched {
  return {
    enginePid: desk.enginePid,
    corePid: desk.corePid,
    workspace: async () => (await until(async () => (await desk.call<{ workspaces: { workspace_id: string }[] }>('workspaces.list')).workspaces[0]?.workspace_id, { timeoutMs: 120_000, what: 'the desk to sync its workspace' }))!,
    // The same files every batch ("Upload duplicates all the same"); settled once every one is in the desk's cache.
    async dropAndSettle(workspaceId, batch, paths) {
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
    },
    // Into the desk's page-image cache.
    async openEach(workspaceId, files) {
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
    },
    allocatorLine: () => ALLOCATOR_LINE.exec(desk.output())?.[0],
    stop: () => desk.stop(),
  };
}

/** The engine alone as `npm run engine` starts it, driven over its HTTP interface. */
async function underNpm(root: string, env: NodeJS.ProcessEnv): Promise<Launched> {
  const engine = await startNpmEngine(root, env);
  return {
    enginePid: engine.enginePid,
    corePid: undefined,
    workspace: async () => (await engine.client.workspaces.list({})).workspaces[0]!.workspace_id,
    // One upload after the other under a batch number of runBatch's own, then polled until every file has settled.
    async dropAndSettle(workspaceId, batch, paths) {
      const run = await runEngineBatch(engine.client, '', workspaceId, paths.map((file, i) => ({ id: `${batch}-${i}`, file })), {}, BATCH_TIMEOUT_MS);
      return [...run.records.values()].map((f) => ({ file_id: String(f.file_id), recognition_status: f.recognition_status!, total_page_num: f.total_page_num ?? f.pages?.length ?? 0 }));
    },
    // Each file's first page image, through its signed link, as the viewer asks for it.
    async openEach(workspaceId, files) {
      for (const file of files) {
        const [record] = (await engine.client.files.fetch({ workspace_id: workspaceId, file_id: file.file_id, with_image_url: true })).files;
        const url = record?.pages?.[0]?.image_url;
        if (url) await (await fetch(url)).arrayBuffer();
      }
    },
    allocatorLine: () => engine.lines.find((line) => ALLOCATOR_LINE.test(line)),
    stop: () => engine.stop(),
  };
}

async function runBatch(day: Launched, workspaceId: string, index: number, paths: readonly string[], last: boolean): Promise<Batch> {
  const started = performance.now();
  const load = loadAverage();
  const cpuBefore = await treeCpuSeconds(day.enginePid);
  const { value, engine, core } = await peaksDuring(day, async () => {
    const files = await day.dropAndSettle(workspaceId, `soak-${index + 1}`, paths);
    const read = { files, seconds: (performance.now() - started) / 1000, cpuSeconds: (await treeCpuSeconds(day.enginePid)) - cpuBefore };
    await day.openEach(workspaceId, files);
    return read;
  });
  const pause = values.probe ? await pauseTimeline(day.enginePid) : (await sleep(PAUSE_SECONDS * 1000), []);
  const [idle, coreIdle, idleLoops] = await Promise.all([readMemory(day.enginePid), day.corePid === undefined ? undefined : processMemory(day.corePid), eventLoops(day.enginePid)]);
  // After the bench's own reading; reclaiming changes what follows, so only after the last batch.
  const probe = values.probe ? await probeIdle(day.enginePid, last) : undefined;
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
    probe,
    pause,
  };
}

/** OCR alone: the engine's page pool with the same built worker, reading the same pages once in a process of its own (bench/ocr/sustained-run.ts). */
async function ocrAlone(root: string, images: readonly string[], invoices: readonly string[]): Promise<SustainedReport> {
  const pages: SustainedPage[] = images.map((path) => ({ kind: 'image', format: 'jpeg', path }));
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
// Other invoices than the scanned ones the batch holds.
const scans = await scannerPages(Number(values['scans-600dpi']), SCAN_DPI, invoices.length);
const env = {
  ...process.env,
  ...(values['worker-idle-seconds'] ? { DOCKET_ENGINE_WORKER_IDLE_SECONDS: values['worker-idle-seconds'] } : {}),
  ...(values.probe ? { NODE_OPTIONS: [process.env['NODE_OPTIONS'], '--inspect=127.0.0.1:0'].filter(Boolean).join(' ') } : {}),
};
const day = values.launch === 'npm' ? await underNpm(root, env) : onDesk(await startDesk(root, env, { normalPriority: !values['keep-priority'] }));
const batches: Batch[] = [];
let start: { engine: number; core: number; threads: number; loops: number; allocator: string };
try {
  const workspaceId = await day.workspace();
  await sleep(5_000);
  const [engine, core, loops, allocator] = await Promise.all([readMemory(day.enginePid), day.corePid === undefined ? undefined : processMemory(day.corePid), eventLoops(day.enginePid), allocatorEnv(day.enginePid)]);
  start = { engine: engine.rss, core: core?.rss ?? 0, threads: engine.threads, loops, allocator: [allocator && `environment ${allocator}`, day.allocatorLine()].filter(Boolean).join('; ') };
  for (let i = 0; i < Number(values.batches); i++) {
    batches.push(await runBatch(day, workspaceId, i, [...receipts, ...invoices, ...scans.map((scan) => scan.path)], i === Number(values.batches) - 1));
    const b = batches.at(-1)!;
    const firstIdle = batches[0]!.engineIdle;
    if (b.probe) console.error(`batch ${i + 1} probe: ${probeLine(b.probe)}; the pause every 5 s: ${b.pause.join(' ')} MB`);
    console.error(`batch ${i + 1}: engine peak ${mb(b.enginePeak)} MB, idle ${mb(b.engineIdle)} MB = ${(b.engineIdle / firstIdle).toFixed(2)}x the first idle (${b.idleThreads} threads, ${b.idleLoops - start.loops} page workers alive); core peak ${mb(b.corePeak)} MB, idle ${mb(b.coreIdle)} MB; ${b.pages} pages (${b.failed} files failed) in ${b.seconds.toFixed(0)} s, ${(b.cpuSeconds / b.pages).toFixed(2)} CPU s/page`);
  }
} finally {
  await day.stop();
}
const alone = values['no-ocr-alone'] ? undefined : await ocrAlone(root, [...receipts, ...scans.filter((scan) => scan.format.endsWith('jpeg')).map((scan) => scan.path)], invoices);
const aloneCpu = alone ? alone.cpuSeconds / alone.pages : undefined;

const first = batches[0]!;
const rows = batches.map(
  (b, i) =>
    `| ${i + 1} | ${b.pages} (${b.failed} failed) | **${mb(b.enginePeak)}** | ${(b.enginePeak / first.enginePeak).toFixed(2)} | **${mb(b.engineIdle)}** | **${(b.engineIdle / first.engineIdle).toFixed(2)}** | ${b.idleLoops - start!.loops} | ${b.idleThreads} | ${day.corePid === undefined ? '-' : mb(b.corePeak)} | ${day.corePid === undefined ? '-' : mb(b.coreIdle)} | ${(b.cpuSeconds / b.pages).toFixed(2)} | ${aloneCpu ? (b.cpuSeconds / b.pages / aloneCpu).toFixed(2) : '-'} | ${(b.pages / b.seconds).toFixed(2)} | ${b.load} |`,
);
const worstPeak = Math.max(...batches.map((b) => b.enginePeak));
const worstIdle = Math.max(...batches.map((b) => b.engineIdle / first.engineIdle));
const verdicts = [
  `every batch's peak <= ${PEAK_RATIO}x the first's: ${batches.every((b) => b.enginePeak <= PEAK_RATIO * first.enginePeak) ? 'yes' : 'NO'} (worst ${(worstPeak / first.enginePeak).toFixed(2)}x)`,
  `every batch's peak <= ${mb(PEAK_BOUND)} MB: ${worstPeak <= PEAK_BOUND ? 'yes' : 'NO'} (worst ${mb(worstPeak)} MB)`,
  `the idle engine after every batch <= ${IDLE_RATIO}x its size after the first: ${worstIdle <= IDLE_RATIO ? 'yes' : 'NO'} (worst ${worstIdle.toFixed(2)}x)`,
  `page workers stopped in every pause (the engine back to the ${start!.loops} event loops it had before the first batch): ${batches.every((b) => b.idleLoops <= start!.loops) ? 'yes' : 'NO'}`,
];
const command = ['npx tsx bench/engine-soak-bench.ts', ...(['launch', 'batches', 'receipts', 'invoices', 'scans-600dpi', 'worker-idle-seconds'] as const).flatMap((option) => (process.argv.includes(`--${option}`) ? [`--${option} ${values[option]}`] : []))].join(' ');
const launched = day.corePid === undefined ? 'the engine alone, started by `npm run engine`' : 'the desk (`npm run serve`: the built engine)';
const probes = batches.flatMap((b, i) => (b.probe ? [`- after batch ${i + 1}: ${probeLine(b.probe)}; the engine's RSS every 5 s of the pause: ${b.pause.join(' ')} MB`] : []));
const body = [
  `${values.label ? `**${values.label}**: ` : ''}\`${command}\`, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${root === resolve(import.meta.dirname, '..') ? 'this checkout' : root}, ${launched}: ${batches.length} batches of ${receipts.length} receipt scans, ${invoices.length} scanned invoices and ${scans.length} A4 pages scanned at ${SCAN_DPI} dpi (${scans.map((scan) => scan.format).join(', ')}), pauses of ${PAUSE_SECONDS} s (page workers' idle time ${WORKER_IDLE_SECONDS} s). The engine's allocator settings: ${start!.allocator || 'none'}. Before the first batch: engine ${mb(start!.engine)} MB (${start!.threads} threads, ${start!.loops} event loops)${day.corePid === undefined ? '' : `, core ${mb(start!.core)} MB`}. OCR alone on the same pages: ${alone && aloneCpu ? `${aloneCpu.toFixed(2)} CPU s/page (${alone.pages} pages, the TIFFs left out)` : 'not run'}.`,
  '',
  '| batch | pages | engine peak (MB) | / first | engine idle after the pause (MB) | / first idle | page workers alive | its threads | core peak (MB) | core idle (MB) | engine CPU s/page | / OCR alone | pages/s | load before |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ...rows,
  '',
  ...verdicts.map((v) => `- ${v}`),
  ...(probes.length > 0 ? ['', 'Probe (NODE_OPTIONS=--inspect; the engine main thread\'s V8 heap, after the bench\'s reading):', ...probes] : []),
].join('\n');
console.log(body);

/** One idle probe in a line: resident size and its parts, the main thread's V8 heap, and what collecting and trimming gave back. */
function probeLine(p: IdleProbe): string {
  const read = `RSS ${mb(p.rss)} MB (anonymous ${mb(p.anon)}, file ${mb(p.file)}); V8 heap ${mb(p.heapUsed)} MB used of ${mb(p.heapTotal)} (${Object.entries(p.spaces).map(([name, size]) => `${name} ${size}`).join(', ')}), external ${mb(p.external)} (array buffers ${mb(p.arrayBuffers)})`;
  const collected = p.collected ? `; after a full GC: RSS ${mb(p.collected.rss)} MB, V8 heap ${mb(p.collected.heapUsed)} of ${mb(p.collected.heapTotal)}, external ${mb(p.collected.external)}` : '';
  const trimmed = p.trimmed ? `; after malloc_trim too: RSS ${mb(p.trimmed.rss)} MB` : '';
  return read + collected + trimmed;
}

/** The pause, with the engine's resident size read every 5 s (--probe). */
async function pauseTimeline(pid: number): Promise<number[]> {
  const timeline: number[] = [];
  const end = performance.now() + PAUSE_SECONDS * 1000;
  while (performance.now() < end) {
    timeline.push(mb((await readMemory(pid)).rss));
    await sleep(Math.min(5_000, Math.max(0, end - performance.now())));
  }
  return timeline;
}
