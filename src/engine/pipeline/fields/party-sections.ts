import { rowHeight, rowText, type Segment, type VisualRow } from '../layout/segments.js';
import { letterStacks, type StackedLetter } from '../layout/stacked-letters.js';
import { readingOrder, type Candidate } from './candidate.js';
import type { PartyBand } from './party-blocks.js';
import type { PartyPart } from '../words/field-role.js';
import { hasLegalForm } from '../words/legal-forms.js';
import { marksLost, withoutMarks, withSharpS } from '../words/ocr-spelling.js';
import { opensWithAttention, isSalutation } from '../words/addressee.js';
import { PAGE_LABELS, PARTY_HEADINGS, PARTY_ROW_LABELS, type BlockParty, type PartyRowLabel } from '../words/role-vocabulary.js';
import { addressParts, endsInPostcodeLine, type AddressLine, type AddressPart } from './postal-address.js';
import { countryCodeOfName } from '../words/country-names.js';

/** What a party section holds, each part read from the section itself: a party's parts, and the seller's phone. */
type SectionPart = PartyPart | 'phone';

/** The candidates of a role from the sections of its party: "issuer_street" from a seller's block, "phone" from the seller's too. */
export function sectionCandidates(role: string, sections: readonly PartySection[]): Candidate[] {
  const m = /^(issuer|buyer)_(.+)$/u.exec(role === 'phone' ? 'issuer_phone' : role);
  if (!m) return [];
  const [party, part] = [m[1] === 'issuer' ? 'seller' : 'buyer', m[2] as SectionPart];
  return sections.flatMap((s) => (s.band.party === party && s.parts[part] ? [s.parts[part]] : []));
}

/** A block of the page under a heading that names a party ("Bill to", "Verkäufer", "Client :"). */
export interface PartySection {
  band: PartyBand;
  parts: Partial<Record<SectionPart, Candidate>>;
}

// Lines of a plain block that are no name: an attention line, an id with no name in it. A salutation is part of the name (see nameLength).
const NO_NAME = /^(?:gln|iln|kd\.?-?nr|kunden-?nr)\b|^[\d\s./-]+$/iu;
const isNoName = (text: string) => opensWithAttention(text) || NO_NAME.test(text);
const LABELLED = /^([^:：]{1,40})[:：]\s*(.*)$/u;
const MAX_ROWS = 10;
// A block's lines may start this many text heights right of its heading.
const MAX_INDENT = 2.5;
// A cell this many text heights right of a block's line is another column's, not the block's.
const FAR_COLUMN = 12;
// Rows of a block are at most this many text heights apart.
const MAX_ROW_GAP = 2.5;

// A block beside the delivery address's, with no heading of its own, is the buyer's by its place alone.
export const SECTION_CONFIDENCE = { labelled: 0.95, plainName: 0.9, plainAddress: 0.9, delivery: 0.7, beside: 0.8 } as const;
// A name, a street and a postcode line at least.
const MIN_BESIDE_LINES = 3;

// Compared as a scan spells them too: "Verkaufer" is the heading "Verkäufer".
const labelKey = (text: string) => withoutMarks(text.toLowerCase().replace(/[\s.\-_:：]/gu, ''));
const headingOf = (text: string): BlockParty | undefined => {
  const key = labelKey(text.replace(/\/.*$/u, ''));
  return (Object.keys(PARTY_HEADINGS) as BlockParty[]).find((p) => PARTY_HEADINGS[p].some((h) => labelKey(h) === key));
};
// A row label of this many letters or more may be read with one letter wrong ("USt.-ld.-Nr." for "USt.-Id.-Nr.").
const MIN_LOOSE_ROW_LABEL = 6;
const sameRowLabel = (known: string, printed: string) => {
  const [a, b] = [Array.from(labelKey(known)), Array.from(labelKey(printed))];
  return a.length === b.length && a.filter((ch, i) => ch !== b[i]).length <= (a.length >= MIN_LOOSE_ROW_LABEL ? 1 : 0);
};
// A row label is compared without case, spaces, dots and dashes ("USt-IdNr.:" is "ust-idnr").
const rowLabelOf = (label: string) => (Object.keys(PARTY_ROW_LABELS) as PartyRowLabel[]).find((k) => PARTY_ROW_LABELS[k].some((l) => sameRowLabel(l, label)));

interface Heading {
  party: BlockParty;
  segment: Segment;
  row: number;
  /** The value printed after the heading's colon in its own segment ("Client : ACME SARL"). */
  rest: string;
  /** A heading set vertically beside its block: the block starts on its own row. */
  beside?: boolean;
}

/** Every party section of every page: a heading, and the rows under it aligned with it (or beside it, for a heading set vertically). */
export function partySections(rows: readonly VisualRow[][]): PartySection[] {
  return rows.flatMap((printedRows, p) => {
    const vertical = verticalHeadings(printedRows);
    const pageRows = vertical.length === 0 ? printedRows : withoutLetters(printedRows, vertical.flatMap((v) => v.letters));
    const headings = [...pageRows.flatMap((row, r) => row.segments.flatMap((segment): Heading[] => headingIn(segment, r))), ...vertical.map((v) => v.heading)];
    if (headings.length === 0) return [];
    const unmarked = marksLost(pageRows.map(rowText).join('\n'), MARKED_WORDS);
    const read = (h: Heading, rightEdge?: number) => {
      const section = sectionUnder(pageRows, h, headings, p, rightEdge);
      return section && (unmarked ? { ...section, parts: asScanSpelled(section.parts) } : section);
    };
    const parties = headings.filter((h) => h.party !== 'delivery').flatMap((h) => read(h) ?? []);
    const delivery = headings.find((h) => h.party === 'delivery');
    const buyer = delivery && !parties.some((s) => s.band.party === 'buyer') ? buyerBesideDelivery(pageRows, delivery, p) : undefined;
    // The delivery block ends where the buyer's begins beside it.
    const deliveries = headings.filter((h) => h.party === 'delivery').flatMap((h) => read(h, h === delivery && buyer && buyer.band.left > h.segment.left ? buyer.band.left : undefined) ?? []);
    return [...parties, ...deliveries, ...(buyer ? [buyer] : [])];
  });
}

/**
 * The buyer's block printed with no heading beside the delivery address's ("Adresse de livraison" on
 * the left, the customer's name and address at its height on the right): the lines outside the
 * delivery column, one under the other at one left edge, from the heading's row down to a postcode
 * line, no "label: value" among them.
 */
function buyerBesideDelivery(pageRows: readonly VisualRow[], h: Heading, page: number): PartySection | undefined {
  const height = h.segment.bottom - h.segment.top;
  const column = deliveryColumn(pageRows, h, height);
  // The buyer's column may start less than a text height right of the delivery block's widest line.
  const [from, to] = [h.segment.left - height, Math.max(...column.map((s) => s.right))];
  const lines: AddressLine[] = [];
  let postcodeRead = false;
  for (let r = h.row; r < pageRows.length && lines.length < MAX_ROWS && !postcodeRead; r++) {
    const row = pageRows[r]!;
    const above = lines[lines.length - 1];
    if (above && row.top - above.segment.bottom > MAX_ROW_GAP * height) break;
    const segment = above ? row.segments.find((s) => (s.right < from || s.left > to) && Math.abs(s.left - above.segment.left) <= height) : besideColumn(row, from, to);
    if (!segment) {
      if (above) break;
      continue;
    }
    // The heading's own row may hold another column's labelled value ("Lieferadresse:" ... "Belegdatum: 17.10.2025"): the block starts under it.
    if (!above && r === h.row && LABELLED.test(segment.text)) continue;
    if (LABELLED.test(segment.text) || headingOf(segment.text)) break;
    lines.push({ segment, row: r, text: segment.text, from: 0 });
    postcodeRead = endsInPostcodeLine(lines);
  }
  if (lines.length < MIN_BESIDE_LINES || !postcodeRead) return undefined;
  const tail = blockTail(pageRows, lines[lines.length - 1]!, height);
  const segments = [...lines, ...tail.country, ...tail.labelled].map((l) => l.segment);
  const band: PartyBand = { party: 'buyer', page, top: Math.min(...segments.map((s) => s.top)), bottom: Math.max(...segments.map((s) => s.bottom)), left: Math.min(...segments.map((s) => s.left)) - height, right: Math.max(...segments.map((s) => s.right)) + height };
  return { band, parts: { ...plainParts([...lines, ...tail.country], page, { name: SECTION_CONFIDENCE.beside, address: SECTION_CONFIDENCE.beside }), ...partsOf(tail.labelled, page) } };
}

/**
 * What a block without a heading prints under its postcode line, at its left edge: the country
 * ("Niederlande"), then labelled lines of the party ("USt-ID: DE 746 335 941"), up to a blank line.
 */
function blockTail(pageRows: readonly VisualRow[], postcode: AddressLine, height: number): { country: AddressLine[]; labelled: BlockLine[] } {
  const country: AddressLine[] = [];
  const labelled: BlockLine[] = [];
  let above = postcode.segment;
  for (let r = postcode.row + 1; r < pageRows.length && labelled.length < MAX_ROWS; r++) {
    const segment = pageRows[r]!.segments.find((s) => Math.abs(s.left - postcode.segment.left) <= height);
    if (!segment || segment.top - above.bottom > BLANK_LINE * height) break;
    const line: BlockLine = { segment, row: r, label: LABELLED.exec(segment.text.trim())?.[1], value: undefined, more: [] };
    if (kindOf(line)) labelled.push(line);
    else if (country.length === 0 && labelled.length === 0 && countryCodeOfName(segment.text) !== undefined) country.push({ segment, row: r, text: segment.text, from: 0 });
    else break;
    above = segment;
  }
  return { country, labelled };
}

/**
 * Headings set vertically left of their blocks ("V E R K O P E R" down the side of the seller's block):
 * the words stacked one capital a row (layout/stacked-letters.ts) that spell a party heading.
 */
function verticalHeadings(pageRows: readonly VisualRow[]): { heading: Heading; letters: StackedLetter[] }[] {
  return letterStacks(pageRows).flatMap((letters) => {
    const party = headingOf(letters.map((l) => l.letter).join(''));
    if (!party) return [];
    const [first] = letters;
    const [left, top, right, bottom] = first!.box;
    const segment = { page: pageRows[first!.row]!.page, text: letters.map((l) => l.letter).join(''), boxes: [first!.box], left, top, right, bottom };
    return [{ heading: { party, row: first!.row, rest: '', beside: true, segment }, letters }];
  });
}

/** Beside a vertical heading the block runs to the next column: the left edge of the second segment right of the heading on its row. */
function nextColumn(row: VisualRow, heading: Segment): number {
  return row.segments.filter((s) => s.left > heading.right)[1]?.left ?? Number.POSITIVE_INFINITY;
}

/** The rows without the letters of vertical headings. */
function withoutLetters(pageRows: readonly VisualRow[], letters: readonly StackedLetter[]): VisualRow[] {
  return pageRows.map((row, r) => (letters.some((l) => l.row === r) ? { ...row, segments: row.segments.filter((_, index) => !letters.some((l) => l.row === r && l.index === index)) } : row));
}

// An address block's lines follow each other with less than a text height between them: a blank line ends it.
const BLANK_LINE = 1;

/** The delivery block's lines: the segments at its heading's left edge, from the heading's row down to a blank line (the title under the block is no part of it). */
function deliveryColumn(pageRows: readonly VisualRow[], h: Heading, height: number): Segment[] {
  const column: Segment[] = [];
  for (const row of pageRows.slice(h.row, h.row + MAX_ROWS)) {
    const own = row.segments.filter((s) => Math.abs(s.left - h.segment.left) <= MAX_INDENT * height);
    const above = column[column.length - 1];
    if (own.length === 0 || (above && own[0]!.top - above.bottom >= BLANK_LINE * height)) break;
    column.push(...own);
  }
  return column;
}

/** The segment of the column beside the delivery block: the one left of it when there is one (an info column stands at the page's right), else the nearest right of it. */
function besideColumn(row: VisualRow, from: number, to: number): Segment | undefined {
  return row.segments.filter((s) => s.right < from).at(-1) ?? row.segments.find((s) => s.left > to);
}

function headingIn(segment: Segment, row: number): Heading[] {
  const m = LABELLED.exec(segment.text.trim());
  const party = headingOf(m ? m[1]! : segment.text.trim());
  return party ? [{ party, segment, row, rest: m?.[2] ?? '' }] : [];
}

/** The block under a heading: its column runs from the heading's left edge to the next heading on the right, its rows down to a gap or another heading. */
function sectionUnder(pageRows: readonly VisualRow[], h: Heading, headings: readonly Heading[], page: number, rightEdge = Number.POSITIVE_INFINITY): PartySection | undefined {
  // A vertical heading's letters may be set smaller than its block: the block's own text sets the measure.
  const height = h.beside ? rowHeight(pageRows[h.row]!) : h.segment.bottom - h.segment.top;
  const right = Math.min(...headings.filter((o) => o.row === h.row && o.segment.left > h.segment.right).map((o) => o.segment.left), h.beside ? nextColumn(pageRows[h.row]!, h.segment) : rightEdge);
  // A block's lines start under its heading, or indented a little ("Rechnungsersteller" over "  Lieferant GmbH").
  const aligned = (s: Segment) => s.left - h.segment.left >= -1.5 * height && s.left - h.segment.left <= MAX_INDENT * height && s.left < right;
  const lines: BlockLine[] = [];
  // Lines of the value column with no label of their own wait for the next label: a name printed over two lines beside it ("MVM Musterhafter" over "Name: | Versicherungsverein a.G.", "Herrn" over "Name: | Max Mustermann").
  let waiting: ValueLine[] = [];
  let last = pageRows[h.row]!;
  for (let r = h.beside ? h.row : h.row + 1; r < pageRows.length && lines.length < MAX_ROWS; r++) {
    const row = pageRows[r]!;
    if (row.top - last.bottom > MAX_ROW_GAP * rowHeight(last)) break;
    const at = row.segments.findIndex(aligned);
    if (headings.some((o) => o !== h && o.row === r && o.segment.left < right && o.segment.right > h.segment.left - height)) break;
    if (at < 0) {
      const previous = lines[lines.length - 1];
      const under = previous ? previous.value && row.segments.find((s) => Math.abs(s.left - previous.value!.left) <= height && s.left < right) : row.segments[0];
      // A name's or an address's next line under its value, not under the label ("DE 80333 München" under "Lieferantenstraße 20").
      if (under && previous && goesOn(previous)) previous.more.push({ segment: under, row: r });
      else if (under) waiting.push({ segment: under, row: r });
      // A row holding only another column's text, far to the right or left of the block, is not the block's: its lines may go on under it.
      else if (!row.segments.every((s) => s.left - h.segment.right > FAR_COLUMN * height || s.right < h.segment.left - height)) break;
      if (!under) continue;
    } else {
      const line = blockLine(row, at, r, right);
      // Unlabelled cells side by side in the block's column are a grid's row (Invoice Number | Invoice Date): the block ended.
      // A cell far to the right is another column's ("Lieferantenstraße 20" ... "RECHNUNG").
      if (!line.label && row.segments.slice(at + 1).some((s) => s.left < right && s.left - line.segment.right < FAR_COLUMN * height)) break;
      if (line.value && kindOf(line) === 'name') line.before = waiting.filter((w) => Math.abs(w.segment.left - line.value!.left) <= height);
      waiting = [];
      lines.push(line);
    }
    last = row;
  }
  if (lines.length === 0) return undefined;
  const bottom = Math.max(...lines.flatMap((l) => [l.segment.bottom, ...l.more.map((m) => m.segment.bottom)]));
  const band: PartyBand = { party: h.party, page, top: h.segment.top, bottom, left: h.segment.left - height, right };
  return { band, parts: h.party === 'delivery' ? {} : partsOf(lines, page) };
}

// On a page whose recognizer drops marks, a block's text parts are read as spelled, under 0.9: "Munchen" may be "München".
const MARKED_WORDS = [...Object.values(PARTY_HEADINGS).flat(), ...Object.values(PAGE_LABELS).flat()];
const SPELLED_PARTS: ReadonlySet<SectionPart> = new Set(['name', 'address', 'street', 'city', 'country']);
const UNMARKED_TEXT = 0.9;

function asScanSpelled(parts: PartySection['parts']): PartySection['parts'] {
  return Object.fromEntries(
    Object.entries(parts).map(([part, c]) => [part, SPELLED_PARTS.has(part as SectionPart) && c ? { ...c, value: withSharpS(c.value), confidence: c.confidence * UNMARKED_TEXT } : c]),
  );
}

/** A row of the block from its aligned segment: "Label: value", "Label | value" with the label standing alone, "Label | : value", or a plain line. */
function blockLine(row: VisualRow, at: number, r: number, right: number): BlockLine {
  const segment = row.segments[at]!;
  const next = row.segments[at + 1];
  const beside = next && next.left < right ? next : undefined;
  const labelled = LABELLED.exec(segment.text.trim());
  if (labelled) return { segment, row: r, label: labelled[1], value: labelled[2] === '' ? beside : undefined, more: [] };
  // The colon printed with the value (": 549910"), a column away from its label.
  if (beside && /^\s*[:：]/u.test(beside.text)) return { segment, row: r, label: segment.text.trim(), value: beside, colonInValue: true, more: [] };
  return { segment, row: r, label: undefined, value: undefined, more: [] };
}

type ValueLine = { segment: Segment; row: number };

const kindOf = (line: BlockLine) => (line.label !== undefined ? rowLabelOf(line.label) : undefined);
// Only a name or an address goes on over the lines under its value; an id or a number is one line.
const goesOn = (line: BlockLine) => line.value !== undefined && ['name', 'address'].includes(kindOf(line) ?? '');

interface BlockLine {
  segment: Segment;
  row: number;
  label: string | undefined;
  /** The value beside a label standing alone ("Name:" | "Lieferant GmbH"). */
  value: Segment | undefined;
  /** The value segment opens with the label's colon. */
  colonInValue?: boolean;
  /** Lines of the value under it. */
  more: ValueLine[];
  /** Lines of the value over it, with no label of their own (a name's first line). */
  before?: ValueLine[];
}

/** A block of label-value rows gives each labelled part; a plain block its first line as the name and the lines under it as the address. */
function partsOf(lines: readonly BlockLine[], page: number): PartySection['parts'] {
  const parts: PartySection['parts'] = {};
  const plain: AddressLine[] = [];
  for (const line of lines) {
    const kind = kindOf(line);
    const valueLines = valueLinesOf(line);
    if (line.label !== undefined) {
      if (!kind || valueLines.length === 0) continue;
      if (kind === 'address') Object.assign(parts, addressCandidates(valueLines, page, SECTION_CONFIDENCE.labelled));
      // A labelled name goes on over its lines ("MVM Musterhafter / Versicherungsverein a.G."); a tax id or phone is one line.
      else parts[kind] ??= candidateOf(kind === 'name' ? valueLines : valueLines.slice(0, 1), page, SECTION_CONFIDENCE.labelled);
    } else plain.push(...valueLines);
  }
  return { ...plainParts(plain, page, { name: SECTION_CONFIDENCE.plainName, address: SECTION_CONFIDENCE.plainAddress }), ...parts };
}

/**
 * A plain block's name and address. The first line is the name: the lines under it are a contact
 * person's or the address, unless the name goes on over them ("Herrn" / "Max Mustermann", "MVM
 * Musterhafter" / "Versicherungsverein Musterstadt a.G.").
 */
export function plainParts(lines: readonly AddressLine[], page: number, confidence: { name: number; address: number }): PartySection['parts'] {
  const kept = lines.filter((l, i) => i > 0 || !isNoName(l.text));
  const names = kept.slice(0, nameLength(kept));
  const address = kept.slice(names.length);
  return { ...(names.length > 0 ? { name: candidateOf(names, page, confidence.name) } : {}), ...(address.length > 0 ? addressCandidates(address, page, confidence.address) : {}) };
}

const whole = (line: ValueLine): AddressLine => ({ segment: line.segment, row: line.row, text: line.segment.text, from: 0 });

/** How many lines a plain block's name takes: a salutation line and the line under it; a second line that ends in a legal form. */
function nameLength(lines: readonly AddressLine[]): number {
  if (lines.length < 2) return lines.length;
  if (isSalutation(lines[0]!.text)) return 2;
  return !hasLegalForm(lines[0]!.text) && hasLegalForm(lines[1]!.text) && !/\d/u.test(lines[1]!.text) ? 2 : 1;
}

function valueLinesOf(line: BlockLine): AddressLine[] {
  if (line.label === undefined) return [whole(line), ...line.more.map(whole)];
  if (line.colonInValue) {
    const text = line.value!.text.replace(/^\s*[:：]\s*/u, '');
    return [{ segment: line.value!, row: line.row, text, from: Array.from(line.value!.text).length - Array.from(text).length }, ...line.more.map(whole)];
  }
  const own = LABELLED.exec(line.segment.text.trim())![2]!;
  const ownFrom = Array.from(line.segment.text.slice(0, line.segment.text.trimEnd().length - own.length)).length;
  const first: AddressLine[] = own !== '' ? [{ segment: line.segment, row: line.row, text: own, from: ownFrom }] : line.value ? [{ segment: line.value, row: line.row, text: line.value.text, from: 0 }] : [];
  return [...(line.before ?? []).map(whole), ...first, ...line.more.map(whole)];
}

export function addressCandidates(lines: readonly AddressLine[], page: number, confidence: number): PartySection['parts'] {
  const split = addressParts(lines);
  const parts: PartySection['parts'] = { address: candidateOf(split.lines, page, confidence) };
  for (const [part, value] of Object.entries(split.parts) as [AddressPart, AddressLine[]][]) parts[part] = candidateOf(value, page, confidence);
  return parts;
}

/** Lines as one value, joined by spaces; each line's boxes from where its value starts. None when nothing of them is left. */
export function candidateOf(lines: readonly AddressLine[], page: number, confidence: number): Candidate | undefined {
  const boxes = lines.flatMap((l) => l.segment.boxes.slice(l.from, l.from + Array.from(l.text).length));
  const value = lines.map((l) => l.text.trim()).join(' ');
  return value !== '' && boxes.length > 0 ? { value, page, boxes, confidence, labelLength: 0, order: readingOrder(page, lines[0]!.row, 0) } : undefined;
}
