import type { LaidPage, PlacedSeal } from '../corpus/layout.js';
import type { Rng } from '../corpus/rng.js';
import { upperCaseAmount } from '../corpus/values.js';
import { LINE_COLUMNS } from '../real-documents/invoice-category.js';
import type { Box } from './layout-document.js';
import { cellX, type GridColumn } from './grid-column.js';
import type { LayoutFont } from './layout-font.js';
import { print, type Page, type Printed } from './parts/print.js';
import { Sheet, type Align } from './sheet.js';
import { TruthBuilder } from './truth-builder.js';
import { gridRows, type PaperVatInvoice } from './zh-vat-paper-data.js';

/** 240 × 140 mm, the older VAT invoice's form, in points. */
export const PAPER_PAGE = { width: (240 * 72) / 25.4, height: (140 * 72) / 25.4 };

const LEFT = 30;
const RIGHT = PAPER_PAGE.width - 30;
const CIPHER_X = 420;
const BUYER_TOP = 82;
const ITEMS_TOP = 142;
const SUMS_TOP = 250;
const WORDS_TOP = 270;
const SELLER_TOP = 290;
const BOTTOM = 350;
const SIZE = 8.5;
const PITCH = 14;
const PROVINCES = ['北京', '上海', '广东', '江苏', '浙江', '四川', '山东'];
// The form's preprinted ink: brown-red on the 专用 form, blue on the paper 普通; the electronic form prints black.
const FORM_INK = { special: '#9a3f2c', ordinary: '#2b4d94', electronic: undefined } as const;
const PRINTER_INK = '#161616';

/** The grid's columns: head, edges, alignment, the cell's text, and the truth's column where the family's truth has one. */
const COLUMNS: readonly GridColumn[] = [
  { head: '货物或应税劳务、服务名称', from: LEFT, to: 212, align: 'left', text: (i) => i.name, truth: LINE_COLUMNS.name, value: (i) => i.name },
  { head: '规格型号', from: 212, to: 268, align: 'left', text: (i) => i.spec },
  { head: '单位', from: 268, to: 298, align: 'center', text: (i) => i.unit },
  { head: '数量', from: 298, to: 346, align: 'right', text: (i) => (Number.isNaN(i.quantity) ? '' : String(i.quantity)), truth: LINE_COLUMNS.quantity, value: (i) => i.quantity },
  { head: '单价', from: 346, to: 420, align: 'right', text: (i) => (Number.isNaN(i.unitPrice) ? '' : i.unitPrice.toFixed(2)), truth: LINE_COLUMNS.unit_price, value: (i) => i.unitPrice },
  { head: '金额', from: 420, to: 500, align: 'right', text: (i) => i.amount.toFixed(2), truth: LINE_COLUMNS.amount, value: (i) => i.amount },
  { head: '税率', from: 500, to: 540, align: 'center', text: (i) => `${i.rate}%`, truth: LINE_COLUMNS.tax_rate, value: (i) => i.rate },
  { head: '税额', from: 540, to: RIGHT, align: 'right', text: (i) => i.tax.toFixed(2) },
];

/** The older form being filled: its preprinted ink, and the dot-matrix printer's offset from the boxes it fills. */
interface Form extends Page {
  ink: string | undefined;
  offset: { dx: number; dy: number };
}

/** Preprinted text, in the form's ink. */
function preprinted(form: Form, text: string, x: number, y: number, size = SIZE, align: Align = 'left'): Box {
  form.sheet.ink = form.ink;
  const box = form.sheet.text(text, x, y, size, align);
  form.sheet.ink = PRINTER_INK;
  return box;
}

/** Text the printer fills in, off its box by the printer's offset. */
function filled(form: Form, line: Printed, x: number, y: number, size = SIZE, align: Align = 'left'): Box {
  form.sheet.ink = PRINTER_INK;
  return print(form, line, x + form.offset.dx, y + form.offset.dy, size, align);
}

/** A label printed on the form and its value filled in after it. */
function labelled(form: Form, label: string, value: string | null, field: string | undefined, x: number, y: number, truth: string | number | null = value): void {
  const box = preprinted(form, label, x, y);
  if (value) filled(form, { text: value, marks: field ? [{ field, value: truth, part: value }] : [] }, box[2] + 2, y);
}

function verticalLabel(form: Form, label: string, x: number, top: number, bottom: number): void {
  const pitch = SIZE + 3;
  const first = (top + bottom) / 2 - ((label.length - 1) * pitch) / 2 + SIZE / 2;
  [...label].forEach((ch, i) => preprinted(form, ch, x + 9, first + i * pitch, SIZE, 'center'));
  form.sheet.ink = form.ink;
  form.sheet.rule(x + 18, top, x + 18, bottom);
}

function party(form: Form, data: PaperVatInvoice, who: 'Buyer' | 'Seller', top: number, rng: Rng): void {
  const p = who === 'Buyer' ? data.buyer : data.seller;
  verticalLabel(form, who === 'Buyer' ? '购买方' : '销售方', LEFT, top, top + 60);
  const x = LEFT + 24;
  labelled(form, '名　　称：', p.name, `${who} name`, x, top + 13);
  labelled(form, '纳税人识别号：', p.taxId, `${who} VAT ID`, x, top + 13 + PITCH);
  labelled(form, '地 址、电 话：', `${rng.pick(PROVINCES)}市${rng.pick(['中山路', '人民路', '解放大道', '科技园南区'])}${rng.int(1, 300)}号 0${rng.digits(2)}-${rng.digits(8)}`, undefined, x, top + 13 + 2 * PITCH);
  labelled(form, '开户行及账号：', `${rng.pick(['中国工商银行', '中国建设银行', '招商银行'])}${rng.pick(PROVINCES)}分行 ${rng.digits(19)}`, undefined, x, top + 13 + 3 * PITCH);
}

function grid(form: Form, data: PaperVatInvoice): void {
  for (const column of COLUMNS) preprinted(form, column.head, (column.from + column.to) / 2, ITEMS_TOP + 12, column.head.length > 6 ? SIZE - 1 : SIZE, 'center');
  gridRows(data).forEach((item, i) => {
    const y = ITEMS_TOP + 30 + i * 13;
    for (const column of COLUMNS) {
      const text = column.text(item);
      if (text === '') continue;
      const box = filled(form, { text }, cellX(column), y, SIZE, column.align);
      if (column.truth && column.value && !Number.isNaN(column.value(item))) form.truth.line(i, column.truth, column.value(item), { text, box });
    }
  });
}

function sums(form: Form, data: PaperVatInvoice): void {
  const money = (field: string, value: number): Printed => ({ text: `¥${value.toFixed(2)}`, marks: [{ field: 'Currency', value: 'CNY', part: '¥' }, { field, value, part: value.toFixed(2) }] });
  preprinted(form, '合　　计', LEFT + 60, SUMS_TOP + 14, SIZE);
  filled(form, money('Net amount', data.net), COLUMNS[5]!.to - 3, SUMS_TOP + 14, SIZE, 'right');
  filled(form, money('Tax amount', data.tax), RIGHT - 3, SUMS_TOP + 14, SIZE, 'right');
  preprinted(form, '价税合计（大写）', LEFT + 4, WORDS_TOP + 14);
  filled(form, { text: `ⓧ${upperCaseAmount(Math.round(data.total * 100))}` }, LEFT + 110, WORDS_TOP + 14);
  preprinted(form, '（小写）', 440, WORDS_TOP + 14);
  filled(form, money('Total', data.total), 478, WORDS_TOP + 14);
}

function rules(form: Form): void {
  const { sheet } = form;
  sheet.ink = form.ink;
  sheet.frame(LEFT, BUYER_TOP, RIGHT, BOTTOM);
  for (const y of [ITEMS_TOP, SUMS_TOP, WORDS_TOP, SELLER_TOP]) sheet.rule(LEFT, y, RIGHT, y);
  for (const top of [BUYER_TOP, SELLER_TOP]) sheet.rule(CIPHER_X, top, CIPHER_X, top + 60);
  for (const column of COLUMNS.slice(1)) sheet.rule(column.from, ITEMS_TOP, column.from, SUMS_TOP);
}

/** The printed date: "2019年05月08日" mostly, some printers "2019 05 08" under the form's own 年 月 日. */
function printedDate(iso: string, rng: Rng): string {
  const [y, m, d] = [iso.slice(0, 4), iso.slice(5, 7), iso.slice(8, 10)];
  return rng.chance(0.7) ? `${y}年${m}月${d}日` : `${y} ${m} ${d}`;
}

/**
 * An older VAT invoice: the paper 专用 or 普通 form filled by a dot-matrix printer off its boxes, in the
 * form's coloured ink with the supervision seal over the title and the seller's seal over its corner,
 * or the electronic 普通 form. 发票代码, 发票号码, 开票日期 and (普通) 校验码 top right, 机器编号 top left,
 * the buyer with the 密码区 beside it, the goods grid (or one row for a 销货清单), the sums, the seller
 * with 备注, and 收款人 / 复核 / 开票人 under the frame. Answers the page, its truth and the seller's seal.
 */
export function layOutPaperInvoice(data: PaperVatInvoice, font: LayoutFont, rng: Rng): { page: LaidPage; truth: TruthBuilder; seal: Box } {
  const sheet = new Sheet(font, PAPER_PAGE.width, PAPER_PAGE.height);
  const paper = data.form !== 'electronic';
  const offset = paper ? { dx: rng.int(-10, 10), dy: rng.int(-3, 5) } : { dx: 0, dy: 0 };
  const form: Form = { sheet, truth: new TruthBuilder(), ink: FORM_INK[data.form], offset };
  const province = rng.pick(PROVINCES);
  const centre = PAPER_PAGE.width / 2;
  preprinted(form, `${province}${{ special: '增值税专用发票', ordinary: '增值税普通发票', electronic: '增值税电子普通发票' }[data.form]}`, centre, 40, 17, 'center');
  if (paper) preprinted(form, data.form === 'special' ? rng.pick(['发票联', '抵扣联']) : '发票联', centre, 58, 9, 'center');
  const top = RIGHT - 170;
  // The form's own code and number are preprinted; the printer fills the date and the check code. The
  // family's truth holds a commercial invoice's fields: the china bench scores 发票代码 and 校验码 from the data.
  const code = preprinted(form, '发票代码：', top, 30);
  print(form, { text: data.code }, code[2] + 2, 30, SIZE);
  const number = preprinted(form, '发票号码：', top, 44);
  print(form, { text: data.number, marks: [{ field: 'Invoice number', value: data.number, part: data.number }] }, number[2] + 2, 44, SIZE);
  const date = printedDate(data.date, rng);
  labelled(form, '开票日期：', date, 'Issue date', top, 58, data.date);
  if (data.checkCode) labelled(form, '校 验 码：', data.checkCode.replace(/(\d{5})(?=\d)/g, '$1 '), undefined, top, 72);
  labelled(form, '机器编号：', data.machine, undefined, LEFT, 66);
  rules(form);
  party(form, data, 'Buyer', BUYER_TOP, rng);
  verticalLabel(form, '密码区', CIPHER_X, BUYER_TOP, BUYER_TOP + 60);
  data.cipher.forEach((row, i) => filled(form, { text: row }, CIPHER_X + 24, BUYER_TOP + 13 + i * PITCH, SIZE + 0.5));
  grid(form, data);
  sums(form, data);
  party(form, data, 'Seller', SELLER_TOP, rng);
  verticalLabel(form, '备注', CIPHER_X, SELLER_TOP, SELLER_TOP + 60);
  if (data.remark) filled(form, { text: data.remark }, CIPHER_X + 24, SELLER_TOP + 20);
  const people = ['张伟', '李娜', '王芳', '刘洋', '陈静', '赵磊'];
  labelled(form, '收款人：', rng.pick(people), undefined, LEFT + 10, BOTTOM + 16);
  labelled(form, '复核：', rng.pick(people), undefined, LEFT + 160, BOTTOM + 16);
  labelled(form, '开票人：', data.drawer, undefined, LEFT + 300, BOTTOM + 16);
  preprinted(form, '销售方：（章）', LEFT + 450, BOTTOM + 16);
  const seal: Box = [RIGHT - 150, SELLER_TOP + 22, RIGHT - 40, BOTTOM + 30];
  const seals: PlacedSeal[] = [{ box: seal, around: data.seller.name, below: '发票专用章' }];
  if (paper) seals.push({ box: [centre - 46, 14, centre + 46, 70], around: '全国统一发票监制章', below: `${province}市税务局` });
  sheet.page.seals = seals;
  return { page: sheet.page, truth: form.truth, seal };
}
