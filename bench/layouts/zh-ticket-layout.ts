import type { LaidPage } from '../corpus/layout.js';
import type { Box } from './layout-document.js';
import type { LayoutFont } from './layout-font.js';
import { print, type Page, type Printed } from './parts/print.js';
import { Sheet } from './sheet.js';
import { TruthBuilder } from './truth-builder.js';
import { DIGITAL_PAGE } from './zh-digital-invoice.js';
import type { DigitalTicket } from './zh-ticket-data.js';

// The two ticket variants of the 数电票 as issued, on the 数电票's 210 × 140 mm page: the title
// under the seal, 发票号码 and 开票日期 top right, the buyer's line at the foot. The truth holds the
// values the family table has columns for (number, date, buyer, total); the china bench scores the
// ticket's own values from its data.

const LEFT = 28;
const RIGHT = DIGITAL_PAGE.width - 28;
const TOP = 62;
const BOTTOM = 300;
const SIZE = 8.5;

const chineseDate = (iso: string) => `${iso.slice(0, 4)}年${iso.slice(5, 7)}月${iso.slice(8, 10)}日`;

/** Title, number and date as every 数电票 prints them (a long title left of the middle, clear of the number); answers the seal's box over the title. */
function head(page: Page, ticket: DigitalTicket, title: string): Box {
  const long = Array.from(title).length > 12;
  const centre = long ? 230 : DIGITAL_PAGE.width / 2;
  page.sheet.text(title, centre, 42, long ? 13 : 15, 'center');
  const numberLabel = '发票号码：';
  print(page, { text: `${numberLabel}${ticket.number}`, marks: [{ field: 'Invoice number', value: ticket.number, part: ticket.number, from: numberLabel.length }] }, RIGHT - 150, 34, SIZE);
  const date = chineseDate(ticket.date);
  print(page, { text: `开票日期：${date}`, marks: [{ field: 'Issue date', value: ticket.date, part: date }] }, RIGHT - 150, 50, SIZE);
  return [centre - 48, 12, centre + 48, 62];
}

/** 购买方名称 and 统一社会信用代码 on one line (the code's label printed empty for a person). */
function buyerLine(page: Page, ticket: DigitalTicket, y: number): void {
  const nameLabel = '购买方名称：';
  print(page, { text: `${nameLabel}${ticket.buyer.name}`, marks: [{ field: 'Buyer name', value: ticket.buyer.name, part: ticket.buyer.name, from: nameLabel.length }] }, LEFT + 8, y, SIZE);
  const idLabel = '统一社会信用代码：';
  const id = ticket.buyer.taxId;
  const line: Printed = id ? { text: `${idLabel}${id}`, marks: [{ field: 'Buyer VAT ID', value: id, part: id, from: idLabel.length }] } : { text: idLabel };
  print(page, line, 300, y, SIZE);
}

/**
 * 电子发票（铁路电子客票）: the stations with their names in Latin letters under them and the train
 * between, the day and time of departure with 开, carriage and seat, the seat class, 票价, the
 * passenger's masked ID number with the name after it, 电子客票号, the buyer, the railway's notices.
 */
export function layOutRailTicket(ticket: DigitalTicket, font: LayoutFont): { page: LaidPage; truth: TruthBuilder; seal: Box } {
  const rail = ticket.rail!;
  const sheet = new Sheet(font, DIGITAL_PAGE.width, DIGITAL_PAGE.height);
  const page: Page = { sheet, truth: new TruthBuilder() };
  const seal = head(page, ticket, '电子发票（铁路电子客票）');
  sheet.frame(LEFT, TOP, RIGHT, BOTTOM - 40);
  const centre = DIGITAL_PAGE.width / 2;
  sheet.text(`${rail.from.name}站`, LEFT + 40, 96, 13);
  sheet.text(rail.train, centre, 96, 13, 'center');
  sheet.text(`${rail.to.name}站`, RIGHT - 40, 96, 13, 'right');
  sheet.text(rail.from.latin, LEFT + 40, 110, 8);
  sheet.text(rail.to.latin, RIGHT - 40, 110, 8, 'right');
  sheet.text(`${chineseDate(ticket.travelDate)} ${rail.time}开`, LEFT + 40, 134, 10);
  sheet.text(rail.seat, centre, 134, 10, 'center');
  sheet.text(ticket.seatClass, RIGHT - 40, 134, 10, 'right');
  const fare = `￥${ticket.fare.toFixed(2)}`;
  print(page, { text: `票价：${fare}`, marks: [{ field: 'Total', value: ticket.total, part: ticket.fare.toFixed(2) }] }, LEFT + 40, 156, 10);
  sheet.text(`${ticket.idNumber} ${ticket.passenger}`, LEFT + 40, 178, 10);
  sheet.text(`电子客票号：${ticket.ticketNumber}`, LEFT + 40, 198, SIZE);
  buyerLine(page, ticket, 230);
  sheet.text('买票请到12306 发货请到95306', centre, BOTTOM - 20, SIZE, 'center');
  sheet.text('中国铁路祝您旅途愉快', centre, BOTTOM - 6, SIZE, 'center');
  return { page: sheet.page, truth: page.truth, seal };
}

// The flight's columns: head, left edge, and the value under it.
const FLIGHT_COLUMNS: readonly { head: string; x: number; value: (t: DigitalTicket, dateStyle: 'iso' | 'chinese') => string }[] = [
  { head: '承运人', x: 140, value: (t) => t.air!.carrier },
  { head: '航班号', x: 196, value: (t) => t.air!.flight },
  { head: '座位等级', x: 242, value: (t) => t.seatClass },
  { head: '日期', x: 290, value: (t, style) => (style === 'iso' ? t.travelDate : chineseDate(t.travelDate)) },
  { head: '时间', x: 370, value: (t) => t.air!.time },
  { head: '客票级别/客票类别', x: 404, value: (t) => t.air!.fareBasis },
  { head: '免费行李', x: 490, value: (t) => t.air!.baggage },
];

// The sums row: head, left edge, the value printed under it.
const SUM_COLUMNS: readonly { head: string; x: number; value: (t: DigitalTicket) => string }[] = [
  { head: '票价', x: LEFT + 8, value: (t) => `CNY${t.fare.toFixed(2)}` },
  { head: '燃油附加费', x: 100, value: (t) => `CNY${t.air!.fuel.toFixed(2)}` },
  { head: '增值税税率', x: 172, value: (t) => `${t.air!.rate}%` },
  { head: '增值税税额', x: 240, value: (t) => `CNY${t.air!.tax.toFixed(2)}` },
  { head: '民航发展基金', x: 312, value: (t) => `CNY${t.air!.fund.toFixed(2)}` },
  { head: '其他税费', x: 392, value: (t) => `CNY${t.air!.otherTax.toFixed(2)}` },
  { head: '合计', x: 460, value: (t) => `CNY${t.total.toFixed(2)}` },
];

/**
 * 电子发票（航空运输电子客票行程单）: 旅客姓名 and 有效身份证件号码 with 签注, the flight under its
 * column heads (自 / 至, 承运人, 航班号, 座位等级, 日期, 时间, 客票级别/客票类别, 免费行李), the sums under
 * theirs (票价, 燃油附加费, 增值税税率, 增值税税额, 民航发展基金, 其他税费, 合计), 电子客票号码 and
 * 验证码, 填开单位, the buyer.
 */
export function layOutAirItinerary(ticket: DigitalTicket, font: LayoutFont, dateStyle: 'iso' | 'chinese'): { page: LaidPage; truth: TruthBuilder; seal: Box } {
  const air = ticket.air!;
  const sheet = new Sheet(font, DIGITAL_PAGE.width, DIGITAL_PAGE.height);
  const page: Page = { sheet, truth: new TruthBuilder() };
  const seal = head(page, ticket, '电子发票（航空运输电子客票行程单）');
  sheet.frame(LEFT, TOP, RIGHT, BOTTOM);
  sheet.text(`旅客姓名：${ticket.passenger}`, LEFT + 8, TOP + 16, SIZE);
  sheet.text(`有效身份证件号码：${ticket.idNumber}`, 160, TOP + 16, SIZE);
  sheet.text('签注：不得签转', 420, TOP + 16, SIZE);
  sheet.rule(LEFT, TOP + 26, RIGHT, TOP + 26);
  const heads = TOP + 42;
  sheet.text('自/至', LEFT + 8, heads, SIZE);
  for (const column of FLIGHT_COLUMNS) sheet.text(column.head, column.x, heads, SIZE);
  sheet.text(`自 ${air.from.name} ${air.from.code}`, LEFT + 8, heads + 18, SIZE);
  for (const column of FLIGHT_COLUMNS) sheet.text(column.value(ticket, dateStyle), column.x, heads + 18, SIZE);
  sheet.text(`至 ${air.to.name} ${air.to.code}`, LEFT + 8, heads + 34, SIZE);
  sheet.rule(LEFT, heads + 46, RIGHT, heads + 46);
  const sums = heads + 64;
  for (const column of SUM_COLUMNS) sheet.text(column.head, column.x, sums, SIZE);
  for (const column of SUM_COLUMNS) {
    const text = column.value(ticket);
    if (column.head === '合计') print(page, { text, marks: [{ field: 'Total', value: ticket.total, part: ticket.total.toFixed(2) }] }, column.x, sums + 18, SIZE);
    else sheet.text(text, column.x, sums + 18, SIZE);
  }
  sheet.rule(LEFT, sums + 30, RIGHT, sums + 30);
  sheet.text(`电子客票号码：${ticket.ticketNumber}`, LEFT + 8, sums + 48, SIZE);
  sheet.text(`验证码：${air.check}`, 240, sums + 48, SIZE);
  sheet.text('提示信息：请于航班起飞前45分钟办理乘机手续', 330, sums + 48, SIZE);
  sheet.text(`填开单位：${air.issuer}`, LEFT + 8, sums + 66, SIZE);
  sheet.text(`填开日期：${ticket.date}`, 330, sums + 66, SIZE);
  buyerLine(page, ticket, BOTTOM - 12);
  return { page: sheet.page, truth: page.truth, seal };
}
