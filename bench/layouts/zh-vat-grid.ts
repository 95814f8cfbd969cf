import type { LaidPage } from '../corpus/layout.js';
import type { Rng } from '../corpus/rng.js';
import { upperCaseAmount } from '../corpus/values.js';
import { CONVENTIONS } from './conventions.js';
import type { InvoiceData } from './invoice-data.js';
import { A4 } from './invoice-template.js';
import { pickLabels } from './labels.js';
import type { LayoutFont } from './layout-font.js';
import { formatDate, numberStyle } from './locale-format.js';
import type { InvoicePage, Who } from './parts/invoice-page.js';
import { moneyMarks } from './parts/invoice-page.js';
import { itemTable } from './parts/item-table.js';
import { print, printLines, type Printed } from './parts/print.js';
import { Sheet } from './sheet.js';
import { TruthBuilder } from './truth-builder.js';

/** A Chinese VAT invoice's party cell: a vertical label ("购买方信息") beside name, tax id and, on the paper form, address and bank. */
function partyCell(page: InvoicePage, who: Who, x: number, top: number, width: number, paper: boolean): void {
  const party = page.data.values[who === 'Seller' ? 'seller' : 'buyer'];
  const label = who === 'Seller' ? '销售方信息' : '购买方信息';
  [...label].forEach((ch, i) => page.sheet.text(ch, x + 9, top + 14 + i * 11, 9, 'center'));
  page.sheet.rule(x + 18, top, x + 18, top + 72);
  const field = (name: string, value: string | null, part: string | null = value): Printed[] => (value && part ? [{ text: `${name}：${value}`, marks: [{ field: `${who} ${name === '名称' ? 'name' : 'VAT ID'}`, value, part, from: name.length + 1 }] }] : []);
  const lines: Printed[] = [...field('名称', party.name), ...field(page.rng.pick(['统一社会信用代码/纳税人识别号', '纳税人识别号']), party.vat_id)];
  if (paper && party.city && party.street) {
    const text = `地址、电话：${party.city}${party.street} 0${page.rng.digits(2)}-${page.rng.digits(8)}`;
    lines.push({ text, marks: [{ field: `${who} city`, value: party.city, part: party.city, from: 6 }, { field: `${who} street`, value: party.street, part: party.street }] });
    lines.push({ text: `开户行及账号：${page.rng.pick(['中国工商银行', '中国建设银行', '招商银行'])}${party.city.replace('市', '')}支行 ${page.rng.digits(19)}` });
  }
  printLines(page, lines, x + 24, top + 15, 8.5, 14, 'left', width - 30);
}

/** The sums under the table: "合计" with net and tax, then 价税合计 in words and in figures. */
function sums(page: InvoicePage, top: number): number {
  const { values } = page.data;
  const { sheet } = page;
  const net = moneyMarks(page, 'Net amount', values.net_total ?? 0);
  const tax = moneyMarks(page, 'Tax amount', values.tax_total ?? 0);
  print(page, { text: '合 计' }, page.left + 20, top + 14, 9);
  print(page, net, page.left + (page.right - page.left) * 0.72, top + 14, 9, 'right');
  print(page, tax, page.right - 4, top + 14, 9, 'right');
  sheet.rule(page.left, top + 20, page.right, top + 20);
  const total = moneyMarks(page, 'Total', values.grand_total ?? 0);
  print(page, { text: `价税合计（大写）  ⓧ${upperCaseAmount(Math.round((values.grand_total ?? 0) * 100))}` }, page.left + 4, top + 36, 9);
  print(page, { text: '（小写）' }, page.left + (page.right - page.left) * 0.65, top + 36, 9);
  print(page, total, page.right - 4, top + 36, 9, 'right');
  sheet.frame(page.left, top, page.right, top + 44);
  return top + 44;
}

/** 全电发票 or the older paper form (with address and bank lines): a ruled grid of parties, items and sums. */
export function layOutZhVatGrid(data: InvoiceData, rng: Rng, font: LayoutFont): { page: LaidPage; truth: TruthBuilder } {
  const sheet = new Sheet(font, A4.width, A4.height);
  const truth = new TruthBuilder();
  const style = { ...numberStyle(rng, CONVENTIONS.CN), sign: '¥', signAfter: false };
  const page: InvoicePage = { sheet, truth, rng, data, labels: pickLabels(rng, 'zh'), language: 'zh', style, left: 40, right: A4.width - 40, size: 8.5, negative: false };
  const paper = rng.chance(0.5);
  const { values } = data;
  print(page, { text: paper ? rng.pick(['增值税专用发票', '北京增值税专用发票']) : '电子发票（增值税专用发票）' }, A4.width / 2, 64, 17, 'center');
  const number = values.invoice_number ?? '';
  print(page, { text: `发票号码：${number}`, marks: [{ field: 'Invoice number', value: number, part: number, from: 5 }] }, page.right, 88, 9, 'right');
  const date = formatDate(values.issue_date ?? '2025-01-01', style);
  print(page, { text: `开票日期：${date}`, marks: [{ field: 'Issue date', value: values.issue_date, part: date, from: 5 }] }, page.right, 102, 9, 'right');
  const top = 112;
  const half = (page.right - page.left) / 2;
  sheet.frame(page.left, top, page.right, top + 72);
  sheet.rule(page.left + half, top, page.left + half, top + 72);
  partyCell(page, 'Buyer', page.left, top, half, paper);
  partyCell(page, 'Seller', page.left + half, top, half, paper);
  const tableBottom = itemTable(page, { columns: ['description', 'unit', 'quantity', 'unitPrice', 'amount', 'taxRate'], rules: 'grid', headerLines: 1 }, top + 72);
  const bottom = sums(page, tableBottom);
  print(page, { text: `备注：${rng.pick(['', `订单号 ${data.orderRef}`])}` }, page.left + 4, bottom + 16, 8.5);
  print(page, { text: `开票人：${rng.pick(['张伟', '李娜', '王芳', '刘洋'])}` }, page.left, bottom + 40, 9);
  return { page: sheet.page, truth };
}
