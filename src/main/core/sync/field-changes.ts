import type { FieldUpdateItem, FieldsList, TableUpdateItem } from '../../../shared/api/index.js';
import { CoreError } from '../core-error.js';

type Item = Omit<FieldUpdateItem, 'field_id'> & { field_id: string };

/** The cached field list with the changes applied as the server applies them ("omit = no change"); an unknown field id is refused. */
export function withFieldChanges(list: FieldsList, items: readonly Item[]): FieldsList {
  const byId = new Map(items.map((item) => [item.field_id, item]));
  const known = new Set([...list.fields, ...list.tables.flatMap((t) => t.fields)].map((f) => f.id));
  const unknown = items.find((item) => !known.has(item.field_id));
  if (unknown) throw new CoreError('NOT_FOUND', `field ${unknown.field_id} is not in the cached category; sync first`);
  const apply = <F extends { id: string }>(field: F): F => {
    const item = byId.get(field.id);
    if (!item) return field;
    const { field_id: _id, ...changes } = item;
    return { ...field, ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) };
  };
  return { ...list, fields: list.fields.map(apply), tables: list.tables.map((table) => ({ ...table, fields: table.fields.map(apply) })) };
}

/** The cached field list with the tables' own settings changed as the server changes them; an unknown table id is refused. */
export function withTableChanges(list: FieldsList, items: readonly TableUpdateItem[]): FieldsList {
  const byId = new Map(items.map((item) => [item.table_id, item]));
  const unknown = items.find((item) => !list.tables.some((t) => t.id === item.table_id));
  if (unknown) throw new CoreError('NOT_FOUND', `table ${unknown.table_id} is not in the cached category; sync first`);
  return { ...list, tables: list.tables.map((table) => ({ ...table, ...definedOf(byId.get(table.id)) })) };
}

function definedOf(item: TableUpdateItem | undefined): Partial<TableUpdateItem> {
  if (!item) return {};
  const { table_id: _id, ...changes } = item;
  return Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
}
