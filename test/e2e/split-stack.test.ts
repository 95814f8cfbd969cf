// A scanned stack corrected in the desk (issue 22), driven in Chromium through `npm run serve`'s web
// host and the real local engine: drop the stack with split on, see its documents as page strips
// (boundaries with their confidence, the blank back left out), put the blank back into a document, move a page to the previous document
// and merge two documents with the keyboard only, apply, and see the engine make and read the
// documents again on the pages asked for, and the desk show them.
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { TaskType } from '../../src/shared/api/index.js';
import { blankBackJpeg, stackPdf, textPageJpeg } from '../fixtures/stack-sheets';
import { deskEngineClient, documentRow, dropFiles, openDocument, useDesk } from './desk';

const ROOT = resolve(import.meta.dirname, '../..');
const SHOTS = join(ROOT, 'docs/screenshots');
const STEP_MS = 600_000;
const STACK = 'scanned-stack.pdf';
const BATCH = 'STACK-1';

const desk = useDesk('docket-split-e2e-');
let page: Page;

// Three documents of four printed pages, and a blank duplex back after the first: a shop receipt, a
// two-page invoice whose second page has no header, and a receipt of another shop.
const receipt = (shop: string, number: string, total: string) =>
  textPageJpeg([shop, 'LOT 7, JALAN SENTOSA', '41200 KLANG, SELANGOR', `Receipt No: ${number}`, 'Date: 03/05/2018 18:02', '', 'Roti canai    2   3.00', 'Kopi O        1   1.80', '', `TOTAL         RM ${total}`, '', 'THANK YOU'], { width: 620, height: 1500, size: 26 });
const stackPages = async () =>
  stackPdf([
    { jpeg: receipt('KEDAI MAKAN SENTOSA', 'KM-220481', '4.80') },
    { jpeg: blankBackJpeg(11) },
    { jpeg: textPageJpeg(['INVOICE', '', 'Rheinwerk Buerobedarf GmbH, Kaiserstrasse 9, 60311 Frankfurt', '', 'Invoice No: RB-2025-0932', 'Invoice date: 03.03.2025', '', 'Pos  Description              Qty   Amount', '1    Ring binder               20    59.00', '2    Stapler                    3    44.70']) },
    { jpeg: textPageJpeg(['3    Copy paper A4, 10 reams   10    49.90', '', 'Net amount                         153.60', 'VAT 19%                             29.18', 'Total amount due                   182.78', '', 'Payable within 14 days']) },
    { jpeg: receipt('AEON BIG KLANG', 'AB-0093317', '27.45') },
  ]);

/** The strips' documents as the desk shows them: the pages of each (of the parent, from 0) and its category. */
async function strips(): Promise<{ pages: number[]; category: string }[]> {
  const children = page.getByTestId('split-child');
  const shown: { pages: number[]; category: string }[] = [];
  for (let i = 0; i < (await children.count()); i++) {
    const child = children.nth(i);
    shown.push({ pages: ((await child.getAttribute('data-pages')) ?? '').split(',').map(Number), category: (await child.getAttribute('data-category')) ?? '' });
  }
  return shown;
}

const focusedPage = async () => page.evaluate('document.activeElement && document.activeElement.getAttribute("data-page")');

/** The stack's split children in the engine's own task list: pages of the parent and reading state. */
async function engineChildren(): Promise<{ pages: number[]; category: string; read: boolean }[]> {
  const engine = await deskEngineClient(page);
  const workspaceId = (await engine.workspaces.list({})).workspaces[0]!.workspace_id;
  const { files } = await engine.files.fetch({ workspace_id: workspaceId, batch_number: BATCH });
  const parent = files.find((f) => f.task_type === TaskType.parent && f.name === STACK);
  return (parent?.child_files ?? [])
    .filter((c) => c.task_type === TaskType.splitChild)
    .map((c) => ({ pages: c.from_parent_position_list ?? [], category: c.category ?? '', read: c.recognition_status === 1 }));
}

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  page = desk.page;
  await page.goto(desk.host.url);
}, STEP_MS);

describe('a scanned stack corrected in the desk', () => {
  it('drops the stack with split on and reads it', async () => {
    await expect.poll(() => page.getByTestId('status-connection').innerText(), { timeout: 120_000 }).toMatch(/在线|Online/);
    await page.getByTestId('language-switch').selectOption('en');
    await page.keyboard.press('Alt+2');
    await page.getByTestId('option-batch').fill(BATCH);
    await page.getByTestId('option-split_flag').check();
    await dropFiles(page, [{ name: STACK, type: 'application/pdf', bytes: await stackPages() }]);
    await expect.poll(() => page.getByTestId('pending-summary').innerText(), { timeout: 120_000 }).toMatch(/^1 files: 1 ready/);
    await page.getByTestId('upload-button').click();
    await expect.poll(() => page.getByTestId('upload-row').filter({ hasText: 'Uploaded' }).count(), { timeout: 120_000 }).toBe(1);
    await page.keyboard.press('Alt+1');
    await expect.poll(() => documentRow(page, STACK).locator('.cell-status').innerText(), { timeout: STEP_MS }).toBe('Read');
  }, STEP_MS);

  it('shows each document as a strip of its pages, the boundaries with their confidence and the blank back left out', async () => {
    await openDocument(page, STACK);
    await expect.poll(() => page.getByTestId('split-child').count(), { timeout: 120_000 }).toBe(3);
    expect((await strips()).map((s) => s.pages)).toEqual([[0], [2, 3], [4]]);
    expect((await strips()).map((s) => s.pages)).toEqual((await engineChildren()).map((c) => c.pages));
    const dropped = page.getByTestId('split-dropped');
    await expect.poll(() => dropped.count(), { timeout: 60_000 }).toBe(1);
    expect([await dropped.getAttribute('data-page'), await dropped.getAttribute('data-reason')]).toEqual(['1', 'blank']);
    expect(await dropped.innerText()).toMatch(/blank page/);
    // The engine weighed the pages after the first kept one: a start before the invoice and the last receipt, a continuation inside the invoice.
    const marks = page.getByTestId('split-boundary');
    await expect.poll(() => marks.count()).toBe(3);
    for (let i = 0; i < 3; i++) {
      const confidence = Number(await marks.nth(i).getAttribute('data-confidence'));
      expect(confidence).toBeGreaterThanOrEqual(0.5);
      expect(confidence).toBeLessThanOrEqual(1);
      expect(await marks.nth(i).evaluate((e) => e.classList.contains('doubtful'))).toBe(confidence < 0.85);
    }
    // For the guide: the strips once every page in them is drawn (each is drawn when scrolled into view).
    await dropped.scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('.split-strips canvas[data-drawn="true"]').count(), { timeout: 120_000 }).toBe(5);
    // A window tall enough for the whole side panel; the usual size again after.
    const size = page.viewportSize()!;
    await page.setViewportSize({ width: size.width, height: 1250 });
    await page.getByTestId('split-strips').evaluate((e) => e.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: join(SHOTS, 'viewer-split-strips.png') });
    await page.setViewportSize(size);
  }, STEP_MS);

  it('puts the page left out back into the document before it', async () => {
    await page.locator('[data-testid="split-restore"][data-page="1"]').click();
    await expect.poll(async () => (await strips()).map((s) => s.pages)).toEqual([[0, 1], [2, 3], [4]]);
    expect(await page.getByTestId('split-dropped').count()).toBe(0);
    await expect.poll(() => page.getByTestId('split-status').innerText()).toMatch(/not applied yet/);
  }, STEP_MS);

  it('moves a page to the previous document and merges two documents with the keyboard', async () => {
    const before = await strips();
    // The first page is the strips' tab stop; the arrows walk the pages (the page put back among them), the focus follows.
    await page.locator('[data-testid="split-page"][data-page="0"]').focus();
    await page.keyboard.press('ArrowRight');
    expect(await focusedPage()).toBe('1');
    await page.keyboard.press('ArrowRight');
    expect(await focusedPage()).toBe('2');
    // Shift+← carries the invoice's first page into the receipt before it; the focus stays on it.
    await page.keyboard.press('Shift+ArrowLeft');
    await expect.poll(async () => (await strips()).map((s) => s.pages)).toEqual([[0, 1, 2], [3], [4]]);
    expect(await focusedPage()).toBe('2');
    // On to page 3 and M: its document is merged with the next, under its own category.
    await page.keyboard.press('ArrowRight');
    expect(await focusedPage()).toBe('3');
    await page.keyboard.press('m');
    await expect.poll(() => strips()).toEqual([
      { pages: [0, 1, 2], category: before[0]!.category },
      { pages: [3, 4], category: before[1]!.category },
    ]);
    await expect.poll(() => page.getByTestId('split-status').innerText()).toMatch(/not applied yet/);
  }, STEP_MS);

  it('applies the correction: the engine makes the documents again on the pages asked for and reads them, and the desk shows them', async () => {
    const asked = await strips();
    await page.getByTestId('split-apply').click();
    await expect.poll(() => page.getByTestId('split-status').innerText(), { timeout: 60_000 }).toMatch(/made again|read again/);
    await expect
      .poll(() => engineChildren(), { timeout: STEP_MS, interval: 2_000 })
      .toEqual(asked.map((a) => ({ ...a, read: true })));
    // The desk catches up: the new documents, each read.
    await expect.poll(() => strips(), { timeout: 120_000 }).toEqual(asked);
    await expect.poll(() => page.getByTestId('split-child').locator('.pill').allInnerTexts(), { timeout: 120_000 }).toEqual(['Read', 'Read']);
    await expect.poll(() => page.getByTestId('split-status').count(), { timeout: 120_000 }).toBe(0);
    // The clerk decided these documents: the engine's old confidences are no longer shown on them.
    await expect.poll(() => page.getByTestId('split-strips').innerText(), { timeout: 60_000 }).toMatch(/corrected by hand/);
    expect(await page.getByTestId('split-boundary').count()).toBe(0);
  }, STEP_MS);
});
