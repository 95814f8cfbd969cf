import { formatFlexible, formatMoney } from '../locale-format.js';
import { moneyMarks, type InvoicePage } from './invoice-page.js';
import { print, type Printed } from './print.js';

export type TotalsPlace = 'right' | 'left' | 'full' | 'boxed-right';

interface TotalRow {
  label: string;
  value: Printed;
  strong?: boolean;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The tax rows: one per rate, and with several rates a row of the tax total under them. */
function taxRows(page: InvoicePage): TotalRow[] {
  const { values } = page.data;
  if (values.tax_total === null) return [];
  const rates = [...new Set(values.lines.map((l) => l.tax_rate).filter((r): r is number => r !== null))];
  const rate = (r: number) => `${formatFlexible(r, page.style, 0)} %`;
  if (rates.length === 1) return [{ label: `${page.labels.tax} ${rate(rates[0]!)}`, value: moneyMarks(page, 'Tax amount', values.tax_total) }];
  const perRate = rates.map((r) => {
    const base = values.lines.filter((l) => l.tax_rate === r).reduce((s, l) => s + (l.amount ?? 0), 0);
    return { label: `${page.labels.tax} ${rate(r)}`, value: { text: formatMoney(round2((base * r) / 100), page.style) } };
  });
  return [...perRate, { label: page.labels.tax, value: moneyMarks(page, 'Tax amount', values.tax_total) }];
}

function totalRows(page: InvoicePage, due: boolean): TotalRow[] {
  const { values } = page.data;
  const rows: TotalRow[] = [];
  if (values.net_total !== null) rows.push({ label: page.labels.net, value: moneyMarks(page, 'Net amount', values.net_total) });
  rows.push(...taxRows(page));
  if (values.grand_total !== null) rows.push({ label: page.labels.total, value: moneyMarks(page, 'Total', values.grand_total), strong: !due });
  if (due && values.due_payable !== null) rows.push({ label: page.labels.due, value: moneyMarks(page, 'Amount due', values.due_payable), strong: true });
  return rows;
}

/** The totals under the table, at the right, the left, across the page or framed; answers the baseline under them. */
export function totalsBox(page: InvoicePage, place: TotalsPlace, top: number, due: boolean): number {
  const rows = totalRows(page, due);
  const width = page.right - page.left;
  const [labelX, valueX] = place === 'left' ? [page.left, page.left + width * 0.45] : place === 'full' ? [page.left, page.right] : [page.left + width * 0.55, page.right - (place === 'boxed-right' ? 4 : 0)];
  const pitch = page.size * 1.5;
  let y = top + pitch;
  for (const row of rows) {
    const size = row.strong ? page.size + 1 : page.size;
    if (row.strong) page.sheet.rule(labelX, y - pitch * 0.72, valueX, y - pitch * 0.72);
    print(page, { text: row.label }, labelX + (place === 'boxed-right' ? 4 : 0), y, size);
    print(page, row.value, valueX, y, size, 'right');
    y += pitch;
  }
  if (place === 'boxed-right') page.sheet.frame(labelX, top + 2, page.right, y - pitch + page.size * 0.6);
  return y;
}
