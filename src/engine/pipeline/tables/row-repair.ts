import type { ColumnRole } from '../words/column-role.js';
import { cellNumber } from './cell-number.js';
import type { RoleTexts } from './row-checks.js';

// A line item checks itself: its amount is its quantity times its unit price, its tax its amount times
// its rate. Where a scan misread one figure so that a check fails and the other figures agree on what
// it must be, the figure is put back, but only when the read one is that figure misread: the same
// figures with a point lost or added ("2.0" for 20), one figure lost, added or changed ("7245.1" for
// 7245.16), a rate's per-cent sign read as figures ("690" for 6%), a comma for the point ("508,52"); a
// quantity lost whole where the other rows print theirs.

// Prices are printed rounded to cents: the product may be off by half a cent per unit.
const PRICE_ROUNDING = 0.005;
// A tax is its amount times its rate, rounded to cents.
const TAX_ROUNDING = 0.0051;
// A rate is a whole or a half per cent, at most this.
const MAX_RATE = 30;

/** The figures of one row, by role, as read. */
type Figures = Partial<Record<'quantity' | 'unit_price' | 'line_amount' | 'tax_rate' | 'tax', number>>;

/**
 * The cells of a row put back where its checks say a scan misread them, by role (only the roles
 * put back). `mark` is the table's decimal mark: a figure put back is written with it. `balances` are
 * the amounts the table's printed totals leave for this row (a total less the other rows' amounts):
 * of several amounts the row's own figures allow, the one that balances is taken. An amount or a
 * tax is put back only where its text is no amount in cents as the table writes them, a rate only
 * where it is no whole or half per cent up to 30: a well-read figure is never changed.
 */
export function repairedRow(row: RoleTexts, mark: ',' | '.' | undefined, balances: readonly number[] = [], quantities = false): Partial<Record<ColumnRole, string>> {
  const figures: Figures = {};
  for (const role of ['quantity', 'unit_price', 'line_amount', 'tax_rate', 'tax'] as const) {
    const text = row[role];
    const value = text === undefined ? undefined : cellNumber(text, mark);
    if (value !== undefined) figures[role] = value;
  }
  const repairs: Partial<Record<ColumnRole, string>> = {};
  const put = (role: keyof Figures, value: number, text: string) => {
    figures[role] = value;
    repairs[role] = text;
  };
  // A figure whose decimals follow the other mark than the table's ("2113,12" among points) is written with the table's.
  for (const role of ['quantity', 'unit_price', 'line_amount', 'tax'] as const) {
    const text = row[role];
    const other = mark === '.' ? /^(\D*\d+),(\d{1,2}\D*)$/u : mark === ',' ? /^(\D*\d+)\.(\d{1,2}\D*)$/u : undefined;
    if (text !== undefined && other?.test(text.trim())) repairs[role] = text.trim().replace(other, `$1${mark}$2`);
  }
  const money = (value: number) => (mark === ',' ? value.toFixed(2).replace('.', ',') : value.toFixed(2));

  const lost = quantities && figures.quantity === undefined ? lostQuantity(figures.unit_price, figures.line_amount) : undefined;
  if (lost !== undefined) put('quantity', lost, plain(lost));
  const { quantity, unit_price: price, line_amount: amount } = figures;
  // A rate read as no rate at all ("56.6%", "690") checks nothing.
  const readRate = figures.tax_rate !== undefined && isRate(figures.tax_rate) ? figures.tax_rate : undefined;
  if (quantity !== undefined && price !== undefined && amount !== undefined) {
    const productFails = !pricesTo(quantity, price, amount);
    const taxFails = taxAgrees(amount, readRate, figures.tax) === false;
    if (!inCents(row.line_amount!, mark) && (productFails || taxFails)) {
      // The amount is the suspect: one of the amounts the quantity and price come to, one figure from it, that the tax confirms.
      const fixed = narrowed(
        amountsPriced(quantity, price).filter((a) => oneFigureApart(row.line_amount!, a) && taxAgrees(a, readRate, figures.tax) !== false),
        (a) => balances.some((b) => Math.abs(a - b) < 0.005),
        (a) => Math.abs(quantity * price - a) < 1e-6,
      );
      if (fixed !== undefined) put('line_amount', fixed, money(fixed));
    } else if (productFails && !taxFails) {
      // The amount stands (its tax confirms it where printed): the quantity or the price lost or gained a point.
      const q = pointMoved(row.quantity!, (v) => pricesTo(v, price, amount));
      const p = q === undefined ? pointMoved(row.unit_price!, (v) => pricesTo(quantity, v, amount)) : undefined;
      if (q !== undefined) put('quantity', q, plain(q));
      else if (p !== undefined) put('unit_price', p, plain(p));
    }
  }
  const net = figures.line_amount;
  const rate = figures.tax_rate;
  if (net === undefined || row.tax === undefined) return repairs;
  const tax = figures.tax;
  if (tax !== undefined && rate !== undefined && isRate(rate) && row.tax_rate !== undefined && !/^\d+(?:[.,]\d+)?\s*[%％]?$/u.test(row.tax_rate.trim()) && taxAgrees(net, rate, tax)) {
    // A rate the tax confirms, read with a speck beside it ("6%\""): the rate alone.
    put('tax_rate', rate, `${rate}%`);
  } else if (tax !== undefined && row.tax_rate !== undefined && (rate === undefined || !isRate(rate)) && /\d/u.test(row.tax_rate)) {
    const rates = ratesOf(net, tax);
    if (rates.length === 1) put('tax_rate', rates[0]!, `${rates[0]}%`);
  } else if (rate !== undefined && !inCents(row.tax, mark)) {
    const expected = Math.round(net * rate) / 100;
    if (tax !== undefined && Math.abs(tax - expected) < 0.005) put('tax', expected, money(expected));
    else if (oneFigureApart(row.tax, expected)) put('tax', expected, money(expected));
  }
  return repairs;
}

/**
 * The quantity a scan lost whole (a lone figure under its column head, "3", is easily missed) where the
 * table prints quantities: the whole number of units the price comes to the amount in.
 */
function lostQuantity(price: number | undefined, amount: number | undefined): number | undefined {
  if (price === undefined || amount === undefined || price <= 0 || amount <= 0) return undefined;
  const units = Math.round(amount / price);
  return units >= 1 && pricesTo(units, price, amount) ? units : undefined;
}

/** A whole or half per cent, up to 30. */
function isRate(rate: number): boolean {
  return rate >= 0 && rate <= MAX_RATE && Number.isInteger(rate * 2);
}

/** An amount in cents written with the table's mark ("1,150.44", "¥99.06"; "1.150,44" where the table writes commas). */
function inCents(text: string, mark: ',' | '.' | undefined): boolean {
  return (mark === ',' ? /^\D*\d{1,3}(?:\.?\d{3})*,\d{2}\D*$/u : /^\D*\d{1,3}(?:,?\d{3})*\.\d{2}\D*$/u).test(text.trim());
}

/** The one value left when the tests, in turn, narrow several down (a test none passes is passed over). */
function narrowed(values: readonly number[], ...tests: ((value: number) => boolean)[]): number | undefined {
  let left = values;
  for (const test of tests) {
    if (left.length <= 1) break;
    const passing = left.filter(test);
    if (passing.length > 0) left = passing;
  }
  return left.length === 1 ? left[0] : undefined;
}

function pricesTo(quantity: number, price: number, amount: number): boolean {
  return Math.abs(quantity * price - amount) <= Math.max(0.011, Math.abs(quantity) * PRICE_ROUNDING);
}

/** Whether amount × rate is the tax (to the cent); undefined without a rate. */
function taxAgrees(amount: number, rate: number | undefined, tax: number | undefined): boolean | undefined {
  if (rate === undefined || tax === undefined) return undefined;
  return Math.abs((amount * rate) / 100 - tax) <= TAX_ROUNDING;
}

/** The whole and half per cents that make the amount's tax. */
function ratesOf(amount: number, tax: number): number[] {
  if (amount === 0) return [];
  const rates: number[] = [];
  for (let twice = 0; twice <= 2 * MAX_RATE; twice++) if (taxAgrees(amount, twice / 2, tax)) rates.push(twice / 2);
  return rates;
}

/** The amounts in cents a quantity at a unit price rounded to cents can come to. */
function amountsPriced(quantity: number, price: number): number[] {
  const spread = Math.max(0.011, Math.abs(quantity) * PRICE_ROUNDING);
  const [low, high] = [Math.ceil((quantity * price - spread) * 100), Math.floor((quantity * price + spread) * 100)];
  return Array.from({ length: Math.max(0, high - low + 1) }, (_, i) => (low + i) / 100);
}

const figuresOf = (text: string) => text.replace(/\D/gu, '');

/** A whole number, or one with up to four decimals, written plainly. */
function plain(value: number): string {
  return String(Math.round(value * 10_000) / 10_000);
}

/** The one reading of the text's figures with the point elsewhere (or none) that fits, other than the text's own: "2.0" as 20, "16:5" as 16.5, "15" as 1.5. */
function pointMoved(read: string, fits: (value: number) => boolean): number | undefined {
  const figures = figuresOf(read);
  if (figures === '') return undefined;
  const own = cellNumber(read);
  // A quantity or price printed with decimals ends them in a figure other than 0: "10000" is never 1000.0.
  const decimals = Array.from({ length: figures.length - 1 }, (_, k) => [figures.slice(0, k + 1), figures.slice(k + 1)] as const).filter(([, after]) => !after.endsWith('0'));
  const readings = [Number(figures), ...decimals.map(([before, after]) => Number(`${before}.${after}`))];
  const fitting = [...new Set(readings)].filter((v) => v !== own && fits(v));
  return fitting.length === 1 ? fitting[0] : undefined;
}

/** The read text's figures are the value's (with its cents) with one figure lost, added or changed, or its whole part alone (its cents split off into the next column). */
function oneFigureApart(read: string, value: number): boolean {
  const got = Array.from(figuresOf(read));
  const want = Array.from(figuresOf(value.toFixed(2)));
  if (/^\D*\d+\D*$/u.test(read.trim()) && got.join('') === String(Math.trunc(value))) return true;
  if (got.join('') === want.join('')) return false;
  if (got.length === want.length) return got.filter((ch, i) => ch !== want[i]).length === 1;
  const [short, long] = got.length < want.length ? [got, want] : [want, got];
  return long.length - short.length === 1 && long.some((_, skip) => long.filter((__, i) => i !== skip).every((ch, i) => ch === short[i]));
}
