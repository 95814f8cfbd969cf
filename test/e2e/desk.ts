// The desk as the e2e files drive it: the renderer built once, `npm run serve`'s web host on a fresh
// data folder and Chromium on it, and the steps every file takes on the Documents list and the viewer.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { DocketClient } from '../../src/main/core/api/index.js';
import { launchBrowser, screenshotOnFailure, type Browser } from './browser';
import { startWebHost, type WebHostProcess } from './web-host-process';

const ROOT = resolve(import.meta.dirname, '../..');
const SETUP_MS = 300_000;

export interface Desk {
  /** The file's temporary folder; the desk's data is in dataDir under it. */
  work: string;
  dataDir: string;
  /** Replaced by a file that restarts the host; the one here is stopped after the file's tests. */
  host: WebHostProcess;
  browser: Browser;
  page: Page;
}

/**
 * A test file's desk: started before its tests (the page not opened yet), closed after them, a failed
 * step's screen kept. Call it at the top of the file; the object is filled in by the time its tests run.
 */
export function useDesk(prefix: string): Desk {
  const desk = {} as Desk;
  beforeAll(async () => {
    desk.work = await mkdtemp(join(tmpdir(), prefix));
    desk.dataDir = join(desk.work, 'data');
    execFileSync('npx', ['electron-vite', 'build'], { cwd: ROOT, stdio: 'ignore' });
    desk.host = await startWebHost(desk.dataDir);
    desk.browser = await launchBrowser();
    desk.page = desk.browser.page;
  }, SETUP_MS);
  screenshotOnFailure(() => desk.page);
  afterAll(async () => {
    await desk.browser?.close();
    await desk.host?.stop();
    if (desk.work) await rm(desk.work, { recursive: true, force: true });
  });
  return desk;
}

/** A client of the desk's engine with the credentials the app gave it (read from the engine's environment). */
export async function deskEngineClient(page: Page): Promise<DocketClient> {
  const status = (await page.evaluate(`fetch('/ipc/engine.status', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"args":{}}' }).then((r) => r.json())`)) as { value: { origin: string; pid: number } };
  const environ = Object.fromEntries((await readFile(`/proc/${status.value.pid}/environ`, 'utf8')).split('\0').map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]));
  return new DocketClient({ baseUrl: status.value.origin, credentials: { appId: environ['DOCKET_ENGINE_APP_ID']!, secret: environ['DOCKET_ENGINE_SECRET']!, mode: 'headers' } });
}

/** A file's row in the Documents list. */
export function documentRow(page: Page, name: string) {
  return page.locator('.documents-scroller .documents-row', { hasText: name });
}

/** Opens a file from the Documents list in the viewer. */
export async function openDocument(page: Page, name: string): Promise<void> {
  await page.keyboard.press('Alt+1');
  await documentRow(page, name).getByTestId('document-link').click();
  await expect.poll(() => page.getByTestId('viewer-file-name').innerText()).toBe(name);
}

/** What the open page was drawn from, once drawn. */
export async function drawnFrom(page: Page): Promise<string> {
  const sheet = page.locator('[data-testid="page-sheet"][data-drawn="true"]');
  await sheet.waitFor({ timeout: 120_000 });
  return (await sheet.getAttribute('data-drawn-from'))!;
}

/** Drops files on the window as a file manager does. */
export async function dropFiles(page: Page, files: readonly { name: string; type: string; bytes: Uint8Array }[]): Promise<void> {
  const encoded = files.map((f) => ({ name: f.name, type: f.type, base64: Buffer.from(f.bytes).toString('base64') }));
  await page.evaluate(
    `(() => {
      const transfer = new DataTransfer();
      for (const f of ${JSON.stringify(encoded)}) transfer.items.add(new File([Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0))], f.name, { type: f.type }));
      for (const type of ['dragenter', 'dragover', 'drop']) window.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
    })()`,
  );
}
