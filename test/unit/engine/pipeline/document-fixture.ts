import { parseText } from '../../../../src/engine/pipeline/read/parse-text.js';
import type { ParsedFile } from '../../../../src/engine/pipeline/document/parsed-document.js';
import type { FieldModel, TableModel } from '../../../../src/engine/store/category-models.js';
import type { FieldDefinition } from '../../../../src/shared/api/index.js';

type ParsedDocument = ParsedFile['document'];

/**
 * A document laid out as the text parser lays out a TXT file: a monospaced grid of 20 px characters
 * on 40 px lines from a 40 px margin, one string per page. Two spaces make a visible column gap.
 */
export function textDocument(...pages: string[]): ParsedDocument {
  return { pages: pages.map((text) => parseText(new TextEncoder().encode(text)).document.pages[0]!) };
}

/** Rows of cells joined so that each column starts at a fixed character offset. */
export function grid(widths: readonly number[], rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('').trimEnd()).join('\n');
}

export function fieldModel(definition: FieldDefinition, enabled = 1): FieldModel {
  return { id: definition.name, name: definition.name, definition, enabled, extractModel: 'Auto' };
}

export function tableModel(name: string, fields: readonly FieldDefinition[], more: Partial<TableModel> = {}): TableModel {
  return { id: name, name, description: '', prompt: '', collectFromMultiTable: false, extractModel: 'Auto', fields: fields.map((f) => fieldModel(f)), ...more };
}
