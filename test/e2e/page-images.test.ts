// Page images in Chromium through `npm run serve`'s web host: files uploaded to an engine over HTTP by
// another client (not through the desk) open on their real page pictures after a pull, with their
// field boxes on the text; the page image cache is shown and cleared in Settings; then, with the
// engine stopped, the opened file and a work queue's file (never opened) still open on their
// pictures, and a file whose pictures were never downloaded shows its text with a note saying why.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocketClient } from '../../src/main/core/api/index.js';
import type { PageImageAnswer, PageImageCacheInfo } from '../../src/shared/ipc/channels/page-images';
import { defaultWorkspace, startEngineProcess, TEST_CREDENTIALS, type EngineProcess } from '../contract/engine-process';
import { launchBrowser, screenshotOnFailure, type Browser } from './browser';
import { writeClerkFixtures, type ClerkFixtures } from './clerk-fixtures';
import { documentRow, drawnFrom, openDocument } from './desk';
import { checkOverlays } from './overlay-check';
import { ipcOf, startWebHost, useCloudAccount, type WebHostProcess } from './web-host-process';

const ROOT = resolve(import.meta.dirname, '../..');
const SHOTS = join(ROOT, 'docs/screenshots');
const STEP_MS = 300_000;
const NAMES = { invoice: 'invoice-text.pdf', scan: 'receipt-scan.png', pair: 'two-invoices.pdf' } as const;

let work: string;
let files: ClerkFixtures;
let engine: EngineProcess;
let host: WebHostProcess;
let ipc: ReturnType<typeof ipcOf>;
let browser: Browser;
let page: Page;
let workspaceId: string;
/** File ids on the engine, by name. */
const ids = new Map<string, string>();

const cacheInfo = () => ipc<PageImageCacheInfo>('pageImages.cacheInfo', {});

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'docket-e2e-images-'));
  execFileSync('npx', ['electron-vite', 'build'], { cwd: ROOT, stdio: 'ignore' });
  files = await writeClerkFixtures(join(work, 'files'));

  // Another client's uploads: straight to the engine's HTTP interface, processed before the desk sees them.
  engine = await startEngineProcess({ starter: true });
  workspaceId = await defaultWorkspace(engine);
  const elsewhere = new DocketClient({ baseUrl: engine.origin, credentials: { ...TEST_CREDENTIALS, mode: 'headers' } });
  const uploads: [string, string, boolean][] = [
    [NAMES.invoice, files.textPdf.path, true],
    [NAMES.scan, files.scan.path, false],
    [NAMES.pair, files.twoInvoices.path, false],
  ];
  for (const [name, path, verify] of uploads) {
    const { files: [record] } = await elsewhere.files.uploadSync(path, { workspace_id: workspaceId, batch_number: 'ELSEWHERE', ...(verify ? { auto_verify_vat: true } : {}) });
    ids.set(name, record!.id);
  }

  host = await startWebHost(join(work, 'data'));
  ipc = ipcOf(host);
  await ipc('preferences.update', { language: 'en' });
  await useCloudAccount(ipc, 'Shared engine', engine.origin);
  browser = await launchBrowser();
  page = browser.page;
  await page.goto(host.url);
  await page.getByTestId('status-connection').waitFor();
}, STEP_MS);

screenshotOnFailure(() => page);

afterAll(async () => {
  await browser?.close();
  await host?.stop();
  await engine?.stop();
  await rm(work, { recursive: true, force: true });
});

describe('page images', () => {
  it('opens a file another client uploaded on its real page picture after a pull, its field boxes on its text', async () => {
    await expect.poll(() => page.getByTestId('status-connection').innerText(), { timeout: 120_000 }).toMatch(/^Online/);
    await page.keyboard.press('Alt+1');
    for (const name of Object.values(NAMES)) await expect.poll(() => documentRow(page, name).locator('.cell-status').innerText(), { timeout: 120_000 }).toBe('Read');

    await openDocument(page, NAMES.scan);
    expect(await drawnFrom(page)).toBe('picture');
    const scan = await checkOverlays(page);
    // The engine drew the scan upright, as its boxes are given: no turn in the viewer, boxes on the ink.
    expect(scan.angle).toBe(90);
    expect(scan.inked).toBeGreaterThanOrEqual(Math.ceil(scan.boxes / 2));
    expect(await page.getByTestId('page-note').count()).toBe(0);
    await page.getByTestId('page-viewport').screenshot({ path: join(SHOTS, 'viewer-page-picture.png') });
    // The picture is the engine's PNG of the page, kept in the desk's cache.
    const picture = await ipc<PageImageAnswer>('pageImages.get', { workspace_id: workspaceId, file_id: ids.get(NAMES.scan)!, page: 0 });
    expect(picture.state).toBe('ready');
    if (picture.state === 'ready') expect(Buffer.from(picture.bytes.subarray(1, 4)).toString()).toBe('PNG');
  }, STEP_MS);

  it('shows the image cache in Settings, and clearing it empties it', async () => {
    // Every pulled page is prefetched in the background: 1 + 1 + 2 pages.
    await expect.poll(async () => (await cacheInfo()).pages, { timeout: 120_000 }).toBe(4);
    await page.keyboard.press('Alt+9');
    await expect.poll(() => page.getByTestId('page-image-usage').innerText(), { timeout: 30_000 }).toMatch(/· 4 pages of 3 files$/);
    await page.getByTestId('page-image-cache').screenshot({ path: join(SHOTS, 'settings-page-images.png') });
    await page.getByTestId('page-image-clear').click();
    await expect.poll(() => page.getByTestId('page-image-usage').innerText()).toMatch(/^0 B of .* · 0 pages of 0 files$/);
    expect(await cacheInfo()).toMatchObject({ size_bytes: 0, pages: 0, files: 0 });
  }, STEP_MS);

  it('downloads again the pages of the file opened and of a work queue kept for offline work, and no others', async () => {
    await page.keyboard.press('Alt+3');
    const queue = page.getByTestId('queue-invoice_failed');
    await expect.poll(() => queue.locator('.queue-count').innerText(), { timeout: 120_000 }).toBe('1');
    await queue.getByRole('button', { name: 'Keep for offline work' }).click();
    await openDocument(page, NAMES.scan);
    expect(await drawnFrom(page)).toBe('picture');
    await expect.poll(async () => (await cacheInfo()).files, { timeout: 120_000 }).toBe(2);
    // The two-invoice file was neither opened nor kept: its pages stay out.
    expect(await cacheInfo()).toMatchObject({ pages: 2, files: 2 });
  }, STEP_MS);

  it('with the engine stopped, opens the opened file and the queue’s file on their pictures, and says why a never-downloaded file shows text', async () => {
    expect(await engine.stop()).toBe(0);
    await expect.poll(() => page.getByTestId('status-connection').innerText(), { timeout: 60_000 }).toMatch(/^Offline/);

    await openDocument(page, NAMES.scan);
    expect(await drawnFrom(page)).toBe('picture');
    expect((await checkOverlays(page)).inked).toBeGreaterThan(0);

    // Kept for offline work through its queue, never opened before.
    await openDocument(page, NAMES.invoice);
    expect(await drawnFrom(page)).toBe('picture');
    expect((await checkOverlays(page)).inked).toBeGreaterThan(5);

    await openDocument(page, NAMES.pair);
    expect(await drawnFrom(page)).toBe('text');
    await expect.poll(() => page.getByTestId('page-note').innerText()).toMatch(/never downloaded to this computer, and the desk is offline/);
    await page.getByTestId('page-viewport').screenshot({ path: join(SHOTS, 'viewer-no-picture-offline.png') });
  }, STEP_MS);
});
