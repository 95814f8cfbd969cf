import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../../../../src/engine/pipeline/layout/segments.js';
import { ticketValues, type TicketValues } from '../../../../../src/engine/pipeline/fields/travel-ticket.js';
import { vatCandidates, vatGridOf } from '../../../../../src/engine/pipeline/fields/vat-grid.js';
import { grid, textDocument } from '../document-fixture.js';

const ticketOf = (...lines: string[]) => ticketValues(rowsOf(textDocument(lines.join('\n'))));
/** Each role's values, in the order found. */
const valuesOf = (values: TicketValues) => Object.fromEntries(Object.entries(values).map(([role, candidates]) => [role, candidates.map((c) => c.value)]));

const RAIL = [
  '            电子发票（铁路电子客票）        发票号码：25339414832011663471',
  '                                            开票日期：2025年02月15日',
  '   上海虹桥站          C8054            北京南站',
  '   Shanghaihongqiao                   Beijingnan',
  '   2025年02月14日 17:02开   16车无座         无座',
  '   票价：￥215.50',
  '   3101152000****5541 吴敏',
  '   电子客票号：8532539251543452044622025',
  '   购买方名称：天津海川电子有限公司        统一社会信用代码：9111010848D49MA46W',
  '              买票请到12306 发货请到95306',
];

describe('the railway e-ticket (电子发票（铁路电子客票）)', () => {
  it('reads its unlabelled values by shape and place: the train between the stations, the day before 开, the seat class (not the carriage 16车无座), the passenger after the masked ID', () => {
    expect(valuesOf(ticketOf(...RAIL))).toEqual({
      travel_date: ['2025年02月14日'],
      trip_number: ['C8054'],
      seat_class: ['无座'],
      fare: ['￥215.50'],
      total: ['￥215.50'],
      passenger_id: ['3101152000****5541'],
      passenger_name: ['吴敏'],
      ticket_number: ['8532539251543452044622025'],
      buyer_tax_id: ['9111010848D49MA46W'],
    });
  });

  it('gives the fare as the total too, shared: the same printed amount answers both fields', () => {
    expect(ticketOf(...RAIL).total?.[0]).toMatchObject({ value: '￥215.50', shared: true });
  });

  it('takes a bare four-digit train only on the stations row', () => {
    const lines = RAIL.map((line) => line.replace('C8054', ' 1461'));
    expect(valuesOf(ticketOf(...lines)).trip_number).toEqual(['1461']);
    expect(valuesOf(ticketOf(...lines.map((line) => line.replace(/站/gu, ' ')))).trip_number).toBeUndefined();
  });

  it('puts back the stars of a resident ID a scan read as three, five or spaced, and drops the speck among its digits', () => {
    const read = (line: string) => valuesOf(ticketOf(...RAIL.slice(0, 6), line, ...RAIL.slice(7))).passenger_id;
    expect(read('   3101152000***5541 吴敏')).toEqual(['3101152000****5541']);
    expect(read('   4403051984* * * *6777刘洋')).toEqual(['4403051984****6777']);
    expect(read('   110101 ******9075 王芳')).toEqual(['110101********9075']);
    expect(read('   110.1011983****9725 李娜')).toEqual(['1101011983****9725']);
    // Read as two segments, the second over the end of the first.
    expect(read('   510107*****  ********8345 张伟')).toEqual(['510107********8345']);
    // Not shaped as a resident ID (a passport's): kept as read.
    expect(read('   E1234***56 JOHN')).toEqual(['E1234***56']);
  });

  it('puts back a letter no code holds in the buyer code where that makes its check character match, surer than the code read raw', () => {
    const lines = RAIL.map((line) => line.replace('9111010848D49MA46W', '91120101U2HE7NTHOL'));
    expect(ticketOf(...lines).buyer_tax_id).toEqual([expect.objectContaining({ value: '91120101U2HE7NTH0L', confidence: 0.96 })]);
  });

  it('reads the values from the candidates the VAT grid gives each role, the code on the buyer line as the buyer tax ID', () => {
    const vat = vatGridOf(rowsOf(textDocument(RAIL.join('\n'))));
    expect(vatCandidates('buyer_tax_id', vat).map((c) => c.value)).toEqual(['9111010848D49MA46W']);
    expect(vatCandidates('passenger_name', vat).map((c) => c.value)).toEqual(['吴敏']);
  });
});

// The text fixture wraps a line at 80 characters: the flight's last heads are left out.
const FLIGHT = grid(
  [16, 8, 8, 6, 12, 7, 10],
  [
    ['自/至', '承运人', '航班号', '座位等级', '日期', '时间', '客票级别/客票类别'],
    ['自 上海虹桥 SHA', '厦门航空', 'MF2067', '：公务舱', '2025-07-05', '15:15', 'C'],
    ['至 广州白云 CAN'],
  ],
);
const SUMS = grid(
  [11, 11, 11, 11, 11, 11, 11],
  [
    ['票价', '燃油附加费', '增值税税率', '增值税税额', '民航发展基金', '其他税费', '合计'],
    ['CNY430.00', 'CNYO.00', '9%', 'CNY38.70', 'CNY50.00', 'CNY0.00', 'CNY518:70'],
  ],
);

describe('the air itinerary (电子发票（航空运输电子客票行程单）)', () => {
  const itinerary = ticketOf(
    '    电子发票（航空运输电子客票行程单）     发票号码：25110342109891118576',
    '旅客姓名：王芳    有效身份证件号码：510107********8212    签注：不得签转',
    FLIGHT,
    SUMS,
    '电子客票号码：7311252262960     验证码：0187',
    '购买方名称：武汉华信实业有限公司        统一社会信用代码：91310115NPJ21NCUU1',
  );

  it('reads the flight under its column heads, without the speck a scan left at a cell edge', () => {
    expect(valuesOf(itinerary)).toMatchObject({ trip_number: ['MF2067'], seat_class: ['公务舱'], travel_date: ['2025-07-05'] });
  });

  it('reads the sums under theirs, an O among the figures read as 0 and a colon before the cents as the point', () => {
    expect(valuesOf(itinerary)).toMatchObject({ fare: ['430.00'], fuel_surcharge: ['0.00'], development_fund: ['50.00'], total: ['518.70'] });
    expect(valuesOf(ticketOf('电子发票（航空运输电子客票行程单）', SUMS.replace('CNY430.00', 'CNY34.7.60'))).fare).toEqual(['347.60']);
  });

  it('reads the masked ID, the e-ticket number and the buyer code, and no name after the ID (the itinerary labels its passenger)', () => {
    expect(valuesOf(itinerary)).toMatchObject({ passenger_id: ['510107********8212'], ticket_number: ['7311252262960'], buyer_tax_id: ['91310115NPJ21NCUU1'] });
    expect(itinerary.passenger_name).toBeUndefined();
  });
});

describe('a page that is no ticket', () => {
  it('gives no ticket value, whatever shapes it prints', () => {
    expect(ticketOf('电子发票（普通发票）    发票号码：25442000000000000001', '2025年02月14日 17:02开会', '账号 6222****1234 张三', '票价：¥20.00')).toEqual({});
  });
});
