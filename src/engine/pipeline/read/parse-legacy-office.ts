import * as XLSX from '@e965/xlsx';
import WordExtractor from 'word-extractor';
import { alignedRows, docxLines, readWith, xlsxSheets } from './parse-office.js';
import { layoutText } from './parse-text.js';
import { ProcessingFailure, type ParsedFile } from '../document/parsed-document.js';

/** Word 97-2003 and Excel 97-2003 files are OLE compound files; these bytes open every one. */
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
/** A zip: a DOCX or XLSX given the old extension, as some mail systems and users rename them. */
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

const startsWith = (bytes: Uint8Array, magic: readonly number[]) => magic.every((byte, i) => bytes[i] === byte);

/** DOC (Word 97-2003): its paragraphs read as a DOCX's are, so both give the same page (word-extractor). */
export async function parseDoc(bytes: Uint8Array, pageIndexes?: readonly number[]): Promise<ParsedFile> {
  return layoutText([await docLines(bytes)], pageIndexes);
}

/** XLS (Excel 97-2003): each sheet from a new page, its rows in aligned columns, as an XLSX's (SheetJS). */
export async function parseXls(bytes: Uint8Array, pageIndexes?: readonly number[]): Promise<ParsedFile> {
  return layoutText(await xlsSheets(bytes), pageIndexes);
}

// word-extractor's types lag its code: getBody takes options, and filterUnicode (on by default) turns
// curly quotes and dashes into ASCII, which a DOCX's reader keeps.
type BodyReader = { getBody(options: { filterUnicode: boolean }): string };

/** A DOC's paragraphs as docxLines gives a DOCX's: each paragraph and each table cell a line, then a blank line. */
export async function docLines(bytes: Uint8Array): Promise<string[]> {
  if (startsWith(bytes, ZIP_MAGIC)) return docxLines(bytes);
  requireOle(bytes, 'DOC', 'Word 97-2003');
  const document = await readWith('DOC', () => new WordExtractor().extract(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)));
  const body = (document as unknown as BodyReader).getBody({ filterUnicode: false });
  // word-extractor ends every table cell with a tab, so a row is a line ending in one.
  const blocks = body.replace(/\n$/, '').split('\n').flatMap((line) => (line.endsWith('\t') ? line.slice(0, -1).split('\t') : [line]));
  return blocks.map((block) => `${block}\n\n`).join('').split('\n');
}

/** An XLS's sheets, each as its rows' lines; a cell's text as the XLSX reader gives it (its value, unformatted). */
export async function xlsSheets(bytes: Uint8Array): Promise<string[][]> {
  if (startsWith(bytes, ZIP_MAGIC)) return xlsxSheets(bytes);
  requireOle(bytes, 'XLS', 'Excel 97-2003');
  const workbook = await readWith('XLS', async () => XLSX.read(bytes, { type: 'array', dense: true, cellDates: true, UTC: true, cellFormula: false, cellHTML: false, cellNF: false, cellStyles: false, bookVBA: false }));
  return workbook.SheetNames.map((name) => alignedRows(sheetRows(workbook.Sheets[name]!)));
}

/** The rows that hold a value, each up to its last cell, empty cells as ''. */
function sheetRows(sheet: XLSX.WorkSheet): string[][] {
  const rows: string[][] = [];
  for (const row of sheet['!data'] ?? []) {
    const texts = Array.from(row ?? [], cellText);
    const last = texts.findLastIndex((text) => text !== '');
    if (last >= 0) rows.push(texts.slice(0, last + 1));
  }
  return rows;
}

/** The text exceljs gives the same cell of an XLSX: the value as JavaScript prints it, an error's code. */
function cellText(cell: XLSX.CellObject | undefined): string {
  if (cell === undefined || cell.v === undefined || cell.t === 'z') return '';
  if (cell.t === 'e') return cell.w ?? '';
  return String(cell.v);
}

function requireOle(bytes: Uint8Array, kind: string, name: string): void {
  if (!startsWith(bytes, OLE_MAGIC)) throw new ProcessingFailure(`This is not a readable ${kind} file: it does not start as a ${name} document does (damaged, or another kind of file renamed). Open it in its program and save it as ${kind}X or PDF.`);
}
