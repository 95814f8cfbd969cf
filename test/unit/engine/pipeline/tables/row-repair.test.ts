import { describe, expect, it } from 'vitest';
import { repairedRow } from '../../../../../src/engine/pipeline/tables/row-repair.js';

const row = (quantity: string, unit_price: string, line_amount: string, tax_rate: string, tax: string) => ({ quantity, unit_price, line_amount, tax_rate, tax });

describe('a line item put back by its own checks', () => {
  it('puts back a quantity read with a point it does not have, or without the one it has, where quantity × unit price then makes the amount', () => {
    expect(repairedRow(row('2.0', '2340.87', '46817.40', '6%', '2809.04'), '.')).toEqual({ quantity: '20' });
    expect(repairedRow(row('16:5', '232.31', '3833.12', '9%', '344.98'), '.')).toEqual({ quantity: '16.5' });
    expect(repairedRow(row('15', '1341.84', '2012.76', '6%', '120.77'), '.')).toEqual({ quantity: '1.5' });
    // A price per ten units: 10000 is never read as 1000.0.
    expect(repairedRow({ quantity: '10000 KWH', unit_price: '0,0520', line_amount: '52,00' }, ',')).toEqual({});
  });

  it('puts back an amount that lost a figure, from quantity × unit price, where the tax and the printed total confirm it', () => {
    // 18.5 × 391.63 = 7245.155: the tax allows 7245.12 to 7245.19, the total less the other rows one of them.
    expect(repairedRow(row('18.5', '391.63', '7245.1', '13%', '941.87'), '.', [7245.16])).toEqual({ line_amount: '7245.16' });
    expect(repairedRow(row('18.5', '391.63', '7245.1', '13%', '941.87'), '.')).toEqual({});
    // Where quantity × price comes to the cent, that amount ("1000" lost the point: 100.00, 100.01 and 100.02 are one figure from it).
    expect(repairedRow(row('4', '25.00', '1000', '19', '19.00'), '.')).toEqual({ line_amount: '100.00' });
  });

  it('puts back a rate whose per-cent sign was read as figures, from tax ÷ amount', () => {
    expect(repairedRow(row('11', '1026.16', '11287.76', '690', '677.27'), '.')).toEqual({ tax_rate: '6%' });
    expect(repairedRow(row('13', '1595.90', '20746.70', '90/', '1867.20'), '.')).toEqual({ tax_rate: '9%' });
    // A rate the tax confirms, with a speck beside it.
    expect(repairedRow(row('10', '794.85', '7948.50', '6%"', '476.91'), '.')).toEqual({ tax_rate: '6%' });
  });

  it('writes a tax read with a comma among points with the point, and puts back a tax that lost its cents', () => {
    expect(repairedRow(row('2', '1955.86', '3911.72', '13', '508,52'), '.')).toEqual({ tax: '508.52' });
    expect(repairedRow(row('1', '1000.00', '1000.00', '6%', '600'), '.')).toEqual({ tax: '60.00' });
  });

  it('changes no figure of a row that checks, nor a well-read figure of one that does not (a gross amount in the tax column, an exempt rate)', () => {
    expect(repairedRow(row('5', '2144.02', '10720.10', '6%', '643.21'), '.')).toEqual({});
    expect(repairedRow(row('1', '100.00', '100.00', '19%', '119.00'), '.')).toEqual({});
    expect(repairedRow(row('1', '100.00', '100.00', '免税', '0.00'), '.')).toEqual({});
    // Two figures wrong: nothing to check one against.
    expect(repairedRow(row('18.5', '391.63', '7245.1', '13%', '94.87'), '.')).toEqual({});
  });

  it('puts back an amount whose cents a scan split off into the next column, and then the rate they were read into', () => {
    // 8 × 833.57 = 6668.56, its tax at 6% 400.11; the total less the other rows leaves 6668.56.
    expect(repairedRow(row('8', '833.57', '6668', '56.6%', '400.11'), '.', [6668.56])).toEqual({ line_amount: '6668.56', tax_rate: '6%' });
  });

  it('writes a figure read with the other decimal mark than the table’s with the table’s', () => {
    expect(repairedRow(row('15', '2113,12', '31696.80', '9%', '2852.71'), '.')).toEqual({ unit_price: '2113.12' });
  });

  it('writes what it puts back with the table’s decimal mark', () => {
    expect(repairedRow(row('4', '25,00', '1000', '19', '19,00'), ',')).toEqual({ line_amount: '100,00' });
  });

  it('puts back a quantity a scan lost whole in a table that prints quantities, and none where the price does not come to the amount in whole units', () => {
    expect(repairedRow({ unit_price: '1778.82', line_amount: '5336.46' }, '.', [], true)).toEqual({ quantity: '3' });
    expect(repairedRow({ unit_price: '195.43', line_amount: '195.43' }, '.', [], true)).toEqual({ quantity: '1' });
    expect(repairedRow({ unit_price: '1778.82', line_amount: '5336.46' }, '.', [], false)).toEqual({});
    expect(repairedRow({ unit_price: '1778.82', line_amount: '5000.00' }, '.', [], true)).toEqual({});
  });
});

