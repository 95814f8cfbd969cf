import { describe, expect, it } from 'vitest';
import { readClerkNumber } from '../../../../src/shared/rule-language/clerk-number.js';
import { decimalText } from '../../../../src/shared/rule-language/decimal.js';

const read = (text: string) => {
  const reading = readClerkNumber(text);
  return reading.ok ? decimalText(reading.value) : `refused: ${reading.reason}`;
};

describe('readClerkNumber', () => {
  it.each([
    ['1234.50', '1234.50'],
    ['1,234.50', '1234.50'],
    ['1,234,567.8', '1234567.8'],
    ['¥1,234.50', '1234.50'],
    ['￥1,234.50', '1234.50'],
    ['$ 12', '12'],
    ['CNY 99.00', '99.00'],
    ['1234.50元', '1234.50'],
    ['１２３４．５０', '1234.50'],
    ['1 234,50', '1234.50'],
    ['1\u00a0234\u00a0567', '1234567'],
    ['1.234,50', '1234.50'],
    ['1,234', '1234'],
    ['12,5', '12.5'],
    ['1.234', '1.234'],
    ['1.234.567', '1234567'],
    ['.5', '0.5'],
    ['-12.30', '-12.30'],
    ['−12.30', '-12.30'],
    ['-¥12', '-12'],
    ['¥-12', '-12'],
    ['(1,234.50)', '-1234.50'],
    ['13%', '0.13'],
    ['  42  ', '42'],
  ])('reads %j as %s', (text, expected) => {
    expect(read(text)).toBe(expected);
  });

  it.each([
    ['', 'it is empty'],
    ['abc', "'abc' is not a number"],
    ['1,23,456', "'1,23,456' is not a number"],
    ['1.2.3,4', "'1.2.3,4' is not a number"],
    ['12-34', "'12-34' is not a number"],
    ['1.', "'1.' is not a number"],
  ])('refuses %j', (text, reason) => {
    expect(read(text)).toBe(`refused: ${reason}`);
  });
});
