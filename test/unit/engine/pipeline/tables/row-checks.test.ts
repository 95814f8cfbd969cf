import { describe, expect, it } from 'vitest';
import { agrees, DISAGREEING_ROW, rowFactors, UNBALANCED_LINES } from '../../../../../src/engine/pipeline/tables/row-checks.js';

describe('row checks', () => {
  it('confirms quantity × unit price = amount, less a discount in percent or as an amount, with prices rounded to the cent', () => {
    expect(agrees({ quantity: '20 Stk', unit_price: '5,49', discount: undefined }, 109.8)).toBe(true);
    expect(agrees({ quantity: '1.00', unit_price: '2,400.00', discount: '10.00' }, 2160)).toBe(true);
    expect(agrees({ quantity: '3', unit_price: '10,00', discount: '5,00' }, 25)).toBe(true);
    expect(agrees({ quantity: '3 m²', unit_price: '3,3333' }, 10)).toBe(true);
    expect(agrees({ quantity: '2', unit_price: '5,04' }, 100.8)).toBe(false);
    expect(agrees({ unit_price: '5,04' }, 10.08)).toBeUndefined();
  });

  it('lowers a row that disagrees below 0.5, and every row a little when the lines add up to no total printed under them', () => {
    const rows = [
      { quantity: '2', unit_price: '10.00', line_amount: '20.00' },
      { quantity: '1', unit_price: '5.00', line_amount: '50.00' },
    ];
    expect(rowFactors(rows, ['70.00', '83.30'])).toEqual([1, DISAGREEING_ROW]);
    expect(rowFactors(rows, ['25.00'])).toEqual([UNBALANCED_LINES, DISAGREEING_ROW * UNBALANCED_LINES]);
    expect(DISAGREEING_ROW * 0.95).toBeLessThan(0.5);
  });
});
