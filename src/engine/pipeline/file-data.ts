import type { ExtractedField, ExtractedTable, FileData } from '../../shared/api/index.js';

export function emptyData(): FileData {
  return { fields: [], items: [], tables: [], stamps: [], handwritings: [] };
}

/** Re-extracted fields and tables replace those of the same key or name; the rest stays. */
export function mergeExtraction(data: FileData | null, fields: readonly ExtractedField[], tables: readonly ExtractedTable[]): FileData {
  const base = data ?? emptyData();
  const keys = new Set(fields.map((f) => f.key));
  const names = new Set(tables.map((t) => t.tableName));
  return {
    ...base,
    fields: [...base.fields.filter((f) => !keys.has(f.key)), ...fields],
    tables: [...base.tables.filter((t) => !names.has(t.tableName)), ...tables],
  };
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
