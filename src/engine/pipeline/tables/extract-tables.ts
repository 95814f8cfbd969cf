import type { ExtractedTable, TableCell } from '../../../shared/api/index.js';
import type { SlashOrder } from '../../../shared/text/datetime.js';
import { documentSlashOrder } from '../fields/date-order.js';
import type { FieldSpec } from '../document/field-spec.js';
import { withoutEdgeNoise } from '../layout/edge-noise.js';
import { rowsOf, type VisualRow } from '../layout/segments.js';
import { unionOf, verticesOf } from '../layout/box.js';
import type { ParsedFile } from '../document/parsed-document.js';
import { applyTransforms, MISMATCH_CONFIDENCE_FACTOR } from '../transforms/apply-transforms.js';
import { readBody, type BodyRow, type CellText } from './body.js';
import { cellNumber, closedNumber, decimalMarkOf } from './cell-number.js';
import { NUMERIC_ROLES, roleOfColumn } from './column-roles.js';
import { hasCategory, withCategoryStars } from './item-category.js';
import { columnOf, headerAt, type Column, type Header, type TableColumns } from './header.js';
import { rowFactors, type RoleTexts } from './row-checks.js';
import { repairedRow } from './row-repair.js';
import { MIN_PATTERN_ROWS, patternTables } from './row-pattern.js';
import { isPageFooter } from './row-kinds.js';

type ParsedDocument = ParsedFile['document'];

/** A table as the extractor sees it: configured on the category (tableType 0) or asked for by extract_fields (1). */
export interface TableSpec {
  name: string;
  columns: FieldSpec[];
  collectFromMultiTable: boolean;
  configModel: string;
  tableType: '0' | '1';
}

export interface TableExtraction {
  table: ExtractedTable;
  /** Rows the table took, as "page:row": field values are not read across them. */
  usedRows: string[];
}

/** One occurrence of the table in the document; with apply_merge it may run over several pages. */
interface Occurrence {
  columns: Column[];
  rows: (BodyRow & { page: number })[];
  used: string[];
  open: boolean;
  /** Its last item, when the page ended inside its description. */
  openItem: BodyRow | undefined;
  /** Figures printed in the rows under the table (its totals), for the row checks. */
  totals: string[];
}

// On a following page, a continued table's repeated header is looked for this far from the top.
const CONTINUATION_SCAN_ROWS = 5;
// A cell cut out of a wider segment is less certain than a cell that was a segment of its own.
const SPLIT_CELL = 0.8;
// The totals of a table are printed within this many rows under it.
const TOTALS_ROWS = 8;
// A cell put back by its row's checks (row-repair.ts) is an inference from the other cells: surer than the misread, less than a clean read.
const REPAIRED_CELL = 0.9;

/** Configured Auto runs the fast general model, as the published service reports it. */
export function modelUsed(configModel: string): string {
  return configModel === 'Auto' ? 'Acgpt' : configModel;
}

export function extractTable(document: ParsedDocument, spec: TableSpec, options: { applyMerge: boolean }): TableExtraction {
  const table: TableColumns = { specs: spec.columns, roles: spec.columns.map(roleOfColumn) };
  const occurrences = findOccurrences(rowsOf(document), table, options.applyMerge);
  const chosen = spec.collectFromMultiTable ? occurrences : occurrences.slice(0, 1);
  const angles = document.pages.map((p) => p.angle);
  const slashes = documentSlashOrder(rowsOf(document));
  let index = 0;
  const items = chosen.flatMap((o) => {
    const texts = o.rows.map((row) => roleTexts(row, o.columns));
    const mark = decimalMarkOf(texts.flatMap((t) => [t.line_amount ?? '', t.unit_price ?? '']));
    const closed = texts.map(numbersClosed);
    const balances = balancesOf(closed, o.totals, mark);
    // A row's lost quantity may be put back only in a table that prints quantities.
    const quantities = closed.some((t) => t.quantity !== undefined);
    const repairs = closed.map((t, i) => repairedRow(t, mark, balances[i], quantities));
    const factors = rowFactors(texts.map((t, i) => ({ ...t, ...repairs[i] })), o.totals);
    // A 数电票's items each carry their *类别*: where one does, one that lost both stars gets them back.
    const categorised = texts.some((t) => t.description !== undefined && hasCategory(t.description));
    return o.rows.map((row, i) => cellRecords(row, o.columns, table, { angle: angles[row.page] ?? 0, index: index++, factor: factors[i]!, repairs: repairs[i]!, categorised, slashes }));
  });
  return {
    table: { tableName: spec.name, tableType: spec.tableType, extractModel: modelUsed(spec.configModel), configModel: spec.configModel, items },
    usedRows: chosen.flatMap((o) => o.used),
  };
}

function findOccurrences(rows: readonly VisualRow[][], table: TableColumns, applyMerge: boolean): Occurrence[] {
  const found: Occurrence[] = [];
  rows.forEach((pageRows, page) => {
    const headers = new Map<number, Header | undefined>();
    const headerOf = (r: number) => {
      if (!headers.has(r)) headers.set(r, headerAt(pageRows, r, table));
      return headers.get(r);
    };
    const isHeader = (r: number) => headerOf(r) !== undefined;
    const last = found[found.length - 1];
    let r = 0;
    if (last?.open) {
      r = applyMerge ? continueOnPage(last, pageRows, page, headerOf, isHeader) : 0;
      if (r === 0) last.open = false;
    }
    for (; r < pageRows.length; r++) {
      const header = headerOf(r);
      if (!header) continue;
      const from = Math.max(...header.rows) + 1;
      const body = readBody(pageRows, from, header.columns, isHeader);
      found.push({
        columns: header.columns,
        rows: body.rows.map((row) => ({ ...row, page })),
        used: [...header.rows, ...body.used].map((u) => `${page}:${u}`),
        open: body.reachedPageEnd,
        openItem: body.openItem,
        totals: totalsUnder(pageRows, body.used),
      });
      r = Math.max(from, ...body.used);
    }
  });
  const withRows = found.filter((o) => o.rows.length > 0);
  return withRows.length > 0 ? withRows : patternOccurrences(rows, table);
}

/** With no header naming the table's columns anywhere, the runs of rows that end in an amount (receipts, plain letters). */
function patternOccurrences(rows: readonly VisualRow[][], table: TableColumns): Occurrence[] {
  if (!table.roles.includes('line_amount') && !table.roles.includes('description')) return [];
  return rows.flatMap((pageRows, page) =>
    patternTables(pageRows).flatMap(({ start, columns }) => {
      const body = readBody(pageRows, start, columns, () => false);
      const occurrence = { columns, rows: body.rows.map((row) => ({ ...row, page })), used: body.used.map((u) => `${page}:${u}`), open: false, openItem: undefined, totals: totalsUnder(pageRows, body.used) };
      // A pattern is rows that repeat: one row alone (a totals line) is none.
      return occurrence.rows.length >= MIN_PATTERN_ROWS ? [occurrence] : [];
    }),
  );
}

/** The figures of the rows printed under a table's last row. */
function totalsUnder(rows: readonly VisualRow[], used: readonly number[]): string[] {
  const after = used.length > 0 ? Math.max(...used) + 1 : rows.length;
  return rows.slice(after, after + TOTALS_ROWS).flatMap((row) => row.segments.map((s) => s.text).filter((t) => /\d/u.test(t)));
}

/**
 * The rows a table open at the end of the previous page has at the top of this one, under a repeated
 * header or straight away (there, first the rest of a description cut by the page break); answers the
 * row to go on scanning from (0 when it does not go on).
 */
function continueOnPage(open: Occurrence, rows: readonly VisualRow[], page: number, headerOf: (r: number) => Header | undefined, isHeader: (r: number) => boolean): number {
  const roles = (columns: readonly Column[]) => columns.filter((c) => c.role !== undefined || c.field >= 0).map((c) => `${c.field}:${c.role}`).join(',');
  const repeated = rows.slice(0, CONTINUATION_SCAN_ROWS).findIndex((_, r) => {
    const header = headerOf(r);
    return header !== undefined && roles(header.columns) === roles(open.columns);
  });
  const columns = repeated >= 0 ? headerOf(repeated)!.columns : open.columns;
  const start = repeated >= 0 ? Math.max(...headerOf(repeated)!.rows) + 1 : rows.findIndex((row) => !isPageFooter(row));
  if (start < 0) return 0;
  const body = readBody(rows, start, columns, isHeader, repeated >= 0 ? undefined : open.openItem);
  if (body.rows.length === 0 && !body.carriedOn) return 0;
  open.rows.push(...body.rows.map((row) => ({ ...row, page })));
  open.used.push(...[...(repeated >= 0 ? headerOf(repeated)!.rows : []), ...body.used].map((u) => `${page}:${u}`));
  open.open = body.reachedPageEnd;
  open.openItem = body.openItem;
  open.totals = totalsUnder(rows, body.used);
  return Math.max(...body.used) + 1;
}

/** A cell without the punctuation noise of a scan at its edges (a cell of noise alone is empty). */
function cleaned(cell: CellText): CellText {
  const last = cell.pieces.length - 1;
  return { ...cell, pieces: cell.pieces.flatMap((p, i) => withoutEdgeNoise(p, { start: i === 0, end: i === last }) ?? []) };
}

/** The text of each role's cell in a row, as the row checks read it. */
function roleTexts(row: BodyRow, columns: readonly Column[]): RoleTexts {
  const texts: RoleTexts = {};
  columns.forEach((c, i) => {
    const text = row.cells[i]!.pieces.map((p) => p.text).join(' ');
    if (c.role !== undefined && text !== '') texts[c.role] = text;
  });
  return texts;
}

/** Per row, the amounts the figures printed under the table leave for it: each total less the other rows' amounts (none where another row has no amount). */
function balancesOf(rows: readonly RoleTexts[], totals: readonly string[], mark: ',' | '.' | undefined): number[][] {
  const amounts = rows.map((r) => (r.line_amount === undefined ? undefined : cellNumber(r.line_amount, mark)));
  const printed = totals.map((t) => cellNumber(closedNumber(t), mark)).filter((t) => t !== undefined);
  return rows.map((_, i) => {
    const others = amounts.filter((_, j) => j !== i);
    if (others.some((a) => a === undefined)) return [];
    const sum = others.reduce<number>((s, a) => s + a!, 0);
    return printed.map((t) => Math.round((t! - sum) * 100) / 100);
  });
}

/** A row's number cells written whole again as a scan split or specked them (closedNumber). */
function numbersClosed(texts: RoleTexts): RoleTexts {
  return Object.fromEntries(Object.entries(texts).map(([role, text]) => [role, NUMERIC_ROLES.has(role as keyof RoleTexts) ? closedNumber(text) : text]));
}

/** What a row's cells are written with beyond its columns: the page's angle, the row's index, checks and repairs, and the document's ways. */
interface RowWriting {
  angle: number;
  index: number;
  factor: number;
  repairs: RoleTexts;
  categorised: boolean;
  slashes: SlashOrder;
}

/** One cell per configured column, in the configured order; a column the row leaves empty has an empty value; a cell its row's checks put back has the figure they give. */
function cellRecords(row: BodyRow, columns: readonly Column[], table: TableColumns, { angle, index, factor, repairs, categorised, slashes }: RowWriting): TableCell[] {
  return table.specs.map((spec, field) => {
    const column = columnOf(columns, table, field);
    const at = column ? columns.indexOf(column) : -1;
    const cell = cleaned(at >= 0 ? row.cells[at]! : { pieces: [], split: false });
    const text = cell.pieces.map((p) => p.text).join(' ');
    const repaired = column?.role === undefined ? undefined : repairs[column.role];
    const raw = repaired ?? (column?.role !== undefined && NUMERIC_ROLES.has(column.role) ? closedNumber(text) : column?.role === 'description' ? withCategoryStars(text, categorised) : text);
    const { value, fits } = applyTransforms(raw, spec.transforms, slashes);
    const found = cell.pieces.length > 0;
    // A figure put back where nothing was read (a lost quantity) has the column's doubt and the repair's, and no place.
    const confidence = found || repaired !== undefined ? columns[at]!.confidence * (cell.split ? SPLIT_CELL : 1) * (fits ? 1 : MISMATCH_CONFIDENCE_FACTOR) * (repaired === undefined ? 1 : REPAIRED_CELL) * factor : 0;
    return {
      key: spec.key,
      identifier: spec.identifier,
      value,
      textInLines: cell.pieces.map((p) => ({ angle: String(angle), pos: verticesOf(unionOf(p.boxes)), page: p.page, text: p.text, char_pos: p.boxes.map(verticesOf) })),
      position: found ? [{ page: cell.pieces[0]!.page, vertices: verticesOf(unionOf(cell.pieces.flatMap((p) => p.boxes))) }] : [],
      index,
      confidence: Math.round(confidence * 1000) / 1000,
    };
  });
}
