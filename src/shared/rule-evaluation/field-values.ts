import type { ExtractedField, TableCell } from '../api/index.js';
import type { EvaluationCategory, EvaluationField, EvaluationTable } from './evaluation-category.js';
import type { ReviewFile } from './review-file.js';
import { CheckEvalError } from '../rule-language/check-eval-error.js';
import { EMPTY, textValue, type Value } from '../rule-language/values.js';
import type { ValueOrigin, ValueUse } from './value-use.js';

export interface FieldRead {
  /** The name as the category spells it: the field, the table, or `Table.Column`. */
  fieldName: string;
  value: Value;
  uses: ValueUse[];
}

export interface FieldRef {
  name: string;
  table?: string;
}

/** Names match as written, else ignoring case, width and repeated spaces, when that singles one out. */
const loose = (name: string) => name.normalize('NFKC').trim().replace(/\s+/gu, ' ').toLowerCase();

function byName<T extends { name: string }>(items: readonly T[], name: string): T | undefined {
  const exact = items.find((i) => i.name === name);
  if (exact) return exact;
  const close = items.filter((i) => loose(i.name) === loose(name));
  return close.length === 1 ? close[0] : undefined;
}

/** A field by its name, else by one of its aliases (`[价税合计]` for Total), when that singles one out. */
function fieldByName(fields: readonly EvaluationField[], name: string): EvaluationField | undefined {
  const named = byName(fields, name);
  if (named) return named;
  const aliased = fields.filter((f) => (f.definition.alias ?? []).some((a) => loose(a) === loose(name)));
  return aliased.length === 1 ? aliased[0] : undefined;
}

export function originOf(file: ReviewFile): ValueOrigin {
  return { fileId: file.fileId, taskId: file.taskId, name: file.name, category: file.category };
}

/**
 * The value of `[Name]`, `[Table]` or `[Table.Column]` on one file, resolved against its category as
 * it is now: a name the category no longer has is an error that says so, never an empty value.
 */
export function readField(file: ReviewFile, category: EvaluationCategory, ref: FieldRef): FieldRead {
  if (ref.table !== undefined) {
    const table = byName(category.tables, ref.table);
    if (!table) throw missing(category, `table '${ref.table}'`);
    return readColumn(file, table, ref.name, category);
  }
  const field = fieldByName(category.fields, ref.name);
  if (field) return readPlainField(file, field);
  const table = byName(category.tables, ref.name);
  if (table) return readRows(file, table);
  const owner = category.tables.find((t) => loose(ref.name).startsWith(`${loose(t.name)}.`));
  if (owner) return readColumn(file, owner, ref.name.slice(owner.name.length + 1).trim(), category);
  throw missing(category, `field '${ref.name}'`);
}

function missing(category: EvaluationCategory, what: string): CheckEvalError {
  const tables = category.tables.map((t) => `${t.name} (${t.fields.map((f) => f.name).join(', ')})`);
  const has = [`its fields are ${category.fields.map((f) => f.name).join(', ') || 'none'}`, ...(tables.length > 0 ? [`its tables ${tables.join('; ')}`] : [])];
  return new CheckEvalError(`category '${category.name}' has no ${what}: it may have been renamed or deleted since the rule was written (${has.join('; ')})`);
}

function use(file: ReviewFile, label: string, fieldName: string, entry: Pick<ExtractedField, 'value' | 'position'>): ValueUse {
  return { origin: originOf(file), label, text: entry.value, fieldName, source: 'extract_field', position: entry.position ?? [] };
}

/** A multi-value field is a list of its values; a field never extracted on this file reads as empty. */
function readPlainField(file: ReviewFile, field: EvaluationField): FieldRead {
  const entries = (file.data?.fields ?? []).filter((f) => f.key === field.name);
  const uses = entries.map((e) => use(file, field.name, field.name, e));
  const fieldName = field.name;
  if (field.definition.multi_value) return { fieldName, value: { type: 'list', items: entries.map((e) => textValue(e.value)) }, uses };
  const first = entries[0];
  if (!first) return { fieldName, value: EMPTY, uses: [use(file, field.name, field.name, { value: '', position: [] })] };
  return { fieldName, value: textValue(first.value), uses: uses.slice(0, 1) };
}

function rowsOf(file: ReviewFile, table: EvaluationTable): TableCell[][] {
  const extracted = (file.data?.tables ?? []).filter((t) => loose(t.tableName) === loose(table.name));
  return extracted.flatMap((t) => t.items);
}

/** `[Table]`: its rows, for count(). */
function readRows(file: ReviewFile, table: EvaluationTable): FieldRead {
  return { fieldName: table.name, value: { type: 'list', items: rowsOf(file, table).map((row) => textValue(row.map((c) => c.value).join(' | '))) }, uses: [] };
}

function readColumn(file: ReviewFile, table: EvaluationTable, columnName: string, category: EvaluationCategory): FieldRead {
  const column = fieldByName(table.fields, columnName);
  if (!column) throw missing(category, `column '${columnName}' in table '${table.name}'`);
  const qualified = `${table.name}.${column.name}`;
  const cells = rowsOf(file, table).map((row, i) => ({ cell: row.find((c) => loose(c.key) === loose(column.name)), row: i + 1 }));
  return {
    fieldName: qualified,
    value: { type: 'list', items: cells.map(({ cell }) => (cell ? textValue(cell.value) : EMPTY)) },
    uses: cells.flatMap(({ cell, row }) => (cell ? [use(file, `${qualified}, row ${row}`, qualified, cell)] : [])),
  };
}
