// An XML invoice on a cloud account, in Chromium through `npm run serve`'s web host: the desk's
// profile points at the engine started as a cloud stand-in (no XML reader, as the cloud). A clerk
// drops an EN 16931 XML invoice and a broken XML; the desk says the invoice goes as a drawn PDF
// carrying its XML (Factur-X), refuses the broken one with why, and the invoice arrives and is read.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngineProcess, type EngineProcess } from '../contract/engine-process';
import { eInvoiceFixture } from '../fixtures/e-invoice/factur-x-pdf.js';
import { launchBrowser, screenshotOnFailure, type Browser } from './browser';
import { documentRow, dropFiles } from './desk';
import { ipcOf, startWebHost, useCloudAccount, type WebHostProcess } from './web-host-process';

const ROOT = resolve(import.meta.dirname, '../..');
const STEP_MS = 300_000;
const SENT_AS = 'Sent as a drawn PDF carrying its XML (Factur-X)';

let work: string;
let cloud: EngineProcess;
let host: WebHostProcess;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'docket-e2e-xml-cloud-'));
  execFileSync('npx', ['electron-vite', 'build'], { cwd: ROOT, stdio: 'ignore' });
  cloud = await startEngineProcess({ args: ['--cloud-stand-in'] });
  host = await startWebHost(join(work, 'data'));
  const ipc = ipcOf(host);
  await ipc('preferences.update', { language: 'en' });
  await useCloudAccount(ipc, 'Cloud stand-in', cloud.origin);
  browser = await launchBrowser();
  page = browser.page;
  await page.goto(host.url);
}, STEP_MS);

screenshotOnFailure(() => page);

afterAll(async () => {
  await browser?.close();
  await host?.stop();
  await cloud?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('an XML invoice dropped on a desk with a cloud account', () => {
  it('is said to go as a drawn PDF carrying its XML, a broken XML is refused with why, and the invoice is read', async () => {
    await expect.poll(() => page.getByTestId('status-connection').innerText(), { timeout: 120_000 }).toMatch(/^Online/);
    const xml = eInvoiceFixture('nordlicht.cii.xml');
    await dropFiles(page, [
      { name: 'rechnung-RE-2024-117.xml', type: 'application/xml', bytes: xml },
      { name: 'broken.xml', type: 'application/xml', bytes: xml.subarray(0, 600) },
    ]);
    await expect.poll(() => page.getByTestId('pending-summary').innerText(), { timeout: 120_000 }).toMatch(/^2 files: 1 ready, 1 blocked/);
    const pending = (name: string) => page.getByTestId('pending-row').filter({ hasText: name });
    await expect.poll(() => pending('rechnung-RE-2024-117.xml').getByTestId('sent-as').innerText()).toBe(SENT_AS);
    const refusal = pending('broken.xml').getByText('Cannot be read');
    expect(await refusal.getAttribute('title')).toMatch(/^broken\.xml is not well-formed XML.*not sent to the cloud/);

    await page.getByTestId('upload-button').click();
    const row = page.getByTestId('upload-row').filter({ hasText: 'rechnung-RE-2024-117.xml' });
    await expect.poll(() => row.innerText(), { timeout: 120_000 }).toContain('Uploaded');
    expect(await row.getByTestId('sent-as').innerText()).toBe(SENT_AS);
    expect(await page.getByTestId('upload-row').count()).toBe(1);

    // The stand-in took a PDF (it refuses XML) and read it.
    await page.keyboard.press('Alt+1');
    await expect.poll(() => documentRow(page, 'rechnung-RE-2024-117.pdf').locator('.cell-status').innerText(), { timeout: 180_000 }).toBe('Read');
  }, STEP_MS);
});
