import { describe, expect, it } from 'vitest';
import { findAmounts, findCapitalAmount, findDates, withSpacedDateRead } from '../../../../../src/engine/pipeline/fields/value-parsers.js';

const isoOf = (text: string) => findDates(text).map((d) => d.iso);

describe('findDates', () => {
  it.each([
    ['25/12/2018', '2018-12-25'],
    ['25-12-2018', '2018-12-25'],
    ['25.12.2018', '2018-12-25'],
    ['2018-12-25', '2018-12-25'],
    ['2018/12/25', '2018-12-25'],
    ['2018.12.25', '2018-12-25'],
    ['25-Dec-18', '2018-12-25'],
    ['25 DEC 2018', '2018-12-25'],
    ['30 DEC 17', '2017-12-30'],
    ['Dec 25, 2018', '2018-12-25'],
    ['Dec. 25, 18', '2018-12-25'],
    ['August 3 , 2014', '2014-08-03'],
    ['3rd August 2014', '2014-08-03'],
    ['2019年08月17日', '2019-08-17'],
    ['2019年8月17日', '2019-08-17'],
    ['25/12/18', '2018-12-25'],
    ['12-01-19', '2019-01-12'],
    ['3 Sept. 2019', '2019-09-03'],
  ])('reads %s as %s', (text, iso) => {
    expect(isoOf(text)).toEqual([iso]);
  });

  it.each([
    ['24. Dez. 2019', '2019-12-24'],
    ['5 März 2020', '2020-03-05'],
    ['5 Mär 2020', '2020-03-05'],
    ['1. Mai 2021', '2021-05-01'],
    ['3. Okt 2021', '2021-10-03'],
    ['12 janv. 2022', '2022-01-12'],
    ['12 févr 2022', '2022-02-12'],
    ['12 mars 2022', '2022-03-12'],
    ['12 avr 2022', '2022-04-12'],
    ['12 juin 2022', '2022-06-12'],
    ['12 juil. 2022', '2022-07-12'],
    ['15 août 2022', '2022-08-15'],
    ['12 sept 2022', '2022-09-12'],
    ['12 déc. 2022', '2022-12-12'],
    ['5 ene 2023', '2023-01-05'],
    ['5 abr 2023', '2023-04-05'],
    ['5 ago 2023', '2023-08-05'],
    ['5 dic 2023', '2023-12-05'],
    ['5 giugno 2025', '2025-06-05'],
    ['7 dicembre 2025', '2025-12-07'],
    ['12 set 2025', '2025-09-12'],
    ['3 januari 2025', '2025-01-03'],
    ['17 mrt 2025', '2025-03-17'],
    ['1 de octubre de 2018', '2018-10-01'],
    ['1º de mayo del 2020', '2020-05-01'],
    ['1er mars 2025', '2025-03-01'],
  ])('reads the month name in %s', (text, iso) => {
    expect(isoOf(text)).toEqual([iso]);
  });

  it('reads an ambiguous slash date day first, and month first when the first number is over 12', () => {
    expect(isoOf('03/05/2026')).toEqual(['2026-05-03']);
    expect(isoOf('12/25/2018')).toEqual(['2018-12-25']);
  });

  it('reads eight digits, year first or day first, as a date only when valid and standing alone', () => {
    expect(isoOf('Date 20181225')).toEqual(['2018-12-25']);
    expect(isoOf('Date 25032018')).toEqual(['2018-03-25']);
    expect(isoOf('20181325')).toEqual([]);
    expect(isoOf('INV20181225')).toEqual([]);
    expect(isoOf('20181225-001')).toEqual([]);
    expect(isoOf('120181225')).toEqual([]);
  });

  it('gives the date without the time after it, and says a time follows', () => {
    const text = 'Date:25/12/2018 10:30:01';
    const [date] = findDates(text);
    expect(date).toEqual({ start: 5, end: 15, iso: '2018-12-25', hasTime: true });
    expect(findDates('25/12/2018')[0]!.hasTime).toBe(false);
  });

  it('reads a date glued to a time by a lost space', () => {
    expect(findDates('2025-07-1909:38')).toEqual([{ start: 0, end: 10, iso: '2025-07-19', hasTime: true }]);
  });

  it('reads a dotted date with a space beside a point, as a scan or a German writer sets it', () => {
    expect(findDates('vom 25.04 .2018')).toEqual([{ start: 4, end: 15, iso: '2018-04-25', hasTime: false }]);
    expect(isoOf('am 1. 2. 2018')).toEqual(['2018-02-01']);
  });

  it('leaves a trailing dot of OCR noise out of the date', () => {
    expect(findDates('25/12/2018.')).toEqual([{ start: 0, end: 10, iso: '2018-12-25', hasTime: false }]);
  });

  it('finds every date in order, with indexes into the text as given (full-width digits too)', () => {
    const text = '开票日期：２０１９年８月１７日 due 30 DEC 19';
    const dates = findDates(text);
    expect(dates.map((d) => d.iso)).toEqual(['2019-08-17', '2019-12-30']);
    expect(text.slice(dates[0]!.start, dates[0]!.end)).toBe('２０１９年８月１７日');
    expect(text.slice(dates[1]!.start, dates[1]!.end)).toBe('30 DEC 19');
  });

  it('refuses impossible dates and years outside 1990-2099', () => {
    expect(isoOf('31/02/2018')).toEqual([]);
    expect(isoOf('2018-02-30')).toEqual([]);
    expect(isoOf('01/01/1989')).toEqual([]);
    expect(isoOf('01/01/2100')).toEqual([]);
  });

  it('does not read amounts, times, phone numbers or versions as dates', () => {
    expect(isoOf('12.50 10:30 03-40210276 07-3507405 v1.2.10.4 1,234.56')).toEqual([]);
    expect(isoOf('25 Dec 18:30')).toEqual([]);
    expect(isoOf('Declared 5, 2018')).toEqual([]);
  });
});

const amountsOf = (text: string) => findAmounts(text).map(({ printed, value, decimals, currency }) => ({ printed, value, decimals, currency }));

describe('dates printed in a form\'s spaced boxes', () => {
  it('reads "2019 05 08" year first as a date, and nothing that is no calendar date', () => {
    expect(findDates('开票日期：2019 05 08').map((d) => d.iso)).toEqual(['2019-05-08']);
    expect(findDates('2019 02 30  1990 13 01  12 2019 05')).toEqual([]);
  });

  it('reads a Chinese date with a speck among its figures as the date, and no date that is none', () => {
    expect(findDates('开票日期：2025年0.7月01日').map((d) => d.iso)).toEqual(['2025-07-01']);
    expect(withSpacedDateRead('2025年0.7月01日')).toBe('2025-07-01');
    // Month 13 and day 30 of February are no calendar date: the text stays as printed.
    expect([withSpacedDateRead('2025年1.3月01日'), withSpacedDateRead('2025年02月3.0日')]).toEqual(['2025年1.3月01日', '2025年02月3.0日']);
  });

  it('gives a date field the ISO form of a spaced date, and any other text unchanged', () => {
    expect([withSpacedDateRead(' 2019 05 08 '), withSpacedDateRead('2019 05 08 12:30'), withSpacedDateRead('No 2019 05 08')]).toEqual(['2019-05-08', '2019 05 08 12:30', 'No 2019 05 08']);
  });
});

describe('findAmounts', () => {
  it.each([
    ['12.50', { printed: '12.50', value: 12.5, decimals: true, currency: undefined }],
    ['RM 12.50', { printed: '12.50', value: 12.5, decimals: true, currency: 'RM' }],
    ['RM12.50', { printed: '12.50', value: 12.5, decimals: true, currency: 'RM' }],
    ['$1,234.56', { printed: '1,234.56', value: 1234.56, decimals: true, currency: '$' }],
    ['1.234,56', { printed: '1.234,56', value: 1234.56, decimals: true, currency: undefined }],
    ['1 234,56', { printed: '1 234,56', value: 1234.56, decimals: true, currency: undefined }],
    ['12,50', { printed: '12,50', value: 12.5, decimals: true, currency: undefined }],
    ['¥108.00', { printed: '108.00', value: 108, decimals: true, currency: '¥' }],
    ['￥108.00', { printed: '108.00', value: 108, decimals: true, currency: '¥' }],
    ['-5.00', { printed: '-5.00', value: -5, decimals: true, currency: undefined }],
    ['108.00元', { printed: '108.00', value: 108, decimals: true, currency: '元' }],
    ['EUR 1.000,00', { printed: '1.000,00', value: 1000, decimals: true, currency: 'EUR' }],
    ['1,234', { printed: '1,234', value: 1234, decimals: false, currency: undefined }],
    ['1.234.567', { printed: '1.234.567', value: 1234567, decimals: false, currency: undefined }],
    ['12.50 usd', { printed: '12.50', value: 12.5, decimals: true, currency: 'USD' }],
    ['US$ 99', { printed: '99', value: 99, decimals: false, currency: 'US$' }],
  ])('reads %s', (text, amount) => {
    expect(amountsOf(text)).toEqual([amount]);
  });

  it('reads the figures beside a Chinese capital amount, with indexes into the text as given', () => {
    const text = '价税合计(大写) ⊗壹佰零捌圆整 (小写)￥108.00';
    const [amount] = findAmounts(text);
    expect(findAmounts(text)).toHaveLength(1);
    expect(text.slice(amount!.start, amount!.end)).toBe('￥108.00');
    expect(amount).toMatchObject({ value: 108, currency: '¥' });
  });

  it('finds every amount of a line in order', () => {
    expect(findAmounts('2 x 3.50 = 7.00 RM').map((a) => a.value)).toEqual([2, 3.5, 7]);
  });

  it('does not read dates, times or phone numbers as amounts', () => {
    expect(findAmounts('Date:25/12/2018 10:30:01')).toEqual([]);
    expect(findAmounts('2019年08月17日 25-Dec-18')).toEqual([]);
    expect(findAmounts('TEL: 03-40210276 FAX 07-3507405')).toEqual([]);
    expect(findAmounts('Tel +60 3-4021 0276')).toEqual([]);
    expect(findAmounts('(03) 4021 0276')).toEqual([]);
  });

  it('does not read percentages, long ids, tax ids or codes glued to letters as amounts', () => {
    expect(findAmounts('GST 6% 6 %')).toEqual([]);
    expect(findAmounts('000750673920 1234567890.00 0123')).toEqual([]);
    expect(findAmounts('INV12345 #1001 №42 5pcs')).toEqual([]);
  });

  it('keeps a lone number and a trailing OCR dot', () => {
    expect(amountsOf('Total: 12.50.')).toEqual([{ printed: '12.50', value: 12.5, decimals: true, currency: undefined }]);
  });
});

describe('amounts a scan split after the decimal comma', () => {
  it('reads "21, 30" as 21.30, printed whole and marked as read across the gap', () => {
    expect(findAmounts('Steuerbetrag in EUR 21, 30').map((a) => [a.value, a.printed, a.spacedDecimals])).toEqual([[21.3, '21,30', true]]);
    expect(findAmounts('Tax 21,30')[0]!.spacedDecimals).toBeUndefined();
  });

  it('reads no decimals out of a list of numbers or a longer run of digits', () => {
    expect(findAmounts('Positions 1, 12, 15').map((a) => a.value)).toEqual([1, 12, 15]);
    expect(findAmounts('Menge 3, 125 Stk').map((a) => a.value)).toEqual([3, 125]);
  });
});

describe('findCapitalAmount', () => {
  it.each([
    ['壹佰零捌圆整', 108],
    ['叁仟贰佰壹拾伍元陆角柒分', 3215.67],
    ['⊗壹万元整', 10000],
    ['ⓧ伍拾元正', 50],
    ['拾元整', 10],
    ['贰亿零叁佰万元整', 203_000_000],
    ['壹佰圆零伍分', 100.05],
    ['捌角', 0.8],
    ['一千二百三十四元五角', 1234.5],
    ['两万〇五元', 20005],
  ])('reads %s as %d', (text, value) => {
    expect(findCapitalAmount(text)?.value).toBe(value);
  });

  it('gives the span of the amount without the stop mark', () => {
    const text = '价税合计(大写) ⊗壹佰零捌圆整 (小写)¥108.00';
    const found = findCapitalAmount(text)!;
    expect(text.slice(found.start, found.end)).toBe('壹佰零捌圆整');
  });

  it('finds none in text without a capital amount', () => {
    expect(findCapitalAmount('单价(元) 金额 108.00')).toBeUndefined();
    expect(findCapitalAmount('Total RM 12.50')).toBeUndefined();
    expect(findCapitalAmount('')).toBeUndefined();
  });
});
