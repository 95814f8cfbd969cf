import type { FieldUpdateItem, FieldsList } from '../../../shared/api/index.js';
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
