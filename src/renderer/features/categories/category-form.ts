// The category a clerk describes in the form, as /category/create wants it. Pure.
import type { CategoryCreateParts, FieldDefinition } from '../../../shared/api/categories';

export interface FieldRow {
  name: string;
  aliases: string;
  prompt: string;
  dateFormat: string;
  choices: string;
  pattern: string;
  replace: string;
  fallback: string;
}

export interface TableRow {
  name: string;
  prompt: string;
  columns: string;
}

export const EMPTY_FIELD: FieldRow = { name: '', aliases: '', prompt: '', dateFormat: '', choices: '', pattern: '', replace: '', fallback: '' };

/** Aliases, choices or columns as typed: comma (either width) or line between. */
export const listOf = (text: string): string[] =>
  text
    .split(/[,，\n]/)
    .map((s) => s.trim())
    .filter(Boolean);

export function fieldDefinitionOf(row: FieldRow): FieldDefinition {
  const transform = {
    ...(row.dateFormat.trim() ? { datetime_settings: { format: row.dateFormat.trim() } } : {}),
    ...(listOf(row.choices).length > 0 ? { enumerate_settings: { items: listOf(row.choices) } } : {}),
    ...(row.pattern.trim() ? { regex_settings: { match: row.pattern.trim(), ...(row.replace ? { replace: row.replace } : {}) } } : {}),
    ...(row.fallback ? { mismatch_action: { default_value: row.fallback } } : {}),
  };
  return {
    name: row.name.trim(),
    ...(listOf(row.aliases).length > 0 ? { alias: listOf(row.aliases) } : {}),
    ...(row.prompt.trim() ? { prompt: row.prompt.trim(), use_prompt: true } : {}),
    ...(Object.keys(transform).length > 0 ? { transform_settings: transform } : {}),
  };
}

export function createPartsOf(input: {
  workspaceId: string;
  name: string;
  description: string;
  prompt: string;
  model: NonNullable<CategoryCreateParts['extract_model']>;
  fields: readonly FieldRow[];
  tables: readonly TableRow[];
}): CategoryCreateParts {
  const tables = input.tables
    .filter((t) => t.name.trim() && listOf(t.columns).length > 0)
    .map((t) => ({ name: t.name.trim(), ...(t.prompt.trim() ? { prompt: t.prompt.trim() } : {}), fields: listOf(t.columns).map((name) => ({ name })) }));
  return {
    workspace_id: input.workspaceId,
    name: input.name.trim(),
    extract_model: input.model,
    fields: input.fields.filter((f) => f.name.trim()).map(fieldDefinitionOf),
    ...(input.description.trim() ? { description: input.description.trim() } : {}),
    ...(input.prompt.trim() ? { category_prompt: input.prompt.trim() } : {}),
    ...(tables.length > 0 ? { tables } : {}),
  };
}
