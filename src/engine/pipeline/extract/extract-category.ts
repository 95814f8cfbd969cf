import type { ExtractedField, ExtractedTable, FileData } from '../../../shared/api/index.js';
import type { CategoryModel, TableModel } from '../../store/category-models.js';
import { withInvoiceData } from '../e-invoice/map-invoice-data.js';
import { extractFields, type FieldContext } from '../fields/extract-fields.js';
import { legacyItems } from '../document/file-data.js';
import { fieldSpecOf, type FieldSpec } from '../document/field-spec.js';
import { LabelVocabulary } from '../words/label-vocabulary.js';
import type { ParsedFile } from '../document/parsed-document.js';
import { extractTable, type TableSpec } from '../tables/extract-tables.js';

type ParsedDocument = ParsedFile['document'];

export interface ExtractOptions {
  /** parser_params.apply_merge: a table may go on over a page break. */
  applyMerge: boolean;
  /** Another scorer than the shipped one, and a look at what it scored (benches and the scorer's fitting). */
  scoring?: Pick<FieldContext, 'scorer' | 'observe'>;
}

export interface Specs {
  fields: FieldSpec[];
  tables: TableSpec[];
}

/** The enabled fields and the tables of a category, as the extractor sees them. */
export function categorySpecs(category: Pick<CategoryModel, 'fields' | 'tables'>): Specs {
  return {
    fields: category.fields.filter((f) => f.enabled !== 0).map((f) => fieldSpecOf(f)),
    tables: category.tables.map((t) => tableSpecOf(t)),
  };
}

export function tableSpecOf(table: Pick<TableModel, 'name' | 'fields' | 'collectFromMultiTable' | 'extractModel'>, tableType: '0' | '1' = '0'): TableSpec {
  return {
    name: table.name,
    columns: table.fields.filter((f) => f.enabled !== 0).map((f) => fieldSpecOf(f)),
    collectFromMultiTable: table.collectFromMultiTable,
    configModel: table.extractModel,
    tableType,
  };
}

/**
 * The wanted fields and tables of a document. `known` is everything the category defines: its labels
 * keep other fields' labels out of values, and its tables' rows are not read as field values.
 */
export function extractSpecs(document: ParsedDocument, wanted: Specs, options: ExtractOptions, known: Specs = wanted, recall?: FieldContext['recall']): { fields: ExtractedField[]; tables: ExtractedTable[] } {
  const everyField = [...known.fields, ...wanted.fields, ...[...known.tables, ...wanted.tables].flatMap((t) => t.columns)];
  const vocabulary = new LabelVocabulary(everyField.flatMap((f) => f.labels.map((l) => l.text)));
  const wantedNames = new Set(wanted.tables.map((t) => t.name));
  const background = known.tables.filter((t) => !wantedNames.has(t.name)).map((t) => extractTable(document, t, options));
  const tables = wanted.tables.map((t) => extractTable(document, t, options));
  const tableRows = new Set([...background, ...tables].flatMap((t) => t.usedRows));
  const fromPage = { fields: extractFields(document, wanted.fields, { vocabulary, tableRows, recall, ...options.scoring }), tables: tables.map((t) => t.table) };
  return document.invoice ? withInvoiceData(document, document.invoice, wanted, fromPage) : fromPage;
}

/** The result of extraction for a category; `items` mirrors the first table's rows (the contract's legacy items). */
export function extractCategory(document: ParsedDocument, category: Pick<CategoryModel, 'fields' | 'tables'>, options: ExtractOptions, recall?: FieldContext['recall']): FileData {
  const specs = categorySpecs(category);
  const { fields, tables } = extractSpecs(document, specs, options, specs, recall);
  return { fields, items: legacyItems(tables[0]), tables, stamps: [], handwritings: [] };
}
