// npx tsx bench/ui-bench.ts [--rows 100000] [--record]
//
// The clerk's screens in Chromium through `npm run serve`'s web host and the real engine:
// time to the first interactive screen, a page drawn with 500 overlay boxes, scrolling 100,000
// documents and dropping 500 files (longest frames). Each figure is printed with a reference
// measured in the same run, in the same browser, so that a slow machine shows as a slow reference.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { openCache } from '../src/main/core/store/cache-db.js';
import { FileCache } from '../src/main/core/store/file-cache.js';
import { makeTextPdf } from '../test/fixtures/text-pdf.js';
import { launchBrowser } from '../test/e2e/browser.js';
import { ipcOf, startWebHost, type WebHostProcess } from '../test/e2e/web-host-process.js';
import { longestFrame, until, waitIn } from './browser-frames.js';
import { median, syntheticRecord } from './core-bench-kit.js';
import { recordSection } from './pipeline/record-section.js';

const ROOT = resolve(import.meta.dirname, '..');
const BOXES = 500;
const DROPPED = 500;
const RUNS = 5;
const TARGETS = { interactiveMs: 1500, renderMs: 150, scrollFrameMs: 50, dropFrameMs: 50 } as const;

const { values } = parseArgs({ options: { rows: { type: 'string', default: '100000' }, record: { type: 'boolean', default: false } } });
const ROWS = Number(values.rows);

/** Two processed PDFs (one given 500 positioned fields), then sync paused so the seeded cache stays as written. */
async function prepare(dataDir: string, work: string): Promise<{ workspaceId: string; profileId: string; boxed: string; plain: string }> {
  const host = await startWebHost(dataDir);
  try {
    const ipc = ipcOf(host);
    await ipc('preferences.update', { language: 'en' });
    const { workspaces } = await ipc<{ workspaces: { workspace_id: string }[] }>('workspaces.list', {});
    const workspaceId = workspaces[0]!.workspace_id;
    const { activeProfileId } = await ipc<{ activeProfileId: string }>('profiles.list', {});
    const paths = [join(work, 'boxed.pdf'), join(work, 'plain.pdf')];
    for (const [i, path] of paths.entries()) await writeFile(path, await makeTextPdf([Array.from({ length: 30 }, (_, n) => `Bench page ${i} line ${n}: 1234.56 ACME Ltd`)]));
    await ipc('uploads.enqueue', { paths, options: { workspace_id: workspaceId, batch_number: 'UI-BENCH' } });
    const files = await until('the bench files to be read', async () => {
      const list = await ipc<{ files: { file_id: string; name: string; recognition_status: number }[] }>('files.list', { workspace_id: workspaceId, batch_number: 'UI-BENCH' });
      return list.files.length === 2 && list.files.every((f) => f.recognition_status === 1 || f.recognition_status === 2) ? list.files : undefined;
    });
    const boxed = files.find((f) => f.name === 'boxed.pdf')!.file_id;
    const plain = files.find((f) => f.name === 'plain.pdf')!.file_id;
    // 500 boxes in a grid over the page (1190 × 1684 pixels at 144 dpi).
    const fields = Array.from({ length: BOXES }, (_, i) => {
      const [x, y] = [40 + (i % 20) * 56, 60 + Math.floor(i / 20) * 62];
      return { key: `Field ${i + 1}`, value: String(i), position: [{ page: 0, vertices: [x, y, x + 50, y, x + 50, y + 30, x, y + 30] }] };
    });
    await ipc('files.saveData', { workspace_id: workspaceId, file_id: boxed, data: { fields } });
    await ipc('sync.setMode', { mode: 'paused' });
    return { workspaceId, profileId: activeProfileId, boxed, plain };
  } finally {
    await host.stop();
  }
}

/** Synthetic processed files written through the cache's own upsert, as a pull would. */
function seedCache(dataDir: string, profileId: string, workspaceId: string, rows: number): number {
  const start = performance.now();
  const cache = openCache(join(dataDir, 'cache', `${profileId}.sqlite`));
  try {
    const files = new FileCache(cache);
    const baseMs = Date.parse('2026-01-01T00:00:00Z');
    for (let from = 0; from < rows; from += 2000) {
      files.upsertServerRecords(workspaceId, Array.from({ length: Math.min(2000, rows - from) }, (_, i) => syntheticRecord(from + i, baseMs)), baseMs);
    }
  } finally {
    cache.close();
  }
  return performance.now() - start;
}

const IDLE = `await new Promise((r) => setTimeout(r, 3000));`;

async function interactive(browserPage: () => Promise<Page>, url: string): Promise<{ interactive: number[]; blank: number[] }> {
  const interactiveMs: number[] = [];
  const blankMs: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const page = await browserPage();
    await page.goto(url);
    await waitIn(page, `performance.getEntriesByName('docket:interactive').length > 0`);
    interactiveMs.push((await page.evaluate(`performance.getEntriesByName('docket:interactive')[0].startTime`)) as number);
    // Reference: the same browser loading a page with nothing to run.
    await page.goto('data:text/html,<p>reference</p>');
    blankMs.push((await page.evaluate(`performance.getEntriesByType('navigation')[0].loadEventEnd`)) as number);
    await page.close();
  }
  return { interactive: interactiveMs, blank: blankMs };
}

/** Opening the file until its page is drawn with every box, then the next frame; and a zoom step's redraw. */
async function pageRender(page: Page, fileId: string, boxes: number): Promise<{ open: number[]; zoom: number[] }> {
  const open: number[] = [];
  const zoom: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    await page.evaluate(`location.hash = '#/documents'`);
    await page.getByTestId('documents-total').waitFor();
    open.push(
      (await page.evaluate(`(async () => {
        const start = performance.now();
        location.hash = '#/file/${fileId}';
        const fieldBoxes = () => (document.querySelector('[data-testid="overlay-layer"]')?.getAttribute('data-boxes') ?? '').split(' ').filter((b) => b.startsWith('field-')).length;
        const done = () => document.querySelector('[data-testid="page-sheet"][data-drawn="true"]') && fieldBoxes() === ${boxes};
        while (!done()) await new Promise((r) => requestAnimationFrame(() => r()));
        return performance.now() - start;
      })()`)) as number,
    );
    zoom.push(
      (await page.evaluate(`(async () => {
        const start = performance.now();
        window.dispatchEvent(new KeyboardEvent('keydown', { key: '=', altKey: true, bubbles: true }));
        await new Promise((r) => requestAnimationFrame(() => r()));
        while (!document.querySelector('[data-testid="page-sheet"][data-drawn="true"]')) await new Promise((r) => requestAnimationFrame(() => r()));
        await new Promise((r) => requestAnimationFrame(() => r()));
        return performance.now() - start;
      })()`)) as number,
    );
  }
  return { open, zoom };
}

const SCROLL = `
  const scroller = document.querySelector('[data-testid="documents-scroller"]');
  const height = scroller.scrollHeight;
  for (let i = 0; i < 240; i++) {
    // A steady fling with a jump across the list every 40 frames.
    scroller.scrollTop = i % 40 === 39 ? Math.random() * height : scroller.scrollTop + 2400;
    await new Promise((r) => requestAnimationFrame(() => r()));
  }
  // Until the rows of the last place are loaded.
  while (document.querySelector('.documents-scroller .loading-row')) await new Promise((r) => requestAnimationFrame(() => r()));
`;

/** Builds the 500 files before the measurement starts: making them is the test's work, not the app's. */
function dropSetup(pdfBase64: string): string {
  return `(() => {
    const bytes = Uint8Array.from(atob(${JSON.stringify(pdfBase64)}), (c) => c.charCodeAt(0));
    const transfer = new DataTransfer();
    for (let i = 0; i < ${DROPPED}; i++) transfer.items.add(new File([bytes], 'dropped-' + String(i).padStart(3, '0') + '.pdf', { type: 'application/pdf' }));
    window.benchDrop = transfer;
  })()`;
}

const DROP = `
  for (const type of ['dragenter', 'dragover', 'drop']) window.dispatchEvent(new DragEvent(type, { dataTransfer: window.benchDrop, bubbles: true, cancelable: true }));
  const done = () => /^${DROPPED} files: .* 0 being checked$/.test(document.querySelector('[data-testid="pending-summary"]')?.textContent ?? '');
  while (!done()) await new Promise((r) => setTimeout(r, 50));
`;

async function main(): Promise<void> {
  const loadAtStart = loadavg()[0]!;
  execFileSync('npx', ['electron-vite', 'build'], { cwd: ROOT, stdio: 'ignore' });
  const work = await mkdtemp(join(tmpdir(), 'docket-ui-bench-'));
  const dataDir = join(work, 'data');
  const browser = await launchBrowser();
  let host: WebHostProcess | undefined;
  try {
    const prepared = await prepare(dataDir, work);
    const seedMs = seedCache(dataDir, prepared.profileId, prepared.workspaceId, ROWS);
    host = await startWebHost(dataDir);
    const tti = await interactive(() => browser.context.newPage(), host.url);

    const page = await browser.context.newPage();
    await page.goto(host.url);
    await waitIn(page, `performance.getEntriesByName('docket:interactive').length > 0`);
    const total = await page.getByTestId('documents-total').innerText();
    const idleList = await longestFrame(page, IDLE);
    await page.getByTestId('documents-scroller').focus();
    const scroll = await longestFrame(page, SCROLL);

    const boxed = await pageRender(page, prepared.boxed, BOXES);
    const plain = await pageRender(page, prepared.plain, 0);

    await page.evaluate(`location.hash = '#/intake'`);
    await page.getByText('Upload options').waitFor();
    const idleIntake = await longestFrame(page, IDLE);
    const pdf = Buffer.from(await makeTextPdf([['dropped']])).toString('base64');
    await page.evaluate(dropSetup(pdf));
    const drop = await longestFrame(page, DROP);

    const round = (n: number) => Math.round(n * 10) / 10;
    const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(1) : '—');
    const rows: [string, number, string, number, number][] = [
      ['Time to the first interactive screen (median of 5 loads), ms', median(tti.interactive), 'empty page load', median(tti.blank), TARGETS.interactiveMs],
      [`Page drawn with ${BOXES} overlay boxes after a zoom step (median of 5), ms`, median(boxed.zoom), 'same page, no boxes', median(plain.zoom), TARGETS.renderMs],
      [`Opening a file: page drawn with ${BOXES} boxes (median of 5), ms`, median(boxed.open), 'same page, no boxes', median(plain.open), TARGETS.renderMs],
      [`Scrolling ${ROWS.toLocaleString('en')} documents: longest frame, ms`, scroll.longest, 'idle list, longest frame', idleList.longest, TARGETS.scrollFrameMs],
      [`Dropping ${DROPPED} files until all are checked: longest frame, ms`, drop.longest, 'idle intake, longest frame', idleIntake.longest, TARGETS.dropFrameMs],
    ];
    const table = [
      '| measure | figure | reference | reference figure | ratio | target |',
      '|---|---:|---|---:|---:|---:|',
      ...rows.map(([what, figure, reference, referenceFigure, target]) => `| ${what} | ${round(figure)} | ${reference} | ${round(referenceFigure)} | ${ratio(figure, referenceFigure)} | ${figure <= target ? '≤' : '>'} ${target} |`),
    ];
    const notes = [
      `Headless Chromium (${browser.context.browser()?.version() ?? 'Debian chromium'}), --disable-gpu, 1440 × 900, through \`npm run serve\`'s web host and the local engine; ${total} in the list (seeded in ${round(seedMs / 1000)} s through the cache's upsert), sync paused so the seeded rows stay.`,
      `Scrolling: ${scroll.frames} frames in ${round(scroll.ms)} ms, 95th percentile ${round(scroll.p95)} ms, ${scroll.over50} over 50 ms (idle list: ${idleList.over50} over 50 ms).`,
      `Dropping: ${drop.frames} frames in ${round(drop.ms)} ms (staging ${DROPPED} files over HTTP and checking them), 95th percentile ${round(drop.p95)} ms, ${drop.over50} over 50 ms (idle: ${idleIntake.over50}).`,
      `Machine: ${cpus().length} cores, load average ${loadAtStart.toFixed(1)} when the run started (other work shares the machine: the references show how much). Run with \`npx tsx bench/ui-bench.ts --record\`.`,
    ];
    const body = [`Measured ${new Date().toISOString().slice(0, 10)}.`, '', ...table, '', ...notes].join('\n');
    process.stdout.write(`${body}\n`);
    if (values.record) await recordSection(resolve(ROOT, 'docs/benchmarks.md'), 'UI', body);
  } finally {
    await browser.close();
    await host?.stop();
    await rm(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
