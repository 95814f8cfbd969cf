import { LINE_COLUMNS } from '../../real-documents/invoice-category.js';
import type { Box } from '../layout-document.js';
import { formatFlexible } from '../locale-format.js';
import { amountText, type InvoicePage } from './invoice-page.js';

export type Column = 'position' | 'description' | 'quantity' | 'unit' | 'unitPrice' | 'discount' | 'taxRate' | 'amount';

export interface TableStyle {
  columns: readonly Column[];
  /** A full grid, one rule under the header (and one over the totals), or none at all. */
  rules: 'grid' | 'header' | 'none';
  headerLines: 1 | 2;
}

const WIDTH: Readonly<Record<Column, number>> = { position: 0.45, description: 3.3, quantity: 0.8, unit: 0.65, unitPrice: 1.15, discount: 0.8, taxRate: 0.75, amount: 1.25 };
const LEFT_ALIGNED: readonly Column[] = ['position', 'description', 'unit'];
// The truth's column for each printed column (the bench's line-item table).
const TRUTH_COLUMN: Partial<Record<Column, string>> = { description: LINE_COLUMNS.name, quantity: LINE_COLUMNS.quantity, unitPrice: LINE_COLUMNS.unit_price, amount: LINE_COLUMNS.amount, taxRate: LINE_COLUMNS.tax_rate };

/** A header over two lines: split at its last space, else a second line naming the unit (currency, percent). */
function headerLines(page: InvoicePage, column: Column, lines: 1 | 2): string[] {
  const label = page.labels[column];
  if (lines === 1) return [label];
  const space = label.lastIndexOf(' ');
  if (space > 0) return [label.slice(0, space), label.slice(space + 1)];
  if (column === 'unitPrice' || column === 'amount') return [label, `(${page.data.values.currency})`];
  return [label, column === 'discount' || column === 'taxRate' ? '%' : ''];
}

const percent = (page: InvoicePage, rate: number) => `${formatFlexible(rate, page.style, 0)}${page.rng.chance(0.5) ? ' %' : '%'}`;

/** The printed cells of line `i`, each with the value the truth holds for it. */
function cells(page: InvoicePage, i: number): Record<Column, { text: string; value: string | number | null }> {
  const line = page.data.values.lines[i]!;
  const discount = page.data.discounts[i] ?? 0;
  const number = (value: number | null, decimals: number) => (value === null ? '' : formatFlexible(value, page.style, decimals));
  return {
    position: { text: String(i + 1), value: null },
    description: { text: line.name ?? '', value: line.name },
    quantity: { text: number(line.quantity, 0), value: line.quantity },
    unit: { text: page.data.units[i] ?? '', value: null },
    unitPrice: { text: number(line.unit_price, 2), value: line.unit_price },
    discount: { text: discount > 0 ? percent(page, discount) : '', value: null },
    taxRate: { text: line.tax_rate === null ? '' : percent(page, line.tax_rate), value: line.tax_rate },
    amount: { text: line.amount === null ? '' : amountText(page, line.amount), value: line.amount },
  };
}

/** The item table from `top`: header, one row per line (descriptions wrapped in their column); answers its bottom. */
export function itemTable(page: InvoicePage, style: TableStyle, top: number): number {
  const { sheet, size } = page;
  const total = style.columns.reduce((s, c) => s + WIDTH[c], 0);
  const edges = style.columns.reduce<number[]>((acc, c) => [...acc, acc.at(-1)! + (WIDTH[c] / total) * (page.right - page.left)], [page.left]);
  const at = (column: number, text: string, y: number, textSize: number): Box => {
    const left = LEFT_ALIGNED.includes(style.columns[column]!);
    return sheet.text(text, left ? edges[column]! + 3 : edges[column + 1]! - 3, y, textSize, left ? 'left' : 'right');
  };
  const pitch = size * 1.3;
  const headerSize = size - 1;
  style.columns.forEach((column, c) => headerLines(page, column, style.headerLines).forEach((text, l) => at(c, text, top + headerSize + 3 + l * headerSize * 1.15, headerSize)));
  // Row boundaries: under the header, then under each row.
  const boundaries = [top + headerSize + 3 + (style.headerLines - 1) * headerSize * 1.15 + 5];
  page.data.values.lines.forEach((_, i) => {
    const row = cells(page, i);
    const baseline = boundaries.at(-1)! + size + 3;
    let height = 1;
    style.columns.forEach((column, c) => {
      const texts = column === 'description' ? sheet.wrap(row.description.text, size, edges[c + 1]! - edges[c]! - 6) : [row[column].text];
      const parts = texts.filter((t) => t !== '').map((text, l) => ({ text, box: at(c, text, baseline + l * pitch, size) }));
      height = Math.max(height, texts.length);
      const truthColumn = TRUTH_COLUMN[column];
      if (truthColumn && row[column].value !== null) page.truth.line(i, truthColumn, row[column].value, ...parts);
    });
    boundaries.push(baseline + (height - 1) * pitch + size * 0.4 + (style.rules === 'grid' ? 3 : 1));
  });
  const bottom = boundaries.at(-1)!;
  if (style.rules === 'grid') {
    for (const y of [top, ...boundaries]) sheet.rule(page.left, y, page.right, y);
    for (const x of edges) sheet.rule(x, top, x, bottom);
  } else if (style.rules === 'header') {
    sheet.rule(page.left, boundaries[0]!, page.right, boundaries[0]!);
    sheet.rule(page.left, bottom, page.right, bottom);
  }
  return bottom;
}
