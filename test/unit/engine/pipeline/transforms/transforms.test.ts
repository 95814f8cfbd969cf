import { describe, expect, it } from 'vitest';
import { applyTransforms, MISMATCH_CONFIDENCE_FACTOR } from '../../../../../src/engine/pipeline/transforms/apply-transforms.js';
import { formatDate, isValidDate, parseDate } from '../../../../../src/shared/text/datetime.js';
import { matchItem } from '../../../../../src/engine/pipeline/transforms/enumerate.js';
import { applyRegex } from '../../../../../src/engine/pipeline/transforms/regex.js';

describe('parseDate', () => {
  it.each([
    ['2026年3月5日', { year: 2026, month: 3, day: 5 }],
    ['2026-03-05', { year: 2026, month: 3, day: 5 }],
    ['2026/03/05', { year: 2026, month: 3, day: 5 }],
    ['20260305', { year: 2026, month: 3, day: 5 }],
    ['March 5, 2026', { year: 2026, month: 3, day: 5 }],
    ['5 Mar 2026', { year: 2026, month: 3, day: 5 }],
    ['03/05/2026', { year: 2026, month: 3, day: 5 }],
    ['15/03/2026', { year: 2026, month: 3, day: 15 }],
    ['05.03.2026', { year: 2026, month: 3, day: 5 }],
    // Spaces a scan lost.
    ['4 Sep2022', { year: 2022, month: 9, day: 4 }],
    ['June 20,2025', { year: 2025, month: 6, day: 20 }],
    ['January 10,2025', { year: 2025, month: 1, day: 10 }],
    ['4Sep 2022', { year: 2022, month: 9, day: 4 }],
  ])('reads %s', (text, date) => {
    expect(parseDate(text)).toMatchObject(date);
  });

  it('reads a time after the date and refuses impossible dates', () => {
    expect(parseDate('日期：2025-02-19 14:57')).toEqual({ year: 2025, month: 2, day: 19, hour: 14, minute: 57, second: 0 });
    expect(parseDate('2025-07-1909:38')).toEqual({ year: 2025, month: 7, day: 19, hour: 9, minute: 38, second: 0 });
    expect(parseDate('2025-02-30')).toBeUndefined();
    expect(parseDate('12345678')).toBeUndefined();
    // Day and year run together: no date can be told apart.
    expect(parseDate('June 202025')).toBeUndefined();
    expect(isValidDate({ year: 2024, month: 2, day: 29 })).toBe(true);
  });
});

describe('formatDate', () => {
  it('writes the tokens and keeps other text', () => {
    const date = { year: 2026, month: 3, day: 5, hour: 9, minute: 7, second: 0 };
    expect(formatDate(date, 'YYYY-MM-DD')).toBe('2026-03-05');
    expect(formatDate(date, 'YYYY年M月D日 HH:mm')).toBe('2026年3月5日 09:07');
    expect(formatDate(date, 'dd/MM/yyyy')).toBe('05/03/2026');
  });
});

describe('matchItem and applyRegex', () => {
  it('maps a value to the listed item it names', () => {
    const items = ['Card', 'Cash', '微信支付'];
    expect(matchItem('card', items)).toBe('Card');
    expect(matchItem('微信支付（扫码）', items)).toBe('微信支付');
    expect(matchItem('Cheque', items)).toBeUndefined();
  });

  it('replaces every match, or keeps the first match or group, and reports a broken pattern', () => {
    expect(applyRegex('¥1,130.00', { match: String.raw`-?\d[\d,]*(?:\.\d+)?` })).toEqual({ kind: 'matched', value: '1,130.00' });
    expect(applyRegex('No. 42', { match: String.raw`No\. (\d+)` })).toEqual({ kind: 'matched', value: '42' });
    expect(applyRegex('a-b-c', { match: '-', replace: '/' })).toEqual({ kind: 'matched', value: 'a/b/c' });
    expect(applyRegex('abc', { match: String.raw`\d` })).toEqual({ kind: 'mismatch' });
    // With replace, a value with nothing to rewrite stays as it is.
    expect(applyRegex('12345678', { match: String.raw`\s+`, replace: '' })).toEqual({ kind: 'matched', value: '12345678' });
    expect(applyRegex('abc', { match: '(' }).kind).toBe('invalid');
  });

  it('stops a pattern that would backtrack for ever, and still runs such patterns on ordinary values', () => {
    expect(applyRegex(`${'a'.repeat(40)}!`, { match: '(a+)+$' })).toEqual({ kind: 'invalid', reason: expect.stringContaining('ran longer') });
    expect(applyRegex('ab ab ab', { match: '(ab )+', replace: '' })).toEqual({ kind: 'matched', value: 'ab' });
    expect(applyRegex('x', { match: '(a' })).toMatchObject({ kind: 'invalid' });
  });
});

describe('applyTransforms', () => {
  it('applies regex, then date format, then enumeration', () => {
    expect(applyTransforms('开票日期 2026年3月5日', { datetime_settings: { format: 'YYYY-MM-DD' } })).toEqual({ value: '2026-03-05', fits: true });
    expect(applyTransforms('Paid by CARD', { regex_settings: { match: String.raw`by (\w+)` }, enumerate_settings: { items: ['Card', 'Cash'] } })).toEqual({ value: 'Card', fits: true });
  });

  it('reads an ambiguous slash date in the order it is given, day first unless told', () => {
    const asIso = { datetime_settings: { format: 'YYYY-MM-DD' } };
    expect(applyTransforms('03/10/2018', asIso)).toEqual({ value: '2018-10-03', fits: true });
    expect(applyTransforms('03/10/2018', asIso, 'month-first')).toEqual({ value: '2018-03-10', fits: true });
    // A date that reads one way only is read so in either order.
    expect(applyTransforms('21/11/2018', asIso, 'month-first').value).toBe('2018-11-21');
    expect(parseDate('11/21/2018', 'day-first')).toMatchObject({ month: 11, day: 21 });
  });

  it('takes the default value on a mismatch (or keeps the reading, marked as not fitting), and for a field not found', () => {
    const settings = { enumerate_settings: { items: ['Card'] }, mismatch_action: { default_value: 'Other' } };
    expect(applyTransforms('Cheque', settings)).toEqual({ value: 'Other', fits: false });
    expect(applyTransforms('Cheque', { enumerate_settings: { items: ['Card'] } })).toEqual({ value: 'Cheque', fits: false });
    expect(applyTransforms('', settings)).toEqual({ value: 'Other', fits: true });
    expect(applyTransforms('x', { regex_settings: { match: '(' } })).toEqual({ value: 'x', fits: true });
    expect(MISMATCH_CONFIDENCE_FACTOR).toBeLessThan(1);
  });
});
