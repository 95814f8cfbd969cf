// npx tsx bench/page-image-bench.ts [--files 1000] [--record]
//
// Page images in Chromium through `npm run serve`'s web host and its local engine:
// - a 20-page file uploaded by another client, its pictures in the desk's image cache: time to the
//   first page shown and to a page turn, beside the same PDF uploaded from this desk and drawn from
//   its bytes by pdf.js (the viewer's path before page images), measured in the same run;
// - 1,000 files uploaded elsewhere, then pulled with their pictures as a background job while the
//   documents screen is open: the UI's longest frame, beside the same screen idle.
import { execFileSync } from 'node:child_process';
import { readFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { DocketClient } from '../src/main/core/api/index.js';
import type { PageImageCacheInfo } from '../src/shared/ipc/channels/page-images.js';
import { makeTextPdf } from '../test/fixtures/text-pdf.js';
import { launchBrowser } from '../test/e2e/browser.js';
import { ipcOf, startWebHost } from '../test/e2e/web-host-process.js';
import { longestFrame, until, waitIn } from './browser-frames.js';
import { median } from './core-bench-kit.js';
import { recordSection } from './pipeline/record-section.js';

const ROOT = resolve(import.meta.dirname, '..');
const PAGES = 20;
const RUNS = 5;
/** A clerk reads a page before turning it: the viewer may use that time to get the next one ready. */
const READ_MS = 300;
/** Before each opening, the app finishes what the last one started (the pictures either side and the page's text come after the page is shown). */
const QUIET_MS = 3000;
const TARGETS = { firstPageMs: 150, turnMs: 50, pullFrameMs: 50 } as const;

const { values } = parseArgs({ options: { files: { type: 'string', default: '1000' }, record: { type: 'boolean', default: false } } });
const FILES = Number(values.files);

type Ipc = ReturnType<typeof ipcOf>;

/** A client of the host's engine with the credentials the app gave it (read from the engine's environment), as another desk would hold them. */
async function otherClient(ipc: Ipc): Promise<DocketClient> {
  const status = await ipc<{ origin: string; pid: number }>('engine.status', {});
  const environ = Object.fromEntries((await readFile(`/proc/${status.pid}/environ`, 'utf8')).split('\0').map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]));
  return new DocketClient({ baseUrl: status.origin, credentials: { appId: environ['DOCKET_ENGINE_APP_ID']!, secret: environ['DOCKET_ENGINE_SECRET']!, mode: 'headers' }, timeoutMs: 300_000 });
}

function longDocument(): Promise<Uint8Array> {
  return makeTextPdf(Array.from({ length: PAGES }, (_, page) => Array.from({ length: 36 }, (_, line) => `Page ${page + 1} line ${line + 1}: invoice INV-${page}${line} ACME Ltd 1,234.56 due 2026-03-01`)));
}

async function fileIdNamed(ipc: Ipc, workspaceId: string, name: string): Promise<string> {
  return until(`${name} to be pulled and read`, async () => {
    const { files } = await ipc<{ files: { file_id: string; name: string; recognition_status: number }[] }>('files.list', { workspace_id: workspaceId, batch_number: 'IMAGE-BENCH', page_size: 10 });
    return files.find((f) => f.name === name && f.recognition_status === 1)?.file_id;
  });
}

/** From the address change to the first frame after page 1 is drawn; answers what it was drawn from too. */
function openScript(fileId: string): string {
  return `(async () => {
    const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
    location.hash = '#/documents';
    while (!document.querySelector('[data-testid="documents-total"]')) await frame();
    await new Promise((r) => setTimeout(r, ${QUIET_MS}));
    const start = performance.now();
    location.hash = '#/file/${encodeURIComponent(fileId)}';
    // Where the time goes: the record shown (file name), the page's frame known (sheet), the page drawn.
    const marks = {};
    let sheet;
    for (;;) {
      const now = performance.now() - start;
      if (marks.record === undefined && document.querySelector('[data-testid="viewer-file-name"]')?.textContent) marks.record = now;
      if (marks.sheet === undefined && document.querySelector('[data-testid="page-sheet"]')) marks.sheet = now;
      sheet = document.querySelector('[data-testid="page-sheet"][data-drawn="true"]');
      if (sheet && /^Page 1 /.test(document.querySelector('[data-testid="page-indicator"]')?.textContent ?? '')) break;
      await frame();
    }
    await frame();
    return { ms: performance.now() - start, from: sheet.getAttribute('data-drawn-from'), ...marks };
  })()`;
}

/** Alt+PageDown through the file, a pause to read each page; each turn timed from the key to the first frame after the new page is drawn. */
const TURN_SCRIPT = `(async () => {
  const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
  const times = [];
  for (let page = 2; page <= ${PAGES}; page++) {
    await new Promise((r) => setTimeout(r, ${READ_MS}));
    const start = performance.now();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'PageDown', altKey: true, bubbles: true }));
    const shown = () => document.querySelector('[data-testid="page-sheet"][data-drawn="true"]') && (document.querySelector('[data-testid="page-indicator"]')?.textContent ?? '').startsWith('Page ' + page + ' ');
    // A turn that showed the placeholder found its picture not yet decoded.
    let waited = false;
    while (!shown()) {
      waited ||= document.querySelector('[data-testid="page-sheet"][data-drawn-from="nothing"]') !== null;
      await frame();
    }
    await frame();
    times.push({ ms: performance.now() - start, waited });
  }
  return times;
})()`;

interface Viewing {
  open: number[];
  /** Median times to the record shown and to the page's frame known, of the same openings. */
  record: number;
  sheet: number;
  turns: number[];
  /** Turns that found the next page's picture not ready yet. */
  waited: number;
}

async function viewing(page: Page, fileId: string, expected: string): Promise<Viewing> {
  const opened: { ms: number; from: string; record: number; sheet: number }[] = [];
  const turns: { ms: number; waited: boolean }[] = [];
  for (let run = 0; run < RUNS; run++) {
    const shown = (await page.evaluate(openScript(fileId))) as (typeof opened)[number];
    if (shown.from !== expected) throw new Error(`the page was drawn from ${shown.from}, not ${expected}`);
    opened.push(shown);
    if (run === 0) turns.push(...((await page.evaluate(TURN_SCRIPT)) as typeof turns));
  }
  return {
    open: opened.map((o) => o.ms),
    record: median(opened.map((o) => o.record)),
    sheet: median(opened.map((o) => o.sheet)),
    turns: turns.map((t) => t.ms),
    waited: turns.filter((t) => t.waited).length,
  };
}

/** One-page PDFs, each its own text, uploaded by another client a few at a time (each answer waits for the file to be read). */
async function uploadMany(client: DocketClient, workspaceId: string, dir: string, count: number): Promise<void> {
  await mkdir(dir, { recursive: true });
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < count; i = next++) {
      const path = join(dir, `pulled-${String(i).padStart(4, '0')}.pdf`);
      await writeFile(path, await makeTextPdf([Array.from({ length: 24 }, (_, line) => `File ${i} line ${line}: receipt R-${i * 31 + line} Globex 98.${line}0`)]));
      await client.files.uploadSync(path, { workspace_id: workspaceId, batch_number: `PULL-${Math.floor(i / 100)}` });
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
}

async function main(): Promise<void> {
  const loadAtStart = loadavg()[0]!;
  execFileSync('npx', ['electron-vite', 'build'], { cwd: ROOT, stdio: 'ignore' });
  const work = await mkdtemp(join(tmpdir(), 'docket-image-bench-'));
  const host = await startWebHost(join(work, 'data'));
  const browser = await launchBrowser();
  try {
    const ipc = ipcOf(host);
    await ipc('preferences.update', { language: 'en' });
    await until('the local engine', async () => ((await ipc<{ state: string }>('engine.status', {})).state === 'ready' ? true : undefined));
    const { workspaces } = await ipc<{ workspaces: { workspace_id: string }[] }>('workspaces.list', {});
    const workspaceId = workspaces[0]!.workspace_id;
    const other = await otherClient(ipc);

    // The same 20 pages twice: uploaded from this desk (its bytes are here), and by another client (only pictures).
    const pdf = await longDocument();
    const deskPath = join(work, 'long-desk.pdf');
    const elsewherePath = join(work, 'long-elsewhere.pdf');
    await writeFile(deskPath, pdf);
    await writeFile(elsewherePath, pdf);
    await ipc('uploads.enqueue', { paths: [deskPath], options: { workspace_id: workspaceId, batch_number: 'IMAGE-BENCH' } });
    await other.files.uploadSync(elsewherePath, { workspace_id: workspaceId, batch_number: 'IMAGE-BENCH' });
    const desk = await fileIdNamed(ipc, workspaceId, 'long-desk.pdf');
    const elsewhere = await fileIdNamed(ipc, workspaceId, 'long-elsewhere.pdf');
    // Both files' pages prefetched in the background: the pictures are cached before the clock starts.
    const cachedAt = performance.now();
    await until('the pictures to be cached', async () => ((await ipc<PageImageCacheInfo>('pageImages.cacheInfo', {})).pages >= 2 * PAGES ? true : undefined));
    const prefetchMs = performance.now() - cachedAt;

    // The viewer's two record calls, timed apart: the record (frame, fields) and the shown page's recognised text.
    const timedCall = async (channel: string, args: Record<string, unknown> = {}) => {
      const start = performance.now();
      const answer = await ipc<unknown>(channel, { workspace_id: workspaceId, file_id: elsewhere, ...args });
      return { ms: performance.now() - start, kb: JSON.stringify(answer).length / 1024 };
    };
    const record = await timedCall('files.get');
    const recognised = await timedCall('files.documentPage', { page: 0 });

    const page = browser.page;
    await page.goto(host.url);
    await waitIn(page, `performance.getEntriesByName('docket:interactive').length > 0`);
    // Warm both paths once (pdf.js loads on first use), then measure them in turn.
    await page.evaluate(openScript(desk));
    await page.evaluate(openScript(elsewhere));
    const pictures = await viewing(page, elsewhere, 'picture');
    const bytes = await viewing(page, desk, 'pdf');

    // 1,000 files uploaded elsewhere while this desk does not sync; then it pulls them and their pictures.
    await ipc('sync.setMode', { mode: 'paused' });
    const uploadStart = performance.now();
    await uploadMany(other, workspaceId, join(work, 'many'), FILES);
    const uploadMs = performance.now() - uploadStart;
    await page.evaluate(`location.hash = '#/documents'`);
    await page.getByTestId('documents-total').waitFor();
    const idle = await longestFrame(page, `await new Promise((r) => setTimeout(r, 3000));`);
    const before = (await ipc<PageImageCacheInfo>('pageImages.cacheInfo', {})).files;
    const call = `(channel, args) => fetch('/ipc/' + channel, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ args }) }).then((r) => r.json())`;
    const pull = await longestFrame(
      page,
      `const call = ${call};
      await call('sync.setMode', { mode: 'online' });
      while ((await call('pageImages.cacheInfo', {})).value.files < ${before + FILES}) await new Promise((r) => setTimeout(r, 500));`,
    );
    const listed = await page.getByTestId('documents-total').innerText();

    const round = (n: number) => Math.round(n * 10) / 10;
    const max = (samples: readonly number[]) => Math.max(...samples);
    const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : '—');
    const rows: [string, number, string, number, number][] = [
      [`Opening a ${PAGES}-page file on its cached pictures: first page shown (median of ${RUNS}), ms`, median(pictures.open), 'same page from the uploaded PDF (pdf.js)', median(bytes.open), TARGETS.firstPageMs],
      [`Page turn on cached pictures (median of ${PAGES - 1}), ms`, median(pictures.turns), 'page turn drawn by pdf.js', median(bytes.turns), TARGETS.turnMs],
      [`Page turn on cached pictures (slowest of ${PAGES - 1}), ms`, max(pictures.turns), 'slowest pdf.js page turn', max(bytes.turns), TARGETS.turnMs],
      [`Pulling ${FILES.toLocaleString('en')} files with their pictures (background): longest frame, ms`, pull.longest, 'same screen idle, longest frame', idle.longest, TARGETS.pullFrameMs],
    ];
    const table = [
      '| measure | figure | reference | reference figure | ratio | target |',
      '|---|---:|---|---:|---:|---:|',
      ...rows.map(([what, figure, reference, referenceFigure, target]) => `| ${what} | ${round(figure)} | ${reference} | ${round(referenceFigure)} | ${ratio(figure, referenceFigure)} | ${figure <= target ? '≤' : '>'} ${target} |`),
    ];
    const notes = [
      `Headless Chromium (${browser.context.browser()?.version() ?? 'Debian chromium'}), --disable-gpu, 1440 × 900, through \`npm run serve\`'s web host and its local engine. The ${PAGES}-page file is a text PDF (A4, drawn by the engine at 144 dpi: 1190 × 1684 PNG pages); the same bytes uploaded twice, once from the desk (opened from its bytes) and once by another client over HTTP (opened from the image cache). Its ${2 * PAGES} pictures were prefetched in ${round(prefetchMs / 1000)} s after the pull.`,
      `Opening starts from the documents screen, ${QUIET_MS / 1000} s after the last file was left. Where its time goes (medians): the record shown after ${round(pictures.record)} ms and the page's frame known after ${round(pictures.sheet)} ms on pictures (${round(bytes.record)} and ${round(bytes.sheet)} ms from the PDF), the rest is getting and drawing the page. From node, \`files.get\` answers in ${round(record.ms)} ms (${round(record.kb)} KB) and \`files.documentPage\` (page 1 of ${PAGES}) in ${round(recognised.ms)} ms (${round(recognised.kb)} KB).`,
      `Page turns wait ${READ_MS} ms on each page first, as a clerk reads it; ${pictures.waited} of ${pictures.turns.length} turns on pictures found the next picture not yet decoded (placeholder shown).`,
      `Pull: ${FILES} one-page text PDFs uploaded over HTTP by another client in ${round(uploadMs / 1000)} s while the desk's sync was paused, then sync resumed with the documents screen open (${listed} at the end) until every file had its picture in the cache: ${pull.frames} frames in ${round(pull.ms / 1000)} s, 95th percentile ${round(pull.p95)} ms, ${pull.over50} over 50 ms (idle: ${idle.over50}).`,
      `Machine: ${cpus().length} cores, load average ${loadAtStart.toFixed(1)} when the run started and ${loadavg()[0]!.toFixed(1)} at the end (other work shares the machine: the references show how much). Run with \`npx tsx bench/page-image-bench.ts --record\`.`,
    ];
    const body = [`Measured ${new Date().toISOString().slice(0, 10)}.`, '', ...table, '', ...notes].join('\n');
    process.stdout.write(`${body}\n`);
    if (values.record) await recordSection(resolve(ROOT, 'docs/benchmarks.md'), 'Page images', body);
  } finally {
    await browser.close();
    await host.stop();
    await rm(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
