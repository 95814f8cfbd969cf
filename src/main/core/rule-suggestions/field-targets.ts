import type { FieldsList } from '../../../shared/api/index.js';
import type { SuggestedField } from '../../../shared/ipc/channels/rule-suggestions.js';

/** The part of a cached category the suggester reads: its fields and tables, with their aliases. */
export interface SuggestionCategory {
  id: string;
  name: string;
  fields: FieldsList | null;
}

/**
 * Something prose can name: a field, a table column, or a table (for counting rows). Categories
 * that share a name share one target, as one check line reads each file's own category.
 */
export interface FieldTarget {
  kind: 'field' | 'column' | 'table';
  name: string;
  table?: string;
  /** Name and aliases, as prose may write them. */
  terms: string[];
  picks: SuggestedField[];
}

/** Every field, column and table of the categories, keyed by how a check names it. */
export function fieldTargetsOf(categories: readonly SuggestionCategory[]): FieldTarget[] {
  const targets = new Map<string, FieldTarget>();
  const add = (target: Omit<FieldTarget, 'picks' | 'terms'>, terms: readonly string[], pick?: SuggestedField) => {
    const key = `${target.kind}\u0000${target.table ?? ''}\u0000${target.name}`;
    const known = targets.get(key) ?? { ...target, terms: [], picks: [] };
    targets.set(key, known);
    for (const term of terms) if (term.trim() !== '' && !known.terms.includes(term)) known.terms.push(term);
    if (pick) known.picks.push(pick);
  };
  for (const category of categories) {
    const base = { category_id: category.id, category_name: category.name };
    for (const field of category.fields?.fields ?? []) {
      add({ kind: 'field', name: field.name }, [field.name, ...(field.alias ?? [])], { ...base, field_id: field.id, field_name: field.name });
    }
    for (const table of category.fields?.tables ?? []) {
      add({ kind: 'table', name: table.name }, [table.name]);
      for (const column of table.fields) {
        add({ kind: 'column', name: column.name, table: table.name }, [column.name, ...(column.alias ?? [])], { ...base, table: { id: table.id, name: table.name }, field_id: column.id, field_name: column.name });
      }
    }
  }
  return [...targets.values()];
}

/** How the rule language writes a target: in brackets, or as field()/column() when brackets cannot hold the name. */
export function referenceOf(target: FieldTarget): string {
  const plain = (name: string) => !/[[\]【】.]/u.test(name);
  const quoted = (name: string) => `"${name.replace(/["\\]/gu, (c) => `\\${c}`)}"`;
  if (target.kind === 'column') {
    const table = target.table!;
    return plain(table) && plain(target.name) ? `[${table}.${target.name}]` : `column(${quoted(table)}, ${quoted(target.name)})`;
  }
  return plain(target.name) ? `[${target.name}]` : `field(${quoted(target.name)})`;
}
