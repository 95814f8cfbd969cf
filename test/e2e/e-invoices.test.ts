// E-invoices as they arrive, driven in Chromium through `npm run serve`'s web host and the real local
// engine: a clerk drops a Chinese OFD e-invoice (its invoice XML inside, sealed) and an EN 16931 XML
// invoice (CII, no page at all) on the window and lets the desk classify them; both are read from
// their data, so there is nothing to proofread: every field is filled and none asks to be checked,
// each page is shown (the OFD's own, the one the engine drew for the XML), and the OFD's seal is listed.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { eInvoiceFixture } from '../fixtures/e-invoice/factur-x-pdf.js';
import { makeOfd, type OfdSpec } from '../fixtures/ofd-files.js';
import { documentRow, drawnFrom, dropFiles, openDocument, useDesk } from './desk';
import { checkOverlays } from './overlay-check';

const STEP_MS = 300_000;
const NAMES = { ofd: 'fapiao-31471858.ofd', xml: 'rechnung-RE-2024-117.xml' } as const;
const SEAL = '示例商贸有限公司发票专用章';

// A 增值税电子普通发票 written from GB/T 33190 with its invoice XML (original_invoice.xml) and a seal.
const INVOICE_XML = `<?xml version="1.0" encoding="utf-8"?><eInvoice xmlns:fp="http://www.edrm.org.cn/schema/e-invoice/2019" Version="1.0"><fp:InvoiceCode>032001600511</fp:InvoiceCode><fp:InvoiceNo>31471858</fp:InvoiceNo><fp:IssueDate>2026年03月05日</fp:IssueDate><fp:InvoiceCheckCode>01897109054748898321</fp:InvoiceCheckCode><fp:Buyer><fp:BuyerName>买方有限公司</fp:BuyerName><fp:BuyerTaxID>9144030071526726XG</fp:BuyerTaxID></fp:Buyer><fp:Seller><fp:SellerName>示例商贸有限公司</fp:SellerName><fp:SellerTaxID>91350100M000100Y43</fp:SellerTaxID></fp:Seller><fp:TaxInclusiveTotalAmount>1243.00</fp:TaxInclusiveTotalAmount><fp:TaxTotalAmount>143.00</fp:TaxTotalAmount><fp:TaxExclusiveTotalAmount>1100.00</fp:TaxExclusiveTotalAmount><fp:InvoiceClerk>王芳</fp:InvoiceClerk><fp:Note>订单号 PO-2026-0318</fp:Note><fp:GoodsInfos><fp:GoodsInfo><fp:Item>*纸制品*复印纸</fp:Item><fp:Price>50</fp:Price><fp:Quantity>10</fp:Quantity><fp:Amount>500.00</fp:Amount><fp:TaxScheme>13%</fp:TaxScheme><fp:TaxAmount>65.00</fp:TaxAmount></fp:GoodsInfo></fp:GoodsInfos></eInvoice>`;
const text = (id: number, x: number, y: number, value: string) => ({ id, x, y, size: 3.5, dx: 3.5, text: value, font: 2 as const });
const OFD: OfdSpec = {
  template: [text(1, 70, 5, '增值税电子普通发票'), text(2, 130, 12, '发票代码：'), text(3, 130, 18, '发票号码：'), text(4, 130, 24, '开票日期：'), text(5, 10, 110, '价税合计（小写）')],
  pages: [[text(10, 165, 12, '032001600511'), text(11, 165, 18, '31471858'), text(12, 165, 24, '2026年03月05日'), text(13, 20, 40, '示例商贸有限公司'), text(14, 165, 110, '¥1243.00')]],
  seal: { page: 0, box: [90, 95, 40, 26], name: SEAL },
  invoiceXml: INVOICE_XML,
};

const desk = useDesk('docket-e2e-einvoice-');
let page: Page;

/** Opens a document and answers its fields as the clerk sees them: value and whether the desk asks to check it. */
async function openAndReadFields(name: string): Promise<{ key: string; value: string; check: boolean }[]> {
  await openDocument(page, name);
  const rows = page.locator('.field-row');
  await expect.poll(() => rows.count(), { timeout: 60_000 }).toBeGreaterThan(5);
  // A string, as the other steps evaluate in the page: the node build has no DOM types.
  return (await page.evaluate(
    `[...document.querySelectorAll('.field-row')].map((item) => ({ key: item.querySelector('.field-key')?.textContent ?? '', value: item.querySelector('input')?.value ?? '', check: item.classList.contains('tone-low') }))`,
  )) as { key: string; value: string; check: boolean }[];
}

beforeAll(async () => {
  page = desk.page;
  await page.goto(desk.host.url);
}, STEP_MS);

describe('e-invoices dropped on the desk', () => {
  it('takes an OFD and an XML invoice dropped together, and reads both', async () => {
    await expect.poll(() => page.getByTestId('status-connection').innerText(), { timeout: 120_000 }).toMatch(/在线|Online/);
    await page.getByTestId('language-switch').selectOption('en');
    await dropFiles(page, [
      { name: NAMES.ofd, type: 'application/ofd', bytes: makeOfd(OFD) },
      { name: NAMES.xml, type: 'application/xml', bytes: eInvoiceFixture('nordlicht.cii.xml') },
    ]);
    await expect.poll(() => page.getByTestId('pending-summary').innerText(), { timeout: 120_000 }).toMatch(/^2 files: 2 ready/);
    await page.getByTestId('upload-button').click();
    await expect.poll(() => page.getByTestId('upload-row').filter({ hasText: 'Uploaded' }).count(), { timeout: 120_000 }).toBe(2);
    await page.keyboard.press('Alt+1');
    for (const name of Object.values(NAMES)) await expect.poll(() => documentRow(page, name).locator('.cell-status').innerText(), { timeout: 180_000 }).toBe('Read');
  }, STEP_MS);

  it('fills every field of the OFD e-invoice from its XML, nothing to check, its page shown and its seal listed', async () => {
    const fields = await openAndReadFields(NAMES.ofd);
    expect(fields.filter((f) => f.value.trim() === '' || f.check)).toEqual([]);
    expect(fields.map((f) => f.value)).toEqual(expect.arrayContaining(['032001600511', '31471858', '2026-03-05', '示例商贸有限公司', '1243.00', '01897109054748898321']));
    expect(await drawnFrom(page)).toBe('picture');
    await expect.poll(() => page.locator('.side-section', { hasText: SEAL }).count()).toBe(1);
  }, STEP_MS);

  it('fills every field of the XML invoice, nothing to check, on the page the engine drew for it', async () => {
    const fields = await openAndReadFields(NAMES.xml);
    expect(fields.filter((f) => f.value.trim() === '' || f.check)).toEqual([]);
    expect(fields.map((f) => f.value)).toEqual(expect.arrayContaining(['RE-2024-117', 'Nordlicht Werkstatt GmbH', 'Bergblick Hotel KG', '416.50', 'EUR']));
    // The engine's drawn page, each field's box on its value's ink, so the clerk can still check any of them there.
    expect(await drawnFrom(page)).toBe('picture');
    const overlays = await checkOverlays(page);
    expect(overlays.inked).toBe(overlays.boxes);
    // The line items are in the category's table.
    await expect.poll(() => page.locator('.table-editor tbody tr').count()).toBe(2);
  }, STEP_MS);
});
