import { findAmounts } from '../../src/engine/pipeline/fields/value-parsers.js';
import type { FileRecord, TableCell } from '../../src/shared/api/index.js';
import { calibrationLines, pct } from './calibration.js';
import { sameAs, textKey } from './compare-values.js';
import { INVOICE_FIELDS, LINE_COLUMNS, LINE_TABLE, type ScoredField } from './invoice-category.js';
import type { Invoice, InvoiceKey, InvoiceLine } from './invoice-set.js';


/** One printed value of the key against what the engine returned for its field. */
export interface ValueResult {
  field: string;
  truth: string;
  found: string;
  confidence: number;
  right: boolean;
}

/** One printed line: found when one returned row holds its description and amount, and its quantity and unit price where printed. */
export interface LineResult {
  line: number;
  name: string;
  found: boolean;
}

export interface DocumentResult {
  id: string;
  pages: number;
  values: ValueResult[];
  lines: LineResult[];
  /** Rows the engine returned in the line-item table. */
  rows: number;
}

export const valueAt = (key: InvoiceKey, path: string): unknown => path.split('.').reduce<unknown>((v, part) => (v as Record<string, unknown> | null)?.[part], key);

/** Scores one invoice; `pageText` is the text its printed page holds (which of a line's numbers it prints); `fields` are the category's (the clerk's own unless told). */
export function scoreDocument(invoice: Invoice, record: FileRecord, pageText: string, fields: readonly ScoredField[] = INVOICE_FIELDS): DocumentResult {
  const { key } = invoice;
  const values: ValueResult[] = [];
  for (const field of fields) {
    const truth = valueAt(key, field.key);
    if (!key.printed[field.key] || truth === null || truth === undefined) continue;
    const found = record.data?.fields?.find((f) => f.key === field.name);
    const value = found?.value ?? '';
    values.push({ field: field.name, truth: String(truth), found: value, confidence: found?.confidence ?? 0, right: sameAs(field.kind, String(truth), value) });
  }
  const rows = (record.data?.tables ?? []).filter((t) => t.tableName === LINE_TABLE).flatMap((t) => t.items);
  const printedNumbers = new Set(findAmounts(pageText).map((a) => cents(a.value)));
  const unused = new Set(rows);
  const lines: LineResult[] = [];
  key.lines.forEach((line, index) => {
    if (!key.printed[`lines.${index}`]) return;
    const row = [...unused].find((r) => rowHolds(r, line, printedNumbers));
    if (row) unused.delete(row);
    lines.push({ line: index, name: line.name ?? '', found: row !== undefined });
  });
  return { id: invoice.id, pages: record.document?.pages.length ?? record.total_page_num ?? 1, values, lines, rows: rows.length };
}

const cents = (n: number) => Math.abs(Math.round(n * 100));

function rowHolds(row: readonly TableCell[], line: InvoiceLine, printedNumbers: ReadonlySet<number>): boolean {
  const cell = (column: string) => row.find((c) => c.key === column)?.value ?? '';
  const number = (truth: number | null, column: string) => truth === null || !printedNumbers.has(cents(truth)) || sameAs('amount', String(truth), cell(column));
  const name = textKey(line.name ?? '');
  return (
    name !== '' &&
    textKey(cell(LINE_COLUMNS.name)).includes(name) &&
    line.amount !== null &&
    sameAs('amount', String(line.amount), cell(LINE_COLUMNS.amount)) &&
    number(line.quantity, LINE_COLUMNS.quantity) &&
    number(line.unit_price, LINE_COLUMNS.unit_price)
  );
}

/** The figures of a run: per value kind, lines, calibration and every wrong value given with high confidence. */
export function report(results: readonly DocumentResult[], fields: readonly ScoredField[] = INVOICE_FIELDS): string[] {
  const out: string[] = [];
  const values = results.flatMap((r) => r.values.map((v) => ({ ...v, id: r.id })));
  for (const { name } of fields) {
    const of = values.filter((v) => v.field === name);
    if (of.length > 0) out.push(`  ${name.padEnd(16)} right ${pct(of.filter((v) => v.right).length, of.length)}`);
  }
  const right = values.filter((v) => v.right);
  out.push(`  all values       right ${pct(right.length, values.length)}`);
  const lines = results.flatMap((r) => r.lines);
  out.push(`  lines found      ${pct(lines.filter((l) => l.found).length, lines.length)}; rows returned ${results.reduce((n, r) => n + r.rows, 0)}`);
  out.push(...calibrationLines(values));
  return out;
}
