import type { ColumnRole } from '../words/column-role.js';
import { cellNumber, decimalMarkOf } from './cell-number.js';

/** A line item's cells as row checks read them: the text of each role's cell. */
export type RoleTexts = Partial<Record<ColumnRole, string>>;

// A row whose quantity × unit price is not its amount holds a misread figure or a figure of another column.
export const DISAGREEING_ROW = 0.5;
// Lines that do not add up to any total printed under them are less sure, each of them.
export const UNBALANCED_LINES = 0.9;
// Prices are printed rounded: the product may be off by half a cent per unit.
const ROUNDING = 0.005;

/**
 * Per row, the factor its cells' confidence is multiplied by: quantity × unit price (less a
 * discount in percent) against the amount, then the sum of the amounts against the totals printed
 * under the table (net, or gross when the lines are gross).
 */
export function rowFactors(rows: readonly RoleTexts[], totals: readonly string[]): number[] {
  const mark = decimalMarkOf(rows.flatMap((r) => [r.line_amount ?? '', r.unit_price ?? '']));
  const amounts = rows.map((r) => (r.line_amount === undefined ? undefined : cellNumber(r.line_amount, mark)));
  const balanced = addsUp(amounts, totals.map((t) => cellNumber(t, mark)));
  return rows.map((row, i) => (agrees(row, amounts[i], mark) === false ? DISAGREEING_ROW : 1) * (balanced === false ? UNBALANCED_LINES : 1));
}

/** Whether quantity × unit price matches the amount; undefined when the row does not print all three. */
export function agrees(row: RoleTexts, amount: number | undefined, mark?: ',' | '.'): boolean | undefined {
  const quantity = row.quantity === undefined ? undefined : cellNumber(row.quantity, mark);
  const price = row.unit_price === undefined ? undefined : cellNumber(row.unit_price, mark);
  if (quantity === undefined || price === undefined || amount === undefined) return undefined;
  const gross = quantity * price;
  const discount = row.discount === undefined ? 0 : Math.abs(cellNumber(row.discount, mark) ?? 0);
  // A discount is a percentage or an amount off the line; either may be printed without its sign.
  const expected = [gross, gross * (1 - discount / 100), gross - discount];
  const tolerance = Math.max(0.011, Math.abs(quantity) * ROUNDING, Math.abs(amount) * ROUNDING);
  return expected.some((e) => Math.abs(Math.abs(e) - Math.abs(amount)) <= tolerance);
}

function addsUp(amounts: readonly (number | undefined)[], totals: readonly (number | undefined)[]): boolean | undefined {
  const known = amounts.filter((a) => a !== undefined);
  const printed = totals.filter((t) => t !== undefined);
  if (known.length < 2 || printed.length === 0) return undefined;
  const sum = known.reduce((s, a) => s + a, 0);
  return printed.some((t) => Math.abs(Math.abs(t) - Math.abs(sum)) <= 0.011 * known.length);
}
