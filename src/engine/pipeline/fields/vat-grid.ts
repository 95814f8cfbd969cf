import { withoutEdgeNoise } from '../layout/edge-noise.js';
import { middleX, rowText, sliceSegment, type Segment, type VisualRow } from '../layout/segments.js';
import { codePointIndex } from '../document/text-match.js';
import { readingOrder, type Candidate } from './candidate.js';
import { placedCandidate, segmentCandidate } from './segment-candidate.js';
import { outsideOtherParties, partyBands, partyCandidates, type PartyBand } from './party-blocks.js';
import type { FieldRole } from '../words/role-vocabulary.js';
import { findAmounts, findCapitalAmount } from './value-parsers.js';
import { ticketValues, type TicketValues } from './travel-ticket.js';

// The head of a Chinese invoice (title, code, number, date) is above its grid; no more rows than this.
const HEAD_ROWS = 6;
const INVOICE_TITLE = /发票/u;
// 发票代码: 10 digits (专用发票) or 12 (普通发票), printed alone in the corner of a paper invoice.
const BARE_CODE = /^\d{10}(?:\d{2})?$/u;
// 发票号码 after the number sign, which OCR reads as "№", "No", "N" or "N0": 8 digits, 20 for a 数电 invoice.
const NUMBER_SIGN = /(?:^|\s)(?:№|N[oº°0]?\.?)\s*[:：]?\s*(\d{8}(?:\d{12})?)(?!\d)/u;
// 合计, or as a scan reads its 合 (口, 日).
const TOTALS_ROW = /^[合口日]计$/u;
const DECIMAL_MISREAD = /(\d)[:;](\d{2})(?!\d)/gu;
// ¥ as a scan may read it before the figures: Y, V.
const YUAN_MISREAD = /(?<!\p{L})[YV](?=\d)/gu;

/** An amount's text as a scan misread it, put back character for character (its length kept): a colon or semicolon before the cents is the point, a Y or V before the figures ¥. */
function figuresRead(text: string): string {
  return text.replace(DECIMAL_MISREAD, '$1.$2').replace(YUAN_MISREAD, '¥');
}

/** The 小写 amount, read as figuresRead puts it back, where it is the 大写 amount (only where the misreading hid it from the other readers). */
function misreadTotal(pageRows: readonly VisualRow[], p: number, capital: number): Candidate[] {
  return pageRows.flatMap((row, r) =>
    row.segments.flatMap((segment, s) => {
      const fixed = figuresRead(segment.text);
      if (fixed === segment.text || !/小写/u.test(rowText(row))) return [];
      return findAmounts(fixed)
        .filter((a) => Math.abs(a.value - capital) < 0.005)
        .flatMap((a) => {
          const cut = sliceSegment(segment, codePointIndex(segment.text, a.start), codePointIndex(segment.text, a.end));
          return cut ? [{ ...placedCandidate(cut, VAT_CONFIDENCE.capitalAgrees, readingOrder(p, r, s)), value: a.printed }] : [];
        });
    }),
  );
}

export const VAT_CONFIDENCE = { bareCode: 0.85, numberSign: 0.9, totalsRow: 0.95, capitalAgrees: 0.97, capitalDisagrees: 0.6, kindTitle: 0.95, remark: 0.9 } as const;
// A title that says the kind: 增值税专用发票, 电子发票（增值税专用发票）, 增值税电子普通发票, 电子发票（普通发票）.
const KIND_TITLE = /(?:专用|普通)发票/u;
// The 备注 label written down the left edge of its area, one character under the other.
const REMARK_LABEL = ['备', '注'] as const;

/** What the printed layout of a Chinese VAT invoice tells, read once per document. */
export interface VatGrid {
  rows: readonly VisualRow[][];
  bands: PartyBand[];
  code: Candidate[];
  number: Candidate[];
  subtotal: Candidate[];
  tax: Candidate[];
  /** Per page, the 大写 amount printed on it. */
  capital: Map<number, number>;
  /** A 数电票 ticket's values (the railway e-ticket, the air itinerary), by role. */
  ticket: TicketValues;
  /** The title that says the invoice's kind (专用发票, 普通发票). */
  kind: Candidate[];
  /** The text beside the 备注 label written down its edge. */
  remark: Candidate[];
  /** The 小写 amount a scan misread (its ¥ as a letter, its point as a colon) that the 大写 amount confirms. */
  total: Candidate[];
}

export function vatGridOf(rows: readonly VisualRow[][]): VatGrid {
  const grid: VatGrid = { rows, bands: partyBands(rows), code: [], number: [], subtotal: [], tax: [], capital: new Map(), ticket: ticketValues(rows), kind: [], remark: [], total: [] };
  rows.forEach((pageRows, p) => {
    if (isInvoicePage(pageRows)) headValues(pageRows, p, grid);
    grid.remark.push(...remarkBeside(pageRows, p));
    const capital = pageRows.map((row) => findCapitalAmount(rowText(row))).find((c) => c !== undefined);
    if (capital) grid.capital.set(p, capital.value);
    totalsRow(pageRows, p, grid);
    if (capital) grid.total.push(...misreadTotal(pageRows, p, capital.value));
  });
  return grid;
}

/** Candidates the grid gives a role: party block values, the bare code, the number after №, the 合计 row's amounts, a ticket's values. */
export function vatCandidates(role: FieldRole, grid: VatGrid): Candidate[] {
  switch (role) {
    case 'document_code':
      return grid.code;
    case 'document_number':
      return grid.number;
    case 'subtotal':
      return grid.subtotal;
    case 'tax':
      return grid.tax;
    case 'invoice_kind':
      return grid.kind;
    case 'remark':
      return grid.remark;
    case 'total':
      return [...grid.total, ...(grid.ticket.total ?? [])];
    default:
      return [...partyCandidates(role, grid.rows, grid.bands), ...(grid.ticket[role] ?? [])];
  }
}

/** Candidates as the grid corrects them: none from another party's block (the grid's, or `sections` of a commercial invoice); a total checked against the 大写 amount. */
export function vatChecked(role: FieldRole, grid: VatGrid, candidates: readonly Candidate[], sections: readonly PartyBand[] = []): Candidate[] {
  const kept = outsideOtherParties(role, [...grid.bands, ...sections], candidates);
  return role === 'total' ? kept.map((c) => checkedAgainstCapital(c, grid.capital.get(c.page))) : kept;
}

// 大写 and 小写 are the same amount written twice: agreeing makes the figure sure, disagreeing suspect.
function checkedAgainstCapital(candidate: Candidate, capital: number | undefined): Candidate {
  const printed = findAmounts(candidate.value).at(-1);
  if (capital === undefined || !printed) return candidate;
  const agrees = Math.abs(printed.value - capital) < 0.005;
  const confidence = agrees ? Math.max(candidate.confidence, VAT_CONFIDENCE.capitalAgrees) : candidate.confidence * VAT_CONFIDENCE.capitalDisagrees;
  return { ...candidate, confidence };
}

function isInvoicePage(pageRows: readonly VisualRow[]): boolean {
  return pageRows.slice(0, HEAD_ROWS).some((row) => INVOICE_TITLE.test(rowText(row)));
}

/** The unlabelled code, the number after № and the title saying the kind among the head rows of an invoice page. */
function headValues(pageRows: readonly VisualRow[], p: number, grid: VatGrid): void {
  pageRows.slice(0, HEAD_ROWS).forEach((row, r) =>
    row.segments.forEach((segment, s) => {
      const order = readingOrder(p, r, s);
      if (KIND_TITLE.test(segment.text)) grid.kind.push(placedCandidate(segment, VAT_CONFIDENCE.kindTitle, order));
      if (BARE_CODE.test(segment.text.trim())) grid.code.push(placedCandidate(segment, VAT_CONFIDENCE.bareCode, order));
      const sign = NUMBER_SIGN.exec(segment.text);
      if (!sign) return;
      const start = sign.index + sign[0].length - sign[1]!.length;
      const number = segmentCandidate(segment, start, start + sign[1]!.length, order, VAT_CONFIDENCE.numberSign);
      if (number) grid.number.push(number);
    }),
  );
}

/**
 * The 合计 row under the line items: its amounts are the invoice's 金额 and 税额, each told by the
 * column header it stands under (金额, 税额), else by order. A row of just two amounts that add up to
 * the 大写 total is that row too, whatever its label became on a scan ("口 计") or where it was set apart.
 */
function totalsRow(pageRows: readonly VisualRow[], p: number, grid: VatGrid): void {
  pageRows.forEach((row, r) => {
    // A scan's colon or semicolon for the point before the cents ("¥33169:29"), read as the point (the text keeps its length).
    const amounts = row.segments.flatMap((segment, s) => findAmounts(figuresRead(segment.text)).flatMap((a) => {
      const cut = sliceSegment(segment, codePointIndex(segment.text, a.start), codePointIndex(segment.text, a.end));
      return cut ? [{ cut, s, printed: a.printed, value: a.value }] : [];
    }));
    if (amounts.length === 0) return;
    // Specks a scan reads as punctuation beside the label ("计 .") are no part of it.
    const lead = row.segments.slice(0, amounts[0]!.s).map((seg) => seg.text).join('').replace(/[\s.·:：,，;；]/gu, '');
    const addsUp = amounts.length === 2 && Math.abs(amounts[0]!.value + amounts[1]!.value - (grid.capital.get(p) ?? Number.NaN)) < 0.005;
    if (!TOTALS_ROW.test(lead) && !addsUp) return;
    const header = columnHeader(pageRows.slice(0, r));
    amounts.forEach((a, i) => {
      const column = header ? columnOf(a.cut, header) : i === 0 ? 'subtotal' : i === amounts.length - 1 ? 'tax' : undefined;
      if (column) grid[column].push({ ...placedCandidate(a.cut, VAT_CONFIDENCE.totalsRow, readingOrder(p, r, a.s)), value: a.printed });
    });
  });
}

/**
 * The remark: the text right of the 备注 label written down its area's edge (备 over 注), on the rows
 * from 备's to 注's, joined; nothing where the area is empty.
 */
function remarkBeside(pageRows: readonly VisualRow[], p: number): Candidate[] {
  const placed = pageRows.flatMap((row, r) => row.segments.map((segment, s) => ({ segment, r, s })));
  const first = placed.find(({ segment }) => segment.text.trim() === REMARK_LABEL[0]);
  // 注 under 备: on a later row, or on the same one where a block's rows beside them were taken for one.
  const second = first && placed.find(({ segment, r }) => r >= first.r && segment.top >= first.segment.bottom - (segment.bottom - segment.top) / 2 && segment.text.trim() === REMARK_LABEL[1] && Math.abs(segment.left - first.segment.left) < segment.bottom - segment.top);
  if (!first || !second) return [];
  const left = Math.max(first.segment.right, second.segment.right);
  // A printer off its boxes sets the remark up to a text height above 备 or below 注: the row there is
  // the area's when nothing but a label character stands left of it (the 价税合计 row above a 数电票's is not).
  const height = first.segment.bottom - first.segment.top;
  const inArea = (r: number) => {
    if (r >= first.r && r <= second.r) return true;
    const row = pageRows[r];
    const near = r === first.r - 1 ? first.segment.top - (row?.bottom ?? -Infinity) : r === second.r + 1 ? (row?.top ?? Infinity) - second.segment.bottom : Infinity;
    return near <= height && row!.segments.every((seg) => seg.left > left || Array.from(seg.text.trim()).length <= 1);
  };
  // A speck a scan read as punctuation in an empty area is no remark.
  const beside = placed.filter(({ segment, r }) => inArea(r) && segment.left > left).flatMap((b) => {
    const kept = withoutEdgeNoise(b.segment);
    return kept ? [{ ...b, segment: kept }] : [];
  });
  if (beside.length === 0) return [];
  const value = beside.map(({ segment }) => segment.text.trim()).join(' ');
  return [{ value, page: p, boxes: beside.flatMap(({ segment }) => segment.boxes), confidence: VAT_CONFIDENCE.remark, labelLength: REMARK_LABEL.length, order: readingOrder(p, beside[0]!.r, beside[0]!.s) }];
}


type ColumnHeader = { subtotal: Segment; tax: Segment };

/** The nearest row above that names both the 金额 and the 税额 columns. */
function columnHeader(above: readonly VisualRow[]): ColumnHeader | undefined {
  for (const row of [...above].reverse()) {
    const cell = (name: string) => row.segments.find((s) => s.text.replace(/\s/gu, '') === name);
    const [subtotal, tax] = [cell('金额'), cell('税额')];
    if (subtotal && tax) return { subtotal, tax };
  }
  return undefined;
}

function columnOf(value: Segment, header: ColumnHeader): 'subtotal' | 'tax' {
  const overlap = (h: Segment) => Math.min(h.right, value.right) - Math.max(h.left, value.left);
  const best = (['subtotal', 'tax'] as const).map((k) => ({ k, o: overlap(header[k]) })).sort((a, b) => b.o - a.o)[0]!;
  if (best.o > 0) return best.k;
  // A head centred over a wide column and its figures set right clear of it: the nearer head's column.
  const distance = (h: Segment) => Math.abs(middleX(h) - middleX(value));
  return distance(header.subtotal) <= distance(header.tax) ? 'subtotal' : 'tax';
}

