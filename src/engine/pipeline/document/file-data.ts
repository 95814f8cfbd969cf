import type { ExtractedField, ExtractedTable, FileData } from '../../../shared/api/index.js';

export function emptyData(): FileData {
  return { fields: [], items: [], tables: [], stamps: [], handwritings: [] };
}

/** The contract's legacy `items`: the rows of the first table, as key, value and position. */
export function legacyItems(table: ExtractedTable | undefined): FileData['items'] {
  return (table?.items ?? []).map((row) => row.map((cell) => ({ key: cell.key, value: cell.value, position: cell.position })));
}

/**
 * Re-extracted fields replace those of the same key, the new values after the rest. Re-extracted
 * tables take the place of the table of the same name (new ones go last), so the configured order
 * stays; when the first table is re-extracted, `items` mirrors it again.
 */
export function mergeExtraction(data: FileData | null, fields: readonly ExtractedField[], tables: readonly ExtractedTable[]): FileData {
  const base = data ?? emptyData();
  const keys = new Set(fields.map((f) => f.key));
  const fresh = new Map(tables.map((t) => [t.tableName, t]));
  const merged = {
    ...base,
    fields: [...base.fields.filter((f) => !keys.has(f.key)), ...fields],
    tables: [...base.tables.map((t) => fresh.get(t.tableName) ?? t), ...tables.filter((t) => !base.tables.some((b) => b.tableName === t.tableName))],
  };
  const first = merged.tables[0];
  return first && fresh.has(first.tableName) ? { ...merged, items: legacyItems(first) } : merged;
}

interface GivenCell {
  key: string;
  value: string;
  position?: { page: number; vertices: number[] }[] | undefined;
}

/**
 * /file/update: the given fields and table rows are the file's whole field set (left out means
 * deleted). A field sent without its identifier keeps the one it had; tables, stamps and the rest stay.
 */
export function replaceFieldsAndItems(data: FileData | null, given: { fields?: (GivenCell & { identifier?: string | undefined })[] | undefined; items?: GivenCell[][] | undefined }): FileData {
  const base = data ?? emptyData();
  const identifiers = new Map(base.fields.map((f) => [f.key, f.identifier]));
  return {
    ...base,
    fields: (given.fields ?? []).map((f) => ({ key: f.key, identifier: f.identifier ?? identifiers.get(f.key) ?? '', value: f.value, position: f.position ?? [] })),
    items: (given.items ?? []).map((row) => row.map((cell) => ({ key: cell.key, value: cell.value, position: cell.position ?? [] }))),
  };
}
