import type { SlashOrder } from '../../../shared/text/datetime.js';
import { rowText, type VisualRow } from '../layout/segments.js';
import { amountCurrency } from './amount-currency.js';

// A slash date with its year last; "11/21/2018" reads only month first, "21/11/2018" only day first.
const SLASH_DATE = /(?<![\d/.])(\d{1,2})\/(\d{1,2})\/(?:\d{4}|\d{2})(?![\d/])/gu;
const STATES = 'AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY';
// An American address line: the city, a state's postal code and a ZIP code ("Portland, OR 97204").
const AMERICAN_ADDRESS = new RegExp(String.raw`\p{L},\s*(?:${STATES})\.?\s+\d{5}(?:-\d{4})?(?!\d)`, 'u');
const DOLLAR = new Set(['USD', 'US$', '$']);

/**
 * How a document writes an ambiguous slash date ("10/03/2018"): as its slash dates that read one way
 * only say, when they agree; else month first on an American page (an address with a state and ZIP
 * code, amounts in dollars); else day first, as most of the world and the receipts write it.
 */
export function slashOrderOf(text: string, currency: string | undefined): SlashOrder {
  let [dayFirst, monthFirst] = [0, 0];
  for (const m of text.matchAll(SLASH_DATE)) {
    const [first, second] = [Number(m[1]), Number(m[2])];
    if (first > 12 && second >= 1 && second <= 12) dayFirst++;
    if (second > 12 && second <= 31 && first >= 1 && first <= 12) monthFirst++;
  }
  if (monthFirst > 0 && dayFirst === 0) return 'month-first';
  if (dayFirst > 0) return 'day-first';
  return currency !== undefined && DOLLAR.has(currency) && AMERICAN_ADDRESS.test(text) ? 'month-first' : 'day-first';
}

const orders = new WeakMap<readonly VisualRow[][], SlashOrder>();

/** The slash order of a document's rows (layout/segments.ts `rowsOf`), read once for its fields and its tables. */
export function documentSlashOrder(rows: readonly VisualRow[][]): SlashOrder {
  let order = orders.get(rows);
  if (!order) {
    order = slashOrderOf(rows.flatMap((page) => page.map(rowText)).join('\n'), amountCurrency(rows)[0]?.value);
    orders.set(rows, order);
  }
  return order;
}
