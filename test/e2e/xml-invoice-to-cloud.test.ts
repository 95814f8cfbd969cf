// An XML invoice on a cloud account, in Chromium through `npm run serve`'s web host: the desk's
// profile points at the engine started as a cloud stand-in (no XML reader, as the cloud). A clerk
// drops an EN 16931 XML invoice and a broken XML; the desk says the invoice goes as a drawn PDF
// carrying its XML (Factur-X), refuses the broken one with why, and the invoice arrives and is read.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngineProcess, type EngineProcess } from '../contract/engine-process';
import { eInvoiceFixture } from '../fixtures/e-invoice/factur-x-pdf.js';
import { documentRow, dropFiles, useDesk } from './desk';
import { ipcOf, useCloudAccount } from './web-host-process';

const STEP_MS = 300_000;
const SENT_AS = 'Sent as a drawn PDF carrying its XML (Factur-X)';

const desk = useDesk('docket-e2e-xml-cloud-');
let cloud: EngineProcess;
let page: Page;

beforeAll(async () => {
  cloud = await startEngineProcess({ args: ['--cloud-stand-in'] });
  const ipc = ipcOf(desk.host);
  await ipc('preferences.update', { language: 'en' });
  await useCloudAccount(ipc, 'Cloud stand-in', cloud.origin);
  page = desk.page;
  await page.goto(desk.host.url);
}, STEP_MS);

afterAll(async () => {
  await cloud?.stop();
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
