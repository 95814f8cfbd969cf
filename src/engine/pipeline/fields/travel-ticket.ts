import { withoutEdgeNoise } from '../layout/edge-noise.js';
import { repairedUscc } from '../../../shared/invoice/tax-id.js';
import { rowHeight, rowText, sliceSegment, type Segment, type VisualRow } from '../layout/segments.js';
import { codePointIndex } from '../document/text-match.js';
import { readingOrder, type Candidate } from './candidate.js';
import { placedCandidate } from './segment-candidate.js';
import type { FieldRole } from '../words/role-vocabulary.js';
import { narrowToType } from './typed-value-text.js';
import { findAmounts, findDates } from './value-parsers.js';

/**
 * The two ticket variants of the 数电票 (issue 33), read as layouts: the railway e-ticket
 * (电子发票（铁路电子客票）) prints most of its values without labels, each told by its shape and
 * place (the train between the stations, the day of departure before its time and 开, the seat class
 * beside them, the passenger's masked ID number with the name after it); the air itinerary
 * (电子发票（航空运输电子客票行程单）) prints the flight and its sums under column heads. Both print
 * the buyer's name and code on one line.
 */
export type TicketValues = Partial<Record<FieldRole, Candidate[]>>;

// A masked ID number read by its shape (stars put back to its 18 characters), or a code whose misread
// letters were put back, is surer than the same text read raw after its label.
export const TICKET_CONFIDENCE = { labelled: 0.95, shaped: 0.93, maskedId: 0.96, repaired: 0.96, column: 0.93, fareAsTotal: 0.9 } as const;

const RAIL_TITLE = /铁路电子客票|铁路客票/u;
const RAIL_MARKS = /12306|95306/u;
const AIR_TITLE = /航空运输|客票行程单|民航发展基金/u;
// Each ticket's own label: the railway's 电子客票号, the itinerary's 电子客票号码.
const E_TICKET = /电子客票号/u;

// The departure: a time and 开 ("17:02开"), the day before it.
const DEPARTURE = /(\d{1,2})\s*[:：]\s*(\d{2})\s*开/u;
// A train: G, D, C (high speed), Z, T, K (the older expresses), Y, S, L, or a bare number of four digits.
const TRAIN = /(?<![\p{L}\p{N}])(?:[GDCZTKYSL]\d{1,4}|\d{4})(?![\p{L}\p{N}])/gu;
// Seat classes as 12306 sells them, longest first.
const SEAT_CLASSES = ['高级软卧', '新空调硬座', '商务座', '特等座', '一等座', '二等座', '一等卧', '二等卧', '动卧', '软卧', '硬卧', '软座', '硬座', '无座'];
// An ID number masked as a ticket prints it ("1101011990****1234", "110101********123X"), as a scan
// reads it (a speck or a space among its digits or stars: "110.1011983****9725", "4403051984* * * *6777");
// a name may follow.
const MASKED = /([0-9A-Z][0-9A-Z.· ]{1,14}?)((?:\*\s*)+)([0-9A-Z]{1,6})(?:\s*([\p{Script=Han}·]{2,8}))?/u;
// A resident ID number has 18 characters: the first 6 or 10 and the last 4 are printed, stars stand for the rest.
const RESIDENT_ID = { length: 18, kept: [6, 10], tail: 4 } as const;
const NAME_ONLY = /^[\p{Script=Han}·]{2,8}$/u;
const BUYER_CODE = /统一社会信用代码(?:\/纳税人识别号)?\s*[:：]?/u;

const FLIGHT_HEADS = ['自/至', '承运人', '航班号', '座位等级', '日期', '时间', '客票级别/客票类别', '免费行李'];
const SUM_HEADS = ['票价', '燃油附加费', '增值税税率', '增值税税额', '民航发展基金', '其他税费', '合计'];
const FLIGHT_ROLES: Readonly<Record<string, FieldRole>> = { 航班号: 'trip_number', 座位等级: 'seat_class', 日期: 'travel_date' };
const SUM_ROLES: Readonly<Record<string, FieldRole>> = { 票价: 'fare', 燃油附加费: 'fuel_surcharge', 民航发展基金: 'development_fund', 合计: 'total' };
// The values under a row of column heads stand within this many text heights of it.
const MAX_VALUE_GAP = 2.5;
// A rail ticket's train stands at most this many rows above its departure.
const TRAIN_ROWS = 4;

type Add = (role: FieldRole, candidate: Candidate | undefined) => void;

/** The values a page that is a ticket prints, by the role they answer; nothing for a page that is none. */
export function ticketValues(rows: readonly VisualRow[][]): TicketValues {
  const values: TicketValues = {};
  const add: Add = (role, candidate) => {
    if (candidate) (values[role] ??= []).push(candidate);
  };
  rows.forEach((pageRows, p) => {
    const text = pageRows.map(rowText).join('\n');
    const rail = RAIL_TITLE.test(text) || (RAIL_MARKS.test(text) && E_TICKET.test(text));
    const air = AIR_TITLE.test(text);
    if (!rail && !air) return;
    if (rail) railValues(pageRows, p, add);
    if (air) airValues(pageRows, p, add);
    maskedIds(pageRows, p, rail, add);
    eTicketNumber(pageRows, p, add);
    buyerCode(pageRows, p, add);
  });
  return values;
}

const candidate = (segment: Segment | undefined, confidence: number, order: number, shared = false): Candidate | undefined =>
  segment && { ...placedCandidate(segment, confidence, order), ...(shared ? { shared } : {}) };

const cut = (segment: Segment, start: number, end: number) => sliceSegment(segment, codePointIndex(segment.text, start), codePointIndex(segment.text, end));

/** The railway's unlabelled values around the departure line, and the fare after 票价 (also the ticket's total). */
function railValues(rows: readonly VisualRow[], p: number, add: Add): void {
  rows.forEach((row, r) => {
    row.segments.forEach((segment, s) => {
      const departure = DEPARTURE.exec(segment.text);
      if (!departure) return;
      add('travel_date', departureDay(row, s, departure.index, p, r));
      add('trip_number', trainAbove(rows, r, p));
      add('seat_class', seatClass(rows, r, p));
    });
  });
  const fare = labelledAmount(rows, '票价');
  if (fare) {
    add('fare', candidate(fare.segment, TICKET_CONFIDENCE.labelled, readingOrder(p, fare.row, fare.index)));
    add('total', candidate(fare.segment, TICKET_CONFIDENCE.fareAsTotal, readingOrder(p, fare.row, fare.index), true));
  }
}

/** The day printed before the departure time: in its segment, else the last date of the segments before it. */
function departureDay(row: VisualRow, s: number, timeAt: number, p: number, r: number): Candidate | undefined {
  const own = findDates(row.segments[s]!.text).filter((d) => d.end <= timeAt).at(-1);
  if (own) return candidate(cut(row.segments[s]!, own.start, own.end), TICKET_CONFIDENCE.shaped, readingOrder(p, r, s));
  for (let before = s - 1; before >= 0; before--) {
    const date = findDates(row.segments[before]!.text).at(-1);
    if (date) return candidate(cut(row.segments[before]!, date.start, date.end), TICKET_CONFIDENCE.shaped, readingOrder(p, r, before));
  }
  return undefined;
}

/** The train: the nearest row above the departure that prints a train's number (a bare number only between stations). */
function trainAbove(rows: readonly VisualRow[], departure: number, p: number): Candidate | undefined {
  for (let r = departure - 1; r >= Math.max(0, departure - TRAIN_ROWS); r--) {
    const stations = /站/u.test(rowText(rows[r]!));
    for (const [s, segment] of rows[r]!.segments.entries()) {
      for (const m of segment.text.matchAll(TRAIN)) {
        if (/^\d/u.test(m[0]) && !stations) continue;
        return candidate(cut(segment, m.index, m.index + m[0].length), TICKET_CONFIDENCE.shaped, readingOrder(p, r, s));
      }
    }
  }
  return undefined;
}

/** The seat class on the departure's row or the next: a segment that is one, else one not after a carriage's 车 ("16车无座" is the seat). */
function seatClass(rows: readonly VisualRow[], departure: number, p: number): Candidate | undefined {
  for (const r of [departure, departure + 1, departure - 1].filter((i) => i >= 0 && i < rows.length)) {
    const segments = rows[r]!.segments;
    const whole = segments.findIndex((seg) => SEAT_CLASSES.includes(seg.text.replace(/\s/gu, '')));
    if (whole >= 0) return candidate(segments[whole], TICKET_CONFIDENCE.shaped, readingOrder(p, r, whole));
    for (const [s, segment] of segments.entries()) {
      for (const seat of SEAT_CLASSES) {
        const at = segment.text.indexOf(seat);
        if (at >= 0 && segment.text[at - 1] !== '车') return candidate(cut(segment, at, at + seat.length), TICKET_CONFIDENCE.shaped, readingOrder(p, r, s));
      }
    }
  }
  return undefined;
}

/** The first amount after a label: in the label's segment, else in the segments after it on its row. */
function labelledAmount(rows: readonly VisualRow[], label: string): { segment: Segment; row: number; index: number } | undefined {
  for (const [r, row] of rows.entries()) {
    for (const [s, segment] of row.segments.entries()) {
      const at = segment.text.indexOf(label);
      if (at < 0) continue;
      const after = at + label.length;
      for (const [i, seg] of row.segments.entries()) {
        if (i < s) continue;
        const from = i === s ? after : 0;
        const amount = findAmounts(seg.text.slice(from))[0];
        const found = amount && cut(seg, from + amount.start, from + amount.end);
        if (found) return { segment: found, row: r, index: i };
      }
    }
  }
  return undefined;
}

/** The passenger's masked ID number anywhere on a ticket (across two segments where a scan read it as two); on a railway ticket, the name printed after it. */
function maskedIds(rows: readonly VisualRow[], p: number, rail: boolean, add: Add): void {
  rows.forEach((row, r) =>
    row.segments.forEach((own, s) => {
      const next = row.segments[s + 1];
      const split = !MASKED.test(own.text) && next !== undefined && (own.text.trimEnd().endsWith('*') || next.text.trimStart().startsWith('*'));
      const segment = split ? joined(own, next) : own;
      const m = MASKED.exec(segment.text);
      if (!m) return;
      const order = readingOrder(p, r, s);
      const [lead, stars, tail] = [m[1]!.replace(/[.· ]/gu, ''), m[2]!.replace(/\s/gu, '').length, m[3]!];
      const resident = isResidentId(lead, tail);
      // One star alone is a masked ID only where the rest is shaped as a resident ID's ("4201021982*6860": three stars lost).
      if (stars < 2 && !resident) return;
      const place = cut(segment, m.index, m.index + m[1]!.length + m[2]!.length + tail.length);
      const id = candidate(place, TICKET_CONFIDENCE.maskedId, order);
      add('passenger_id', id && { ...id, value: `${lead}${'*'.repeat(resident ? RESIDENT_ID.length - lead.length - tail.length : stars)}${tail}` });
      if (!rail) return;
      if (m[4]) {
        const start = m.index + m[0].length - m[4].length;
        add('passenger_name', candidate(cut(segment, start, start + m[4].length), TICKET_CONFIDENCE.shaped, order));
        return;
      }
      const after = row.segments[split ? s + 2 : s + 1];
      if (after && NAME_ONLY.test(after.text.trim())) add('passenger_name', candidate(after, TICKET_CONFIDENCE.shaped, readingOrder(p, r, split ? s + 2 : s + 1)));
    }),
  );
}

/** Two segments of a row read as one, a space between them. */
function joined(a: Segment, b: Segment): Segment {
  const gap: Segment['boxes'][number] = [a.right, Math.min(a.top, b.top), Math.max(a.right, b.left), Math.max(a.bottom, b.bottom)];
  return { page: a.page, text: `${a.text} ${b.text}`, boxes: [...a.boxes, gap, ...b.boxes], left: Math.min(a.left, b.left), right: Math.max(a.right, b.right), top: Math.min(a.top, b.top), bottom: Math.max(a.bottom, b.bottom) };
}

/** Kept characters shaped as a resident ID's (its first 6 or 10 digits, its last 4): its stars are the 18 characters less those, however many a scan read (four as three or five). */
function isResidentId(lead: string, tail: string): boolean {
  return (RESIDENT_ID.kept as readonly number[]).includes(lead.length) && tail.length === RESIDENT_ID.tail && /^\d+$/u.test(lead);
}

/** 电子客票号 (railway) or 电子客票号码 (air) and the number after it, in its segment or the next. */
function eTicketNumber(rows: readonly VisualRow[], p: number, add: Add): void {
  rows.forEach((row, r) =>
    row.segments.forEach((segment, s) => {
      const label = /电子客票号码?\s*[:：]?\s*/u.exec(segment.text);
      if (!label) return;
      const from = label.index + label[0].length;
      const own = from < segment.text.length ? cut(segment, from, segment.text.length) : undefined;
      const value = own ?? row.segments[s + 1];
      const id = value && narrowToType(value, 'ticket_number');
      add('ticket_number', candidate(id, TICKET_CONFIDENCE.labelled, readingOrder(p, r, own ? s : s + 1)));
    }),
  );
}

/** The code on the buyer's line (购买方名称 … 统一社会信用代码): a ticket names no seller beside it. Letters no code holds are put back as the digits a scan read them for, where the check character then matches. */
function buyerCode(rows: readonly VisualRow[], p: number, add: Add): void {
  rows.forEach((row, r) => {
    if (!/购买方/u.test(rowText(row))) return;
    row.segments.forEach((segment, s) => {
      const label = BUYER_CODE.exec(segment.text);
      if (!label) return;
      const from = label.index + label[0].length;
      const own = from < segment.text.length ? cut(segment, from, segment.text.length) : undefined;
      const value = own ?? row.segments[s + 1];
      const id = value && narrowToType(value, 'buyer_tax_id');
      const found = candidate(id, TICKET_CONFIDENCE.labelled, readingOrder(p, r, own ? s : s + 1));
      const repaired = found && repairedUscc(found.value);
      add('buyer_tax_id', found && (repaired === found.value ? found : { ...found, value: repaired!, confidence: TICKET_CONFIDENCE.repaired }));
    });
  });
}

/** The itinerary's flight and sums, each value under its column head. */
function airValues(rows: readonly VisualRow[], p: number, add: Add): void {
  for (const [heads, roles] of [[FLIGHT_HEADS, FLIGHT_ROLES], [SUM_HEADS, SUM_ROLES]] as const) {
    const r = rows.findIndex((row) => Object.keys(roles).filter((head) => rowText(row).includes(head)).length >= 2);
    if (r < 0) continue;
    const below = valueRow(rows, r);
    if (below === undefined) continue;
    for (const column of headColumns(rows[r]!, heads)) {
      const role = roles[column.head];
      if (!role) continue;
      const cell = cellUnder(rows[below]!, column.from, column.to);
      if (!cell) continue;
      const order = readingOrder(p, below, cell.index);
      if (heads === SUM_HEADS) {
        const amount = findAmounts(amountRead(cell.segment.text)).at(-1);
        const found = candidate(cell.segment, TICKET_CONFIDENCE.column, order);
        add(role, amount && found && { ...found, value: amount.printed });
      } else add(role, candidate(narrowToType(cell.segment, role), TICKET_CONFIDENCE.column, order));
    }
  }
}

/**
 * An amount cell as a scan may read it, its figures put back: an O among them is a 0 ("CNYO.00"), a
 * colon or semicolon before two digits the decimal point ("1924:80"), a dot before it a speck
 * ("347.2.60": the itinerary groups no thousands).
 */
function amountRead(text: string): string {
  return text
    .replace(/(?<=CNY|\d|\.)[Oo]|[Oo](?=[\d.])/gu, '0')
    .replace(/(\d)[:;](\d{2})(?!\d)/gu, '$1.$2')
    .replace(/(\d)\.(?=\d+\.\d{2}(?!\d))/gu, '$1');
}

/** The row under a row of heads, within a few text heights. */
function valueRow(rows: readonly VisualRow[], r: number): number | undefined {
  const next = rows[r + 1];
  return next && next.top - rows[r]!.bottom <= MAX_VALUE_GAP * rowHeight(rows[r]!) ? r + 1 : undefined;
}

/** Each head found on the row and the span its column takes: from its left edge to the next head's. */
function headColumns(row: VisualRow, heads: readonly string[]): { head: string; from: number; to: number }[] {
  const found = row.segments.flatMap((segment) =>
    heads.flatMap((head) => {
      const at = segment.text.indexOf(head);
      const placed = at >= 0 ? cut(segment, at, at + head.length) : undefined;
      return placed ? [{ head, left: placed.left, height: placed.bottom - placed.top }] : [];
    }),
  );
  // A head inside a longer one ("日期" is no column where "开票日期" is printed) is none.
  const own = found.filter((h) => !found.some((o) => o !== h && o.head.includes(h.head) && Math.abs(o.left - h.left) < o.height * o.head.length));
  const sorted = own.sort((a, b) => a.left - b.left);
  return sorted.map((h, i) => ({ head: h.head, from: h.left - h.height / 2, to: (sorted[i + 1]?.left ?? Infinity) - h.height / 2 }));
}

/** The characters of a row whose middles stand within [from, to): the cell of a column, cut out of whatever segment holds it. */
function cellUnder(row: VisualRow, from: number, to: number): { segment: Segment; index: number } | undefined {
  for (const [index, segment] of row.segments.entries()) {
    const inside = segment.boxes.map((b, i) => ((b[0] + b[2]) / 2 >= from && (b[0] + b[2]) / 2 < to ? i : -1)).filter((i) => i >= 0);
    if (inside.length === 0) continue;
    const piece = sliceSegment(segment, inside[0]!, inside.at(-1)! + 1);
    const kept = piece && withoutEdgeNoise(piece);
    if (kept) return { segment: kept, index };
  }
  return undefined;
}
