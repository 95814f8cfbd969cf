import { describe, expect, it } from 'vitest';
import { add, compare, decimalOf, decimalText, divide, multiply, round, subtract } from '../../../../src/shared/rule-language/decimal.js';

const d = decimalOf;

describe('decimal', () => {
  it('adds money exactly where binary floating point does not', () => {
    expect(0.1 + 0.2 === 0.3).toBe(false);
    expect(compare(add(d('0.1'), d('0.2')), d('0.3'))).toBe(0);
    expect(decimalText(add(d('1100.00'), d('134.5')))).toBe('1234.50');
  });

  it('subtracts, multiplies and keeps the places', () => {
    expect(decimalText(subtract(d('10'), d('0.01')))).toBe('9.99');
    expect(decimalText(multiply(d('3'), d('19.99')))).toBe('59.97');
    expect(decimalText(multiply(d('-2.5'), d('0.13')))).toBe('-0.325');
  });

  it('divides to twelve places, rounded, without trailing zeros', () => {
    expect(decimalText(divide(d('1'), d('3')))).toBe('0.333333333333');
    expect(decimalText(divide(d('2'), d('3')))).toBe('0.666666666667');
    expect(decimalText(divide(d('-2'), d('3')))).toBe('-0.666666666667');
    expect(decimalText(divide(d('1234.50'), d('2')))).toBe('617.25');
  });

  it('rounds half away from zero, as invoices do', () => {
    expect(decimalText(round(d('2.345'), 2))).toBe('2.35');
    expect(decimalText(round(d('-2.345'), 2))).toBe('-2.35');
    expect(decimalText(round(d('2.344'), 2))).toBe('2.34');
    expect(decimalText(round(d('1250'), -2))).toBe('1300');
    expect(decimalText(round(d('2.5'), 3))).toBe('2.5');
  });

  it('compares across places', () => {
    expect(compare(d('1.50'), d('1.5'))).toBe(0);
    expect(compare(d('-1'), d('0.001'))).toBe(-1);
    expect(compare(d('100'), d('99.999'))).toBe(1);
  });
});
