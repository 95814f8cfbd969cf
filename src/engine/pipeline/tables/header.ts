import type { FieldSpec, LabelKind } from '../document/field-spec.js';
import { rowHeight, rowText, sliceSegment, type Segment, type VisualRow } from '../layout/segments.js';
import { codePointIndex, findTerm } from '../document/text-match.js';
import type { ColumnRole } from '../words/column-role.js';
import { COLUMN_HEADS } from '../words/role-vocabulary.js';
import { headerKey, rolesInText } from './column-roles.js';

/** A column of a detected table: what it holds (a role, a configured field by index, or neither) and where it is. */
export interface Column {
  /** The configured field whose own name or alias the header prints, else -1. */
  field: number;
  role: ColumnRole | undefined;
  left: number;
  right: number;
  /** How the header named it: the field's name is surer than an alias, an alias surer than a word of the role. */
  confidence: number;
}

export interface Header {
  page: number;
  /** The header's rows on its page (two or three for a header printed over several lines). */
  rows: number[];
  columns: Column[];
}

/** The configured columns of a table with the role each plays. */
export interface TableColumns {
  specs: readonly FieldSpec[];
  roles: readonly (ColumnRole | undefined)[];
}

// Header cells are mostly column names: a prose line that mentions two of them is not a header.
const MIN_LABEL_SHARE = 0.5;
// A header line's piece over several columns is their names with little else ("Art-Nr-Kunde Artikelbezeichnung": 0.82); a prose line naming them is not (0.6).
const NAMES_ACROSS_SHARE = 0.75;
const HEADER_CONFIDENCE: Record<LabelKind | 'role', number> = { name: 0.95, alias: 0.9, role: 0.85, prompt: 0.8 };
// A header line continued on the line above or below sits this close to it (in text heights).
const MAX_HEADER_LINE_GAP = 0.6;
// A header is printed over at most this many lines ("Positions-" / "betrag" / "ohne" / "USt.").
const MAX_HEADER_LINES = 5;

interface CellName {
  field: number;
  role: ColumnRole | undefined;
  segment: number;
  start: number;
  end: number;
  length: number;
  confidence: number;
}

/**
 * The table header starting at row `r`: a row whose cells are mostly column names, naming the
 * description and at least one other configured column (or two configured columns when the table
 * asks no description), with the name lines printed just above or below it merged in.
 */
export function headerAt(rows: readonly VisualRow[], r: number, table: TableColumns): Header | undefined {
  const row = rows[r]!;
  const names = namesOf(row, table);
  // A header's names stand in cells of their own: a sentence naming two columns is one run of text.
  if (new Set(names.map((n) => n.segment)).size < 2 || !mostlyNames(row, names)) return undefined;
  let columns = cellsOf(row, names);
  const used = [r];
  for (const step of [-1, 1]) {
    for (let n = r + step, last = row; rows[n] && used.length <= MAX_HEADER_LINES; n += step) {
      const other = rows[n]!;
      if (!isNameLine(other, columns, table) || gapBetween(last, other) > MAX_HEADER_LINE_GAP * rowHeight(row)) break;
      columns = merged(columns, cellsOf(other, namesOf(other, table)), step < 0);
      used.push(n);
      last = other;
    }
  }
  const distinct = withDistinctRoles(withMisreadDescription(columns, table));
  if (!namesTable(distinct, table)) return undefined;
  return { page: row.page, rows: used.sort((a, b) => a - b), columns: distinct };
}

/** A row that heads a table of any kind (taxes, charges, payment terms): the line items end there. */
export function headsSomeTable(row: VisualRow): boolean {
  const names = namesOf(row, { specs: [], roles: [] });
  return new Set(names.map((n) => n.role)).size >= 2 && new Set(names.map((n) => n.segment)).size >= 2 && mostlyNames(row, names);
}

function namesTable(columns: readonly Column[], table: TableColumns): boolean {
  const asked = table.specs.map((_, i) => columnOf(columns, table, i)).filter((c) => c !== undefined);
  if (new Set(asked).size < Math.min(2, table.specs.length)) return false;
  const wantsDescription = table.roles.includes('description');
  return !wantsDescription || columns.some((c) => c.role === 'description');
}

/** The column holding configured field `field`: the one printed with its own name, else the one of its role. */
export function columnOf(columns: readonly Column[], table: TableColumns, field: number): Column | undefined {
  const role = table.roles[field];
  return columns.find((c) => c.field === field) ?? (role ? columns.find((c) => c.role === role && c.field < 0) : undefined);
}

function gapBetween(a: VisualRow, b: VisualRow): number {
  return Math.max(0, Math.max(a.top, b.top) - Math.min(a.bottom, b.bottom));
}

/**
 * A line of column names holds no figures and no "label: value" ("Einzel-" over "preis", "Betrag" over
 * "EUR"); each of its cells is over or under one header cell (a sentence spans several), or a column
 * name of its own, or is mostly names, as many as the columns it spans (a scan read "Art-Nr-Kunde
 * Artikelbezeichnung" as one).
 */
function isNameLine(row: VisualRow, columns: readonly Column[], table: TableColumns): boolean {
  if (/[\d:：]/u.test(rowText(row))) return false;
  const names = namesOf(row, table);
  return row.segments.every((s, i) => {
    const under = columns.filter((c) => Math.min(c.right, s.right) > Math.max(c.left, s.left)).length;
    const named = names.filter((n) => n.segment === i);
    const allNames = named.reduce((n, m) => n + m.length, 0) / Math.max(1, headerKey(s.text).length) >= NAMES_ACROSS_SHARE;
    return (under <= 1 && (under === 1 || named.length > 0)) || (named.length >= under && allNames);
  });
}

function mostlyNames(row: VisualRow, names: readonly CellName[]): boolean {
  const ink = headerKey(rowText(row)).length;
  const named = names.reduce((n, m) => n + m.length, 0);
  if (named / Math.max(1, ink) >= MIN_LABEL_SHARE) return true;
  // A grid's header also names columns nobody asked for with long names (货物或应税劳务、服务名称): it is
  // still a header when most of its cells are, each nearly whole, names.
  const cells = row.segments.filter((segment, s) => names.some((m) => m.segment === s && m.length / Math.max(1, headerKey(segment.text).length) >= MIN_LABEL_SHARE));
  return cells.length >= 3 && cells.length / row.segments.length >= MIN_LABEL_SHARE;
}

/**
 * The column names of a row: a configured field's own name or alias, or a word of a role; longest
 * first, none overlapping ("Tax rate" takes its cell before "Tax" could).
 */
function namesOf(row: VisualRow, table: TableColumns): CellName[] {
  const all: CellName[] = [];
  row.segments.forEach((segment, s) => {
    table.specs.forEach((spec, field) =>
      spec.labels.forEach((label) =>
        findTerm(segment.text, label.text).forEach((m) =>
          all.push({ field, role: table.roles[field], segment: s, start: m.start, end: m.end, length: headerKey(label.text).length, confidence: HEADER_CONFIDENCE[label.kind] }),
        ),
      ),
    );
    rolesInText(segment.text).forEach((m) => all.push({ field: -1, role: m.role, segment: s, start: m.start, end: m.end, length: m.length, confidence: HEADER_CONFIDENCE.role }));
  });
  const taken: CellName[] = [];
  for (const m of all.sort((a, b) => b.length - a.length || b.confidence - a.confidence)) {
    const clash = taken.some((t) => (t.field >= 0 && t.field === m.field) || (t.segment === m.segment && t.start < m.end && m.start < t.end));
    if (!clash) taken.push(m);
  }
  return taken;
}

type NamedColumn = Column & { text: string };

/**
 * A segment with one name is that column's cell; a segment with several is cut between them; the rest
 * are columns of no role, but for specks a scan read as punctuation between the names (". ."): no
 * column, or the figures standing under them would be taken from the column they belong to.
 */
function cellsOf(row: VisualRow, names: readonly CellName[]): NamedColumn[] {
  const columns: NamedColumn[] = [];
  row.segments.forEach((segment, s) => {
    const inSegment = names.filter((m) => m.segment === s).sort((a, b) => a.start - b.start);
    if (inSegment.length === 0 && headerKey(segment.text) === '') return;
    if (inSegment.length === 0) return void columns.push(column(segment, { field: -1, role: undefined, confidence: 0 }));
    inSegment.forEach((m, i) => {
      const from = i === 0 ? 0 : codePointIndex(segment.text, m.start);
      const to = i === inSegment.length - 1 ? Array.from(segment.text).length : codePointIndex(segment.text, inSegment[i + 1]!.start);
      const cell = sliceSegment(segment, from, to);
      if (cell) columns.push(column(cell, m));
    });
  });
  return columns.sort((a, b) => a.left - b.left);
}

function column(segment: Segment, name: Pick<CellName, 'field' | 'role' | 'confidence'>): NamedColumn {
  return { field: name.field, role: name.role, left: segment.left, right: segment.right, confidence: name.confidence, text: segment.text };
}

/**
 * A header line above or below merged into the header: a cell over or under a column completes its
 * name ("Unit" over "Price", "Einzel-" over "preis"), and names the column when the header row did not;
 * a cell beside every column is a column of its own.
 */
function merged(columns: readonly NamedColumn[], other: readonly NamedColumn[], above: boolean): NamedColumn[] {
  const result = columns.map((c) => ({ ...c }));
  for (const cell of other) {
    const under = result.map((c) => ({ c, overlap: Math.min(c.right, cell.right) - Math.max(c.left, cell.left) })).sort((a, b) => b.overlap - a.overlap)[0];
    if (!under || under.overlap <= 0) {
      result.push(cell);
      continue;
    }
    const target = under.c;
    const [upper, lower] = above ? [cell.text, target.text] : [target.text, cell.text];
    // "Einzel-" over "preis" is one word.
    const text = /-$/u.test(upper.trim()) ? `${upper.trim()}${lower}` : `${upper} ${lower}`;
    const head = [...rolesInText(text)].sort((a, b) => b.length - a.length)[0];
    if (head && target.field < 0) Object.assign(target, { role: head.role, confidence: Math.max(target.confidence, HEADER_CONFIDENCE.role) });
    else if (target.role === undefined && target.field < 0) Object.assign(target, { role: cell.role, field: cell.field, confidence: cell.confidence });
    Object.assign(target, { text, left: Math.min(target.left, cell.left), right: Math.max(target.right, cell.right) });
  }
  return result.sort((a, b) => a.left - b.left);
}

// A description head this long may be read with one character lost or wrong ("项目名" for "项目名称").
const MIN_LOOSE_HEAD = 4;
const DESCRIPTION_HEADS = [...new Set(COLUMN_HEADS.description.map((h) => Array.from(headerKey(h))).filter((h) => h.length >= MIN_LOOSE_HEAD).map((h) => h.join('')))].map((h) => Array.from(h));
const LOOSE_HEAD = 0.9;

/** Two keys one character apart: one lost ("项目名" for "项目名称") or read wrong. */
function oneApart(read: readonly string[], head: readonly string[]): boolean {
  if (read.length === head.length) return read.filter((ch, i) => ch !== head[i]).length <= 1;
  if (read.length !== head.length - 1) return false;
  return head.some((_, skip) => head.filter((__, i) => i !== skip).every((ch, i) => ch === read[i]));
}

/**
 * A table that asks for descriptions and whose header names none: a column of no role whose name is a
 * description head with one character lost or misread (a scan's "项目名") is the description column.
 */
function withMisreadDescription(columns: NamedColumn[], table: TableColumns): NamedColumn[] {
  if (!table.roles.includes('description') || columns.some((c) => c.role === 'description')) return columns;
  const at = columns.findIndex((c) => c.role === undefined && c.field < 0 && DESCRIPTION_HEADS.some((h) => oneApart(Array.from(headerKey(c.text)), h)));
  return at < 0 ? columns : columns.map((c, i) => (i === at ? { ...c, role: 'description', confidence: HEADER_CONFIDENCE.role * LOOSE_HEAD } : c));
}

// Two columns of one role (a net and a gross price): the first keeps it.
function withDistinctRoles(columns: readonly NamedColumn[]): Column[] {
  const seen = new Set<ColumnRole>();
  return columns.map(({ text: _text, ...c }) => {
    if (c.role === undefined || c.field >= 0) return c;
    if (seen.has(c.role)) return { ...c, role: undefined };
    seen.add(c.role);
    return c;
  });
}
