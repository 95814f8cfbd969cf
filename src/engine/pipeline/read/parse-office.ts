import ExcelJS from 'exceljs';
import mammoth from 'mammoth';
import { layoutText } from './parse-text.js';
import { ProcessingFailure, type ParsedFile } from '../document/parsed-document.js';
import { requireUnpackable } from './zip-budget.js';

/** A column of a sheet is at most this wide on the page; longer cells run into the next column. */
const MAX_COLUMN_CHARS = 40;

/** DOCX: its text (mammoth), paragraph by paragraph, laid out on synthetic pages like a text file. */
export async function parseDocx(bytes: Uint8Array, pageIndexes?: readonly number[]): Promise<ParsedFile> {
  return layoutText([await docxLines(bytes)], pageIndexes);
}

/** XLSX: each sheet from a new page, its rows as lines with the cells in aligned columns (exceljs). */
export async function parseXlsx(bytes: Uint8Array, pageIndexes?: readonly number[]): Promise<ParsedFile> {
  return layoutText(await xlsxSheets(bytes), pageIndexes);
}

/** A DOCX's paragraphs, one line each. */
export async function docxLines(bytes: Uint8Array): Promise<string[]> {
  requireUnpackable(bytes, 'DOCX');
  const { value } = await readWith('DOCX', () => mammoth.extractRawText({ buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) }));
  return value.split('\n');
}

/** An XLSX's sheets, each as its rows' lines. */
export async function xlsxSheets(bytes: Uint8Array): Promise<string[][]> {
  requireUnpackable(bytes, 'XLSX');
  const workbook = new ExcelJS.Workbook();
  await readWith('XLSX', () => workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ExcelJS.Buffer));
  return workbook.worksheets.map(sheetLines);
}

function sheetLines(sheet: ExcelJS.Worksheet): string[] {
  const rows: string[][] = [];
  sheet.eachRow((row) => rows.push(Array.from({ length: row.cellCount }, (_, i) => row.getCell(i + 1).text)));
  return alignedRows(rows);
}

/** A sheet's rows as lines, each cell's text on one line and padded to its column's width (at most MAX_COLUMN_CHARS). */
export function alignedRows(cells: readonly (readonly string[])[]): string[] {
  const rows = cells.map((row) => row.map((cell) => cell.replace(/\s+/g, ' ').trim()));
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.min(MAX_COLUMN_CHARS, Math.max(widths[i] ?? 0, Array.from(cell).length))));
  return rows.map((row) => row.map((cell, i) => cell + ' '.repeat(Math.max(0, widths[i]! - Array.from(cell).length) + 2)).join('').trimEnd());
}

/** Runs a reader of `kind` files; whatever it throws becomes a failure a clerk can read. */
export async function readWith<T>(kind: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw new ProcessingFailure(`The ${kind} document could not be read (damaged or not really a ${kind}): ${error instanceof Error ? error.message : String(error)}.`);
  }
}
