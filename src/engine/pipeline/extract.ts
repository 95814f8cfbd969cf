import type { ExtractedField, ExtractedTable, FileData, Position } from '../../shared/api/index.js';
import type { CategoryModel, FieldModel } from '../store/category-models.js';
import { unionBox, type ParsedFile, type ParsedLine } from './parsed-document.js';
import { codePointIndex, findTerm } from './text-match.js';

/** A field as the label/value extractor sees it. */
export interface FieldSpec {
  key: string;
  identifier: string;
  /** The field's name first; aliases and prompt phrases after it. */
  labels: { text: string; isName: boolean }[];
  multiValue: boolean;
  distinctValues: boolean;
}

export const CONFIDENCE = { nameWithColon: 0.95, aliasWithColon: 0.8, noSeparator: 0.6, missing: 0 } as const;

type ParsedDocument = ParsedFile['document'];
type FieldDefinitionLike = Pick<FieldModel['definition'], 'alias' | 'identity' | 'multi_value' | 'duplicate_value_distinct'>;

export function fieldSpecOf(field: { name: string; definition: FieldDefinitionLike }, extraLabels: readonly string[] = []): FieldSpec {
  const aliases = [...(field.definition.alias ?? []), ...extraLabels].filter((a) => a.trim() !== '');
  return {
    key: field.name,
    identifier: field.definition.identity ?? '',
    labels: [{ text: field.name, isName: true }, ...aliases.map((text) => ({ text, isName: false }))],
    multiValue: field.definition.multi_value ?? false,
    distinctValues: field.definition.duplicate_value_distinct ?? false,
  };
}

interface Hit {
  value: string;
  position: Position[];
  confidence: number;
}

/** One entry per field (per value for multi-value fields); a field not found has an empty value. */
export function extractFields(document: ParsedDocument, specs: readonly FieldSpec[]): ExtractedField[] {
  return specs.flatMap((spec) => {
    const hits = document.pages.flatMap((page, p) => page.lines.flatMap((line, i) => bestOnLine(spec, line, page.lines[i + 1], p) ?? []));
    const chosen = spec.multiValue ? distinct(hits, spec.distinctValues) : hits.length > 0 ? [best(hits)] : [];
    if (chosen.length === 0) return [{ key: spec.key, identifier: spec.identifier, value: '', position: [], confidence: CONFIDENCE.missing }];
    return chosen.map((hit) => ({ key: spec.key, identifier: spec.identifier, ...hit }));
  });
}

function best(hits: Hit[]): Hit {
  return hits.reduce((a, b) => (b.confidence > a.confidence ? b : a));
}

function distinct(hits: Hit[], distinctValues: boolean): Hit[] {
  return distinctValues ? hits.filter((hit, i) => hits.findIndex((h) => h.value === hit.value) === i) : hits;
}

/** A line holds at most one value of a field: the best label match on it, leftmost on a tie. */
function bestOnLine(spec: FieldSpec, line: ParsedLine, next: ParsedLine | undefined, page: number): Hit | undefined {
  const hits = spec.labels.flatMap((label) => findTerm(line.text, label.text).flatMap((match) => valueAfter(line, next, page, match.end, label.isName) ?? []));
  return hits.length > 0 ? best(hits) : undefined;
}

/** The label must be followed by ':' / '：' or whitespace (or end the line); the value is the rest of the line, else the next line. */
function valueAfter(line: ParsedLine, next: ParsedLine | undefined, page: number, labelEnd: number, isName: boolean): Hit | undefined {
  const separator = /^\s*([:：])?\s*/u.exec(line.text.slice(labelEnd))![0];
  const rest = line.text.slice(labelEnd + separator.length).trimEnd();
  if (separator === '' && rest !== '') return undefined;
  const confidence = /[:：]/u.test(separator) ? (isName ? CONFIDENCE.nameWithColon : CONFIDENCE.aliasWithColon) : CONFIDENCE.noSeparator;
  if (rest !== '') {
    const from = codePointIndex(line.text, labelEnd + separator.length);
    const boxes = line.charPositions.slice(from, from + Array.from(rest).length);
    return { value: rest, position: boxes.length > 0 ? [{ page, vertices: unionBox(boxes) }] : [], confidence };
  }
  const value = next?.text.trim() ?? '';
  return value === '' ? undefined : { value, position: [{ page, vertices: next!.position }], confidence };
}

/** Configured Auto runs the fast general model, as the published service reports it. */
export function modelUsed(configModel: string): string {
  return configModel === 'Auto' ? 'Acgpt' : configModel;
}

// Table detection (rows and cells from ruling lines and column alignment) comes with the full
// pipeline; until then each configured table is reported with no rows.
export function tableResult(name: string, configModel: string, tableType: '0' | '1'): ExtractedTable {
  return { tableName: name, tableType, extractModel: modelUsed(configModel), configModel, items: [] };
}

/** The result of extraction for a category: its enabled fields and its tables. */
export function extractCategory(document: ParsedDocument, category: Pick<CategoryModel, 'fields' | 'tables'>): FileData {
  const specs = category.fields.filter((f) => f.enabled !== 0).map((f) => fieldSpecOf(f));
  return {
    fields: extractFields(document, specs),
    items: [],
    tables: category.tables.map((t) => tableResult(t.name, t.extractModel, '0')),
    stamps: [],
    handwritings: [],
  };
}
