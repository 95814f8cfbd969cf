import { describe, expect, it } from 'vitest';
import { cellNumber, closedNumber, decimalMarkOf } from '../../../../../src/engine/pipeline/tables/cell-number.js';

describe('cell numbers', () => {
  it('reads the figure of a cell with its unit, currency or sign, in either decimal convention', () => {
    expect(['1.234,50', '1,234.50', '86,5500', '3 m²', '19 %', '-1,00 €', '£2,160.00', '1 184,00', '12,00-'].map((t) => cellNumber(t))).toEqual([1234.5, 1234.5, 86.55, 3, 19, -1, 2160, 1184, -12]);
  });

  it('reads a lone separator before three digits as the decimal mark only when the table writes its decimals so', () => {
    expect([cellNumber('1,000'), cellNumber('1,000', ','), cellNumber('0.500', '.')]).toEqual([1000, 1, 0.5]);
    expect([decimalMarkOf(['10,00', '2,50', '1.000,00']), decimalMarkOf(['10.00', '3']), decimalMarkOf(['3'])]).toEqual([',', '.', undefined]);
  });

  it('answers nothing for a cell without a figure', () => {
    expect(cellNumber('Pauschal')).toBeUndefined();
  });

  it('writes a number cell a scan split after its mark whole again, and leaves a comma after a word', () => {
    expect(['9, 9000', '1. 234,50', '275, 00 EUR', 'rot, 2 Stk'].map(closedNumber)).toEqual(['9,9000', '1.234,50', '275,00 EUR', 'rot, 2 Stk']);
  });

  it('reads the colon or semicolon a scan made of a decimal point before two digits as the point', () => {
    expect(['1884:49', '¥994;71', '10:305', '12:3'].map(closedNumber)).toEqual(['1884.49', '¥994.71', '10:305', '12:3']);
  });

  it('takes the specks a scan read as dots out of a number, keeping the point before its cents, but leaves dots that group thousands', () => {
    expect(['9905.7.6', '¥347.2.60', '1.234.567', '1.234.567,00', '18.5'].map(closedNumber)).toEqual(['9905.76', '¥3472.60', '1.234.567', '1.234.567,00', '18.5']);
  });
});
