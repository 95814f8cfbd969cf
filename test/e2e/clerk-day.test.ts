// A clerk's day, driven in Chromium through `npm run serve`'s web host and the real local engine:
// add files (one dropped), watch them be read, proofread with the keyboard only, work offline
// across a restart, come back online, check every correction reached the engine once, follow a
// review anchor to its box, and read an invoice's verification failure. Screenshots of each screen
// go to docs/screenshots/ for the user guide.
import { mkdir, readFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startEngineProcess } from '../contract/engine-process';
import { HOSTILE_NAME, writeClerkFixtures, type ClerkFixtures } from './clerk-fixtures';
import { deskEngineClient, documentRow, dropFiles, useDesk } from './desk';
import { boxOnScreen, checkOverlays, clickBox, waitForBox } from './overlay-check';
import { startWebHost } from './web-host-process';

const ROOT = resolve(import.meta.dirname, '../..');
const SHOTS = join(ROOT, 'docs/screenshots');
const STEP_MS = 300_000;

const desk = useDesk('docket-e2e-');
let files: ClerkFixtures;
let page: Page;
const dialogs: string[] = [];
/** Values corrected through the keyboard, by field key or "row:column", as the engine must end with them. */
const corrected = { fields: new Map<string, string>(), cells: new Map<string, string>() };
/** Inputs already corrected, so that each correction changes a different value. */
const touched: string[] = [];

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

async function open(url: string): Promise<void> {
  await page.goto(url);
  await page.getByTestId('status-connection').waitFor();
}

/** Presses Tab (or Shift+Tab) until an input whose test id starts with `prefix`, and is not one of `skip`, has the focus. */
async function tabTo(prefix: string, skip: readonly string[] = [], key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<string> {
  for (let i = 0; i < 40; i++) {
    const id = await page.evaluate('document.activeElement && document.activeElement.getAttribute("data-testid")');
    if (typeof id === 'string' && id.startsWith(prefix) && !skip.includes(id)) return id;
    await page.keyboard.press(key);
  }
  throw new Error(`no ${prefix} input reached with Tab`);
}

async function focusedValue(): Promise<{ id: string; value: string }> {
  return (await page.evaluate('({ id: document.activeElement.getAttribute("data-testid"), value: document.activeElement.value })')) as { id: string; value: string };
}

/** Replaces the focused input's value with the keyboard, then Enter. */
async function typeOver(value: string): Promise<void> {
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(value);
  await page.keyboard.press('Enter');
}

async function fieldKeyOf(testId: string): Promise<string> {
  return page.locator(`label[for="field-input-${testId.slice('field-'.length)}"]`).innerText();
}

async function cellKeyOf(testId: string): Promise<string> {
  const [, r, c] = testId.split('-');
  return `${r}:${await page.locator(`.table-editor thead th`).nth(Number(c) + 1).innerText()}`;
}

async function waitSavedAndPending(): Promise<void> {
  await expect.poll(() => page.getByTestId('save-state').innerText(), { timeout: 10_000 }).toMatch(/Saved on this computer/);
}

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  files = await writeClerkFixtures(join(desk.work, 'files'));
  page = desk.page;
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await open(desk.host.url);
}, STEP_MS);

describe('a clerk’s day', () => {
  it('opens on the local engine, in the language the clerk picks', async () => {
    await expect.poll(() => page.getByTestId('status-connection').innerText(), { timeout: 120_000 }).toMatch(/在线|Online/);
    await page.getByTestId('language-switch').selectOption('en');
    await expect.poll(() => page.getByTestId('nav-documents').innerText()).toBe('Documents');
    await shot('documents-empty');
  }, STEP_MS);

  it('checks files before sending them, and uploads them with the chosen options', async () => {
    // Alt+2 opens "Add files" without the mouse.
    await page.keyboard.press('Alt+2');
    await page.getByTestId('pick-files').setInputFiles([files.textPdf.path, files.scan.path, files.hostileName.path, files.broken.path]);
    await expect.poll(() => page.getByTestId('pending-summary').innerText(), { timeout: 120_000 }).toMatch(/^4 files: 4 ready/);
    await page.getByTestId('option-batch').fill('DAY-1');
    await page.getByTestId('option-auto_verify_vat').check();
    await shot('intake-preflight');
    await page.getByTestId('upload-button').click();
    await expect.poll(() => page.getByTestId('upload-row').filter({ hasText: 'Uploaded' }).count(), { timeout: 120_000 }).toBe(4);

    // The two-invoice PDF is dropped on the window, with split on.
    await page.getByTestId('option-batch').fill('DAY-2');
    await page.getByTestId('option-auto_verify_vat').uncheck();
    await page.getByTestId('option-split_flag').check();
    await dropFiles(page, [{ name: basename(files.twoInvoices.path), type: 'application/pdf', bytes: await readFile(files.twoInvoices.path) }]);
    await expect.poll(() => page.getByTestId('pending-summary').innerText(), { timeout: 120_000 }).toMatch(/^1 files: 1 ready/);
    await page.getByTestId('upload-button').click();
    await expect.poll(() => page.getByTestId('upload-row').filter({ hasText: 'Uploaded' }).count(), { timeout: 120_000 }).toBe(5);
    await expect.poll(() => page.getByTestId('batch-progress').count()).toBe(2);
    await shot('intake-queue');
  }, STEP_MS);

  it('shows each document’s status in words, failures with their cause', async () => {
    await page.keyboard.press('Alt+1');
    for (const name of ['invoice-text.pdf', 'receipt-scan.png', 'two-invoices.pdf', HOSTILE_NAME]) {
      await expect.poll(() => documentRow(page, name).locator('.cell-status').innerText(), { timeout: 120_000 }).toBe('Read');
    }
    // A failed reading names its cause, in the row.
    await expect.poll(() => documentRow(page, 'broken.docx').locator('.cell-status .pill').innerText(), { timeout: 120_000 }).toBe('Could not be read');
    expect((await documentRow(page, 'broken.docx').locator('.failure-cause').innerText()).length).toBeGreaterThan(10);
    await shot('documents');
  }, STEP_MS);

  it('shows a file named like markup as text and never runs it', async () => {
    const link = page.getByTestId('document-link').filter({ hasText: HOSTILE_NAME });
    await expect.poll(() => link.innerText(), { timeout: 120_000 }).toBe(HOSTILE_NAME);
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    await link.click();
    await expect.poll(() => page.getByTestId('viewer-file-name').innerText()).toBe(HOSTILE_NAME);
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(dialogs).toEqual([]);
    await page.keyboard.press('Alt+1');
  }, STEP_MS);

  it('opens each invoice split from the two-invoice PDF, on its own page of the file', async () => {
    await documentRow(page, 'two-invoices.pdf').getByTestId('document-link').click();
    const children = page.getByTestId('child-files').locator('a');
    await expect.poll(() => children.count(), { timeout: 120_000 }).toBe(2);
    // The guide's picture shows the strips' pages drawn, not their empty frames.
    const drawn = async () => [await page.locator('.split-strips canvas').count(), await page.locator('.split-strips canvas[data-drawn="true"]').count()];
    await expect.poll(async () => { const [all, done] = await drawn(); return all! > 0 && all === done; }, { timeout: 120_000 }).toBe(true);
    await shot('viewer-split');
    for (let i = 0; i < 2; i++) {
      await children.nth(i).click();
      const split = await checkOverlays(page);
      expect(split.inked).toBeGreaterThan(5);
      await page.goBack();
      await children.first().waitFor();
    }
    await page.keyboard.press('Alt+1');
  }, STEP_MS);

  it('puts every overlay box on its text, a turned scan shown upright', async () => {
    await documentRow(page, 'receipt-scan.png').getByTestId('document-link').click();
    const scan = await checkOverlays(page);
    // The scan was put on the scanner a quarter turn clockwise: the engine says so, and the page
    // space is the page turned upright, so the viewer turns the stored image back under the boxes.
    expect(scan.angle).toBe(90);
    expect(scan.rotation).toBe(0);
    expect(scan.inked).toBeGreaterThanOrEqual(Math.ceil(scan.boxes / 2));
    await page.getByTestId('page-viewport').screenshot({ path: join(SHOTS, 'viewer-scan.png') });
    // The clerk's own turn (Alt+R) turns the page and its boxes together.
    await page.keyboard.press('Alt+R');
    const turned = await checkOverlays(page);
    expect(turned.rotation).toBe(90);
    expect(turned.inked).toBe(scan.inked);

    await page.keyboard.press('Alt+1');
    await documentRow(page, 'invoice-text.pdf').getByTestId('document-link').click();
    const text = await checkOverlays(page);
    expect(text.rotation).toBe(0);
    // Every box with room to hold text sits on printed text, not beside it.
    expect(text.inked).toBeGreaterThan(5);
    await page.getByTestId('page-viewport').screenshot({ path: join(SHOTS, 'viewer-overlays.png') });
  }, STEP_MS);

  it('corrects fields and a table cell with the keyboard only, saved here at once', async () => {
    // The cursor starts in the first field to check.
    await expect.poll(async () => (await focusedValue()).id ?? '', { timeout: 10_000 }).toMatch(/^field-/);
    const first = await tabTo('field-');
    touched.push(first);
    await typeOver('CORRECTED-1');
    corrected.fields.set(await fieldKeyOf(first), 'CORRECTED-1');
    // Enter moved on to another field.
    expect((await focusedValue()).id).not.toBe(first);
    const cell = await tabTo('cell-');
    touched.push(cell);
    await typeOver('77');
    corrected.cells.set(await cellKeyOf(cell), '77');
    await waitSavedAndPending();
    await shot('viewer-proofreading');
  }, STEP_MS);

  it('keeps correcting offline, across a restart of the app', async () => {
    await page.getByTestId('toggle-offline').click();
    await expect.poll(() => page.getByTestId('status-connection').innerText()).toMatch(/Working offline/);
    const fileUrl = page.url().replace(/^https?:\/\/[^/]+/, '');
    // Back up with Shift+Tab to a field not corrected yet.
    const field = await tabTo('field-', touched, 'Shift+Tab');
    const fieldKey = await fieldKeyOf(field);
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText('OFFLINE-2');
    await page.keyboard.press('Tab');
    corrected.fields.set(fieldKey, 'OFFLINE-2');
    const cell = await tabTo('cell-', touched);
    await typeOver('88');
    corrected.cells.set(await cellKeyOf(cell), '88');
    expect(corrected.fields.size).toBe(2);
    expect(corrected.cells.size).toBe(2);
    await waitSavedAndPending();
    await expect.poll(async () => Number(/(\d+)/.exec(await page.getByTestId('status-pending').innerText())?.[1])).toBeGreaterThan(0);
    await shot('offline');

    await desk.host.stop();
    desk.host = await startWebHost(desk.dataDir);
    await open(desk.host.url);
    await page.goto(new URL(fileUrl, desk.host.origin).toString());
    // Still offline after the restart, the corrections still here.
    await expect.poll(() => page.getByTestId('status-connection').innerText(), { timeout: 120_000 }).toMatch(/Working offline/);
    const fieldInput = page.locator('.field-row', { has: page.locator('label', { hasText: fieldKey }) }).locator('input');
    await expect.poll(() => fieldInput.inputValue(), { timeout: 30_000 }).toBe('OFFLINE-2');
  }, STEP_MS);

  it('sends every correction once when back online', async () => {
    await page.getByTestId('toggle-offline').click();
    await expect.poll(() => page.getByTestId('status-connection').innerText(), { timeout: 120_000 }).toMatch(/^Online/);
    await expect.poll(() => page.getByTestId('status-pending').innerText(), { timeout: 120_000 }).toMatch(/^0 /);
    // The desk's journal, read through the app's interface: each correction was applied exactly once.
    const fileId = decodeURIComponent(/#\/file\/([^?]+)/.exec(page.url())![1]!);
    const entries = (await page.evaluate(`(async () => {
      const call = (channel, args) => fetch('/ipc/' + channel, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ args }) }).then((r) => r.json());
      const { value } = await call('workspaces.list', {});
      return (await call('journal.forFile', { workspace_id: value.workspaces[0].workspace_id, file_id: ${JSON.stringify(fileId)} })).value.entries;
    })()`)) as { kind: string; op_id: string | null }[];
    const corrections = entries.filter((e) => e.kind === 'file.correct');
    expect(corrections.length).toBeGreaterThanOrEqual(4);
    for (const correction of corrections) {
      expect(entries.filter((e) => e.op_id === correction.op_id && (e.kind === 'sync.applied' || e.kind === 'sync.already-applied'))).toHaveLength(1);
    }
    expect(entries.filter((e) => e.kind === 'sync.dead-letter' || e.kind === 'sync.conflict')).toEqual([]);
    await page.locator('.journal summary').click();
    await shot('viewer-journal');
  }, STEP_MS);

  it('follows a review anchor to its box', async () => {
    await page.keyboard.press('Alt+1');
    await documentRow(page, 'invoice-text.pdf').click();
    await page.getByTestId('documents-scroller').press('Space');
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await page.getByTestId('bulk-review-submit').click();
    await page.keyboard.press('Alt+5');
    const anchor = page.getByTestId('anchor-link').first();
    await expect.poll(() => anchor.count(), { timeout: 120_000 }).toBeGreaterThan(0);
    await shot('review-results');
    await anchor.click();
    const anchorBox = await waitForBox(page, 'anchor');
    // The viewer scrolled the anchor's box into view.
    const viewport = (await page.getByTestId('page-viewport').boundingBox())!;
    const target = await boxOnScreen(page, anchorBox.box);
    expect(target.x).toBeGreaterThanOrEqual(viewport.x);
    expect(target.y).toBeGreaterThanOrEqual(viewport.y);
    expect(target.x + target.width).toBeLessThanOrEqual(viewport.x + viewport.width);
    expect(target.y + target.height).toBeLessThanOrEqual(viewport.y + viewport.height);
    await shot('review-anchor');
  }, STEP_MS);

  it('shows an invoice’s verification failure and its reason', async () => {
    await page.keyboard.press('Alt+4');
    const card = page.getByTestId('invoice-card').filter({ hasText: 'invoice-text.pdf' });
    await expect.poll(() => card.count(), { timeout: 120_000 }).toBe(1);
    expect(await card.getByTestId('invoice-reason').innerText()).toMatch(/^Reason: \S+/);
    await shot('invoices');
  }, STEP_MS);

  it('shows a conflict with a change made on the server, and keeps the clerk’s value when asked', async () => {
    await page.keyboard.press('Alt+1');
    await documentRow(page, 'invoice-text.pdf').getByTestId('document-link').click();
    // The starter fields carry the language of the desk that created the data folder (either one).
    await page.locator('.field-row label').first().waitFor();
    const labels = await page.locator('.field-row label').allInnerTexts();
    const key = ['Buyer name', '购买方名称', 'Seller name', '销售方名称', 'Invoice date', '开票日期'].find((k) => labels.includes(k) && !corrected.fields.has(k))!;
    const label = page.locator('.field-row label', { hasText: key });
    const index = (await label.getAttribute('for'))!.slice('field-input-'.length);
    await page.getByTestId('toggle-offline').click();
    await expect.poll(() => page.getByTestId('status-connection').innerText()).toMatch(/Working offline/);
    // Clicking the field's box puts the cursor in the field.
    await clickBox(page, `field-${index}-0`);
    expect((await focusedValue()).id).toBe(`field-${index}`);
    await typeOver('LOCAL VALUE');
    await waitSavedAndPending();

    // Meanwhile someone changes the same field on the server.
    const engine = await deskEngineClient(page);
    const fileId = decodeURIComponent(/#\/file\/([^?]+)/.exec(page.url())![1]!);
    const { workspaces } = await engine.workspaces.list({});
    const workspaceId = workspaces[0]!.workspace_id;
    const [record] = (await engine.files.fetch({ workspace_id: workspaceId, file_id: fileId })).files;
    const fields = record!.data!.fields.map((f) => ({ key: f.key, value: f.key === key ? 'SERVER VALUE' : f.value, position: f.position }));
    await engine.files.update([{ workspace_id: workspaceId, file_id: fileId, data: { fields, items: record!.data!.items } }]);

    await page.getByTestId('toggle-offline').click();
    await expect.poll(() => page.getByTestId('status-conflicts').count(), { timeout: 120_000 }).toBe(1);
    await page.getByTestId('status-conflicts').click();
    const conflict = page.getByTestId('conflict');
    await conflict.waitFor();
    const member = conflict.locator('tr', { hasText: key });
    await expect.poll(() => member.locator('td.server').innerText()).toBe('SERVER VALUE');
    expect(await member.locator('td.local').innerText()).toBe('LOCAL VALUE');
    await shot('sync-conflict');
    await conflict.getByTestId('keep-local').click();
    await expect.poll(() => page.getByTestId('conflict').count(), { timeout: 60_000 }).toBe(0);
    await expect.poll(() => page.getByTestId('status-pending').innerText(), { timeout: 120_000 }).toMatch(/^0 /);
    corrected.fields.set(key, 'LOCAL VALUE');
  }, STEP_MS);

  it('reaches every other screen from the keyboard, in both languages', async () => {
    const screens: [key: string, heading: string, name: string][] = [
      ['Alt+3', 'Work queues', 'queues'],
      ['Alt+6', 'Categories', 'categories'],
      ['Alt+7', 'Sync', 'sync'],
      ['Alt+8', 'Workspaces', 'workspaces'],
      ['Alt+9', 'Settings', 'settings'],
    ];
    for (const [key, heading, name] of screens) {
      await page.keyboard.press(key);
      await expect.poll(() => page.locator('h1').first().innerText()).toBe(heading);
      await page.waitForTimeout(500);
      await shot(name);
    }
    await page.keyboard.press('Alt+5');
    await page.getByTestId('review-rules-tab').click();
    await expect.poll(() => page.getByTestId('rule-repo').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await shot('review-rules');
    await page.getByTestId('language-switch').selectOption('zh-CN');
    await page.keyboard.press('Alt+1');
    await expect.poll(() => page.locator('h1').first().innerText()).toBe('文件列表');
    await shot('documents-zh');
  }, STEP_MS);

  it('left the engine with every correction', async () => {
    await desk.browser.close();
    await desk.host.stop();
    // The engine's data read through the service interface by a client of its own.
    const engine = await startEngineProcess({ dataDir: join(desk.dataDir, 'engine') });
    try {
      const workspaces = await engine.client.workspaces.list({});
      const workspaceId = workspaces.workspaces[0]!.workspace_id;
      const { files: records } = await engine.client.files.fetch({ workspace_id: workspaceId, batch_number: 'DAY-1' });
      const record = records.find((f) => f.name === 'invoice-text.pdf')!;
      for (const [key, value] of corrected.fields) expect(record.data!.fields.find((f) => f.key === key)?.value).toBe(value);
      for (const [at, value] of corrected.cells) {
        const [rowIndex, column] = at.split(':') as [string, string];
        expect(record.data!.items[Number(rowIndex)]!.find((c) => c.key === column)?.value).toBe(value);
      }
    } finally {
      await engine.stop();
    }
  }, STEP_MS);
});
