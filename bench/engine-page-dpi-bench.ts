import { execFileSync } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { RecognitionStatus } from '../src/shared/api/index.js';
import { peakSample, readMemory, resetPeak, sampleMemory } from './engine-memory/process-memory.js';
import { einvoicePdfs, scannerPage, SCAN_FORMATS, type ScannerPage } from './engine-memory/scanner-pages.js';
import { startNpmEngine } from './engine-soak/npm-engine.js';
import { loadAverage } from './machine-load.js';
import { runBatch } from './pipeline/run-batch.js';

// npx tsx bench/engine-page-dpi-bench.ts [--pages 4] [--repeat 1] [--root <checkout>]
// Issue 31: what reading one A4 page scanned at 600 dpi (4961 x 7016 pixels) costs the engine, against
// the same page scanned at 150 dpi (1240 x 1754). The pages: einvoice-dev invoices drawn by pdf.js and
// stored as a scanner stores them, one format each in turn (grey JPEG, colour JPEG, G4 TIFF, LZW TIFF;
// engine-memory/scanner-pages.ts, the soak bench's 600 dpi pages). For each page and resolution, a
// fresh engine started as `npm run engine` starts it (in --root's checkout, this one by default) reads
// first a warm-up page (another invoice at 150 dpi: its page worker and models are then loaded), and,
// once settled, the page. Its cost: the engine's peak resident size (sampled every 100 ms, and the
// kernel's VmHWM) while it reads the page, less its resident size just before the upload. The bar:
// a 600 dpi page costs no more than 1.5x the same page at 150 dpi. --repeat n reads each n times (a
// fresh engine each) and keeps the median.
const { values } = parseArgs({ options: { pages: { type: 'string', default: '4' }, repeat: { type: 'string', default: '1' }, root: { type: 'string', default: resolve(import.meta.dirname, '..') } } });
const DPIS = [150, 600] as const;
const BAR = 1.5;
const SAMPLE_MS = 100;
const SETTLE_MS = 5_000;
const TIMEOUT_MS = 20 * 60_000;
/** The invoices the soak bench's batches hold as scans come first in the set; these pages follow them. */
const SKIP = 4;

const mb = (bytes: number) => Math.round(bytes / 1024 ** 2);
const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
type Reading = { before: number; peak: number; cost: number; seconds: number; failed: boolean };

/** A fresh engine reads the warm-up page, then `page`; its memory around the second. */
async function readOnce(root: string, warmUp: ScannerPage, page: ScannerPage): Promise<Reading> {
  const engine = await startNpmEngine(root, process.env);
  try {
    const workspaceId = (await engine.client.workspaces.list({})).workspaces[0]!.workspace_id;
    await runBatch(engine.client, '', workspaceId, [{ id: 'warm-up', file: warmUp.path }], {}, TIMEOUT_MS);
    await sleep(SETTLE_MS);
    const before = (await readMemory(engine.enginePid)).rss;
    await resetPeak(engine.enginePid);
    const sampler = sampleMemory(engine.enginePid, SAMPLE_MS);
    const run = await runBatch(engine.client, '', workspaceId, [{ id: 'page', file: page.path }], {}, TIMEOUT_MS);
    const { samples, last } = await sampler.stop();
    const peak = Math.max(peakSample(samples)?.rss ?? 0, last.hwm);
    return { before, peak, cost: peak - before, seconds: run.seconds, failed: run.records.get('page')?.recognition_status === RecognitionStatus.failed };
  } finally {
    await engine.stop();
  }
}

const root = resolve(values.root);
const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
/** Its commit, when the checkout is a git one (a before/after may run an exported tree). */
const version = (() => {
  try {
    return `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain', '--', 'src/engine') === '' ? '' : ' with uncommitted changes to src/engine'}`;
  } catch {
    return 'no git commit';
  }
})();
const [warmUpPdf] = await einvoicePdfs(1);
const warmUp = await scannerPage(warmUpPdf!, 150, 'grey-jpeg');
const loadBefore = loadAverage();
const rows: string[] = [];
const ratios: number[] = [];
for (const [i, pdf] of (await einvoicePdfs(Number(values.pages), SKIP)).entries()) {
  const format = SCAN_FORMATS[i % SCAN_FORMATS.length]!;
  const costs: Record<number, Reading & { page: ScannerPage; bytes: number }> = {};
  for (const dpi of DPIS) {
    const page = await scannerPage(pdf, dpi, format);
    const readings: Reading[] = [];
    for (let r = 0; r < Number(values.repeat); r++) readings.push(await readOnce(root, warmUp, page));
    const cost = median(readings.map((reading) => reading.cost));
    costs[dpi] = { ...readings.find((reading) => reading.cost === cost)!, page, bytes: (await stat(page.path)).size };
    console.error(`${page.path}: ${readings.map((reading) => `${mb(reading.before)} -> ${mb(reading.peak)} MB (+${mb(reading.cost)})`).join(', ')}`);
  }
  const [low, high] = [costs[DPIS[0]]!, costs[DPIS[1]]!];
  ratios.push(high.cost / low.cost);
  for (const dpi of DPIS) {
    const c = costs[dpi]!;
    rows.push(`| ${c.page.source.split('/').pop()} | ${format} | ${dpi} | ${c.page.width} x ${c.page.height} | ${Math.round(c.bytes / 1024)} | ${mb(c.before)} | ${mb(c.peak)} | **${mb(c.cost)}** | ${c.seconds.toFixed(1)}${c.failed ? ' (failed)' : ''} | ${dpi === DPIS[1] ? `**${(high.cost / low.cost).toFixed(2)}** (peak ${(high.peak / low.peak).toFixed(2)})` : ''} |`);
  }
}
const worst = Math.max(...ratios);
console.log(
  [
    `\`npx tsx bench/engine-page-dpi-bench.ts${values.pages === '4' ? '' : ` --pages ${values.pages}`}${values.repeat === '1' ? '' : ` --repeat ${values.repeat}`}\`, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, the engine of ${root === resolve(import.meta.dirname, '..') ? 'this checkout' : root} at ${version}, started by \`npm run engine\`, a fresh one for each reading (median of ${values.repeat}), warmed by one 150 dpi page. Cost: the engine's peak RSS while it read the page less its RSS just before. Load average before: ${loadBefore}, after: ${loadAverage()}.`,
    '',
    '| page | stored as | dpi | pixels | file (KB) | engine before (MB) | peak (MB) | cost (MB) | seconds | 600 dpi / 150 dpi cost |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
    `- a 600 dpi page costs <= ${BAR}x the same page at 150 dpi: ${worst <= BAR ? 'yes' : 'NO'} (worst ${worst.toFixed(2)}x)`,
  ].join('\n'),
);
