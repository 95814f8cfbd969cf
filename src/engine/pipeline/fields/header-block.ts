import { median, rowHeight, type Segment, type VisualRow } from '../layout/segments.js';
import type { Box } from '../layout/box.js';
import { readingOrder, type Candidate } from './candidate.js';
import { LEGAL_FORMS, hasLegalForm } from '../words/legal-forms.js';
import { escapedPattern } from '../document/text-match.js';
import { findTerm, hasWord } from '../document/text-match.js';
import { findAmounts, findDates } from './value-parsers.js';
import type { ReadingDoubt } from './reading-doubt.js';
import { OTHER_TITLE_WORDS, PAGE_LABELS, PARTY_HEADINGS, TITLE_WORDS, TRADE_WORDS } from '../words/role-vocabulary.js';
import { isCountryName, lettersOf, namesCountry, REGION_NAMES } from '../words/country-names.js';
import { opensWithAttention } from '../words/addressee.js';
import { alternatives } from '../words/word-pattern.js';
import { addressCandidates } from './party-sections.js';
import type { AddressLine, AddressPart } from './postal-address.js';

/** A line of the header: the segments of one row that sit close together (a centred name OCR cut in two). */
interface HeaderLine {
  text: string;
  page: number;
  boxes: Box[];
  left: number;
  right: number;
  height: number;
  row: number;
  segment: number;
}

// Segments of a row this close (in text heights) are one line of a name or an address.
const LINE_GAP = 2.5;
// The header ends at the first dated or priced row, and never goes further down than this.
const MAX_HEADER_ROWS = 14;
const MAX_ADDRESS_LINES = 5;

const ADDRESS_WORDS = ['jalan', 'jln', 'lot', 'no', 'taman', 'tmn', 'lorong', 'persiaran', 'kawasan', 'bandar', 'kampung', 'kg', 'batu', 'plaza', 'floor', 'level', 'blok', 'block', 'building', 'bangunan', 'complex', 'centre', 'center', 'suite', 'unit', 'road', 'rd', 'street', 'st', 'avenue', 'ave', 'lane', 'drive', 'boulevard', 'way', 'highway', 'str', 'straße', 'strasse', 'platz', 'weg', 'rue', 'boulevard', 'calle', 'avenida', 'via', 'piazza', 'box', '路', '街', '号', '區', '区', '市', '省', '县', '町', '丁目', '番地'];
// Five or six digits on their own; a lot or house number of that size ("LOT 37636", "PT15944") is none.
const POSTCODE = /(?<![\p{L}\d-])(?<!\b(?:lot|no|pt|unit|blok|block)[\s.:#]*)\d{5,6}(?![\d-])/iu;
// Rows that end a header block's address, and are no name: labels, contacts, tax registrations in every language, dates; titles and party headings (see isStop).
const STOP_WORDS = [
  ...['thank', 'returnable', 'exchangeable', 'salesperson', 'qty', 'item', 'name', '名称', 'tel', 'telephone', 'phone', 'fax', 'h/p', 'hp', 'mobile', 'email', 'e-mail', 'website', 'www', 'gst', 'gst id', 'gst reg', 'vat', 'tax', 'sst', 'reg no', 'company no', 'co no', 'co. reg', 'cash', 'table', 'cashier', 'date', 'time', 'document', 'doc', '电话', '税号'],
  ...PAGE_LABELS.issuer_tax_id,
  ...PAGE_LABELS.buyer_tax_id,
  ...PAGE_LABELS.phone,
];
// A party's heading as a label ("Bill To :", "VALUED CUSTOMER : 0123"), not a word of a name ("Lieferant GmbH").
const headingPattern = (words: readonly string[]) => new RegExp(String.raw`(?<!\p{L})(?:${alternatives(words)})\s*(?:[:：]|$)`, 'iu');
const PARTY_HEADING = headingPattern(Object.values(PARTY_HEADINGS).flat());
// The customer's heading opening a line ("CLIENTE", "Bill to:"): the issuer's head is over above it.
const BUYER_HEADING = headingPattern([...PARTY_HEADINGS.buyer, ...PARTY_HEADINGS.delivery]);
// A company registration number: "(867388-U)", "JM0292487-D", "（1074617K)", "1227039"; OCR reads its 0s as Os.
const REGISTRATION_TOKEN = String.raw`[(（<]?\s*(?:No\.?\s*)?[A-Z]{0,3}[O0-9][0-9O]{3,}\d[0-9O]*\s*(?:[-·]\s*[A-Z0-9]{1,3}|[A-Z])?\s*[)）>]?`;
const REGISTRATION_LABEL = String.raw`(?:co(?:mpany)?[\s.-]*(?:no|reg)|roc(?:\s*no)?|br\s*no|reg(?:istration)?\.?\s*no|business\s*reg(?:istration)?(?:\s*no)?|site)\.?\s*[:：]?\s*`;
const REGISTRATION = new RegExp(String.raw`^(?:${REGISTRATION_TOKEN}|[(（]?\s*${REGISTRATION_LABEL}.*)\.?$`, 'iu');
const LEADING_REGISTRATION = new RegExp(String.raw`^[(（]?(?:${REGISTRATION_LABEL})?${REGISTRATION_TOKEN}\s+(?=\S)`, 'iu');
// A time of day marks the line of a till's date stamp, whether or not its date could be read.
const TIME_OF_DAY = /(?<!\d)\d{1,2}:\d{2}(?!\d)/u;
const PHONE = /(?<![\d-])(?:\+?6)?0\d{1,2}[-\s]?\d{3,4}[-\s]?\d{3,4}(?!\d)|\(\s*\+?\d{2,4}\s*\)\s*\d{3,4}[-\s]?\d{3,4}/u;
// A document's title, of any kind ("TAX INVOICE", "CASH BILL", "Lieferschein").
const isTitle = (text: string) => hasAny(text, TITLE_WORDS) || hasAny(text, OTHER_TITLE_WORDS);
// A form's printed notice and a seal's words are nobody's name or address ("此联不作报销、扣税凭证使用", "发票专用章").
const PRINTED_NOTICE = /此联|不作报销|扣税凭证|发票专用章|财务专用章|监制|密码区/u;

/** Lines of the first page's header: above its title and its first price, left to right, top to bottom. */
function headerLines(rows: readonly VisualRow[][]): HeaderLine[] {
  const page = rows[0] ?? [];
  const lines: HeaderLine[] = [];
  for (let r = 0; r < Math.min(page.length, MAX_HEADER_ROWS); r++) {
    const row = page[r]!;
    const text = row.segments.map((s) => s.text).join(' ');
    const rowLines = linesOfRow(row, r);
    // Under the document's title or the customer's heading the head is over: a name there is the customer's. A title beside the
    // letterhead's lines, right of them on their row ("Lieferantenstraße 20 … RECHNUNG"), leaves it open.
    if ((isTitle(rowLines[0]?.text ?? '') || BUYER_HEADING.test(rowLines[0]?.text ?? '')) && lines.some(isEligibleName)) break;
    // A priced row ends the head, unless nothing has been read yet (a note written above it); a date's line is skipped.
    if (findAmounts(text).some((a) => a.decimals) && findDates(text).length === 0) {
      if (lines.some((l) => isNameLike(l.text))) break;
      continue;
    }
    lines.push(...rowLines.filter((l) => findDates(l.text).length === 0 && !TIME_OF_DAY.test(l.text)));
  }
  return lines;
}

function linesOfRow(row: VisualRow, r: number): HeaderLine[] {
  const height = rowHeight(row);
  const lines: HeaderLine[] = [];
  row.segments.forEach((s: Segment, i) => {
    const last = lines[lines.length - 1];
    if (last && s.left - last.right <= LINE_GAP * height) {
      const gap: Box = [last.right, s.top, s.left, s.bottom];
      Object.assign(last, { text: `${last.text} ${s.text}`, boxes: [...last.boxes, gap, ...s.boxes], right: s.right });
    } else {
      lines.push({ text: s.text, page: s.page, boxes: [...s.boxes], left: s.left, right: s.right, height: s.bottom - s.top, row: r, segment: i });
    }
  });
  return lines;
}

const hasAny = (text: string, words: readonly string[]) => words.some((w) => hasWord(text, w));
// "Cash & carry" names a kind of shop (a wholesaler), not the cash line of a till.
const CASH_AND_CARRY = /cash\s*(?:&|and|n)\s*carry/giu;
const isStop = (text: string) => {
  const own = text.replace(CASH_AND_CARRY, ' ');
  return hasAny(own, STOP_WORDS) || PARTY_HEADING.test(own) || PHONE.test(own) || isTitle(own) || PRINTED_NOTICE.test(own) || /@|ttps?:|www\.|\.(?:com|net|org|my)\b/iu.test(own);
};
// A short label, a colon and a company number with its check letter ("Company No: 20965-W"), whatever OCR made of the label.
const LABELLED_COMPANY_NUMBER = /^[\p{L}\s.]{2,24}[:：]\s*[(（]?\d{4,}\s*-?\s*[A-Z][)）]?$/u;
const isRegistration = (text: string) => REGISTRATION.test(text.trim()) || LABELLED_COMPANY_NUMBER.test(text.trim());
const looksLikeAddress = (text: string) => /\d/u.test(text) || hasAny(text, ADDRESS_WORDS);
// A name may carry a short number ("99 Speed Mart", "7-Eleven"); an address has a street word or a longer number.
const readsAsAddress = (text: string) => /\d{3,}/u.test(text) || hasAny(text, ADDRESS_WORDS);
// All lower case is how this OCR reads handwriting and stamps, not a printed shop name.
const isNameLike = (text: string) => /\p{Lu}|\p{Script=Han}|\p{Script=Katakana}/u.test(text) && Array.from(text.replace(/[^\p{L}]/gu, '')).length >= 2;

// Unlabelled and read by OCR letter by letter, a head's name and address stay under 0.8 for a clerk to glance at:
// on the development receipts about four in five names and two in three addresses were right, and most wrong
// ones were misread letters. When a legal form or a trade word names a business at the top of the head, its
// name and address read without doubt (no character another at CLEAR_DOUBT) are the issuer's as printed.
export const HEADER_CONFIDENCE = { legalName: 0.78, guessedName: 0.7, clear: 0.9, address: 0.7, addressOfGuess: 0.65 } as const;
export const CLEAR_DOUBT = 0.1;

// Evidence for a head line being the issuer's name, fitted on the development receipts.
const NAME_SCORE = { legalForm: 3, tradeWord: 1, first: 1.5, second: 0.5, tall: 1 } as const;
const TALL_LINE = 1.25;

/** The issuer's name and address as a shop or a company prints them at the head of its document. */
export interface HeadParties {
  name?: Candidate;
  address?: Candidate;
  /** The address's street, postcode, town and country, told apart as in a party block. */
  addressParts?: Partial<Record<AddressPart, Candidate>>;
  /** The recipient of a letter, in the window under its sender line. */
  buyerName?: Candidate;
  buyerAddress?: Candidate;
}

export function headerCandidates(rows: readonly VisualRow[][], doubt: ReadingDoubt): HeadParties {
  const lines = headerLines(rows);
  const best = bestNameLine(lines);
  if (best === undefined) {
    // No name was read (a stamp or a pen over it): an address at the head is still the issuer's.
    const addressLines = addressAfter(lines, -1);
    return addressLines.length > 0 ? { address: candidateOf(addressLines, HEADER_CONFIDENCE.addressOfGuess, (t) => t.length, withoutRegistration) } : {};
  }
  const legal = hasLegalForm(lines[best]!.text);
  const nameLines = withNameParts(lines, best);
  const name = candidateOf(nameLines, legal ? HEADER_CONFIDENCE.legalName : HEADER_CONFIDENCE.guessedName, trimmedName);
  const addressLines = addressAfter(lines, lines.indexOf(nameLines[nameLines.length - 1]!), nameLines[0]!.text);
  const address = addressLines.length > 0 ? candidateOf(addressLines, legal ? HEADER_CONFIDENCE.address : HEADER_CONFIDENCE.addressOfGuess, (t) => t.length, withoutRegistration) : undefined;
  // A name-like line above the chosen one may be the name's first part ("MVM Musterhafter" / "Versicherungsverein … a.G.").
  const business = (legal || hasAny(name.value, TRADE_WORDS)) && !lines.slice(0, lines.indexOf(nameLines[0]!)).some(isEligibleName);
  const clear = (read: Candidate): Candidate => (business && doubt(read.page, read.boxes) < CLEAR_DOUBT ? { ...read, confidence: HEADER_CONFIDENCE.clear } : read);
  return { name: clear(name), ...(address && { address: clear(address), addressParts: partsOf(addressLines, address.confidence) }), ...recipient(lines, nameLines[0]!) };
}

function partsOf(lines: readonly HeaderLine[], confidence: number): HeadParties['addressParts'] {
  const { address: _whole, ...parts } = addressCandidates(lines.map(asAddressLine), lines[0]!.page, confidence);
  return parts;
}

function asAddressLine(line: HeaderLine): AddressLine {
  const segment = { page: line.page, text: line.text, boxes: line.boxes, left: line.left, right: line.right, top: Math.min(...line.boxes.map((b) => b[1])), bottom: Math.max(...line.boxes.map((b) => b[3])) };
  return { segment, row: line.row, text: line.text, from: 0 };
}

// The recipient's block starts at most this many text heights under the sender line.
const MAX_RECIPIENT_GAP = 3;
const RECIPIENT_CONFIDENCE = 0.75;

/**
 * A business letter (DIN 5008 and its kin) prints the sender small on one line, name and address
 * run together ("Brandl GmbH · Industriestraße 14 · 86150 Augsburg"), over the recipient's window:
 * its first line is the buyer's name, the lines under it the buyer's address.
 */
function recipient(lines: readonly HeaderLine[], name: HeaderLine): Pick<HeadParties, 'buyerName' | 'buyerAddress'> {
  const issuer = lettersOf(name.text.slice(0, trimmedName(name.text)));
  const sender = lines.findIndex((l) => l.row > name.row && l.height < name.height && /[·•|,]/u.test(l.text) && lettersOf(l.text).includes(issuer));
  if (sender < 0 || issuer.length < 4) return {};
  const block: HeaderLine[] = [];
  for (const line of lines.slice(sender + 1)) {
    const last = block[block.length - 1] ?? lines[sender]!;
    if (line.left > last.left + last.height * 2 || line.right < last.left) continue;
    if (rowGap(last, line) > MAX_RECIPIENT_GAP * last.height || isStop(line.text) || block.length > MAX_ADDRESS_LINES) break;
    block.push(line);
  }
  const [buyer, ...address] = block.filter((l) => !opensWithAttention(l.text));
  if (!buyer) return {};
  return {
    buyerName: candidateOf([buyer], RECIPIENT_CONFIDENCE),
    ...(address.length > 0 && { buyerAddress: candidateOf(address, RECIPIENT_CONFIDENCE) }),
  };
}

function rowGap(a: HeaderLine, b: HeaderLine): number {
  return (b.boxes[0]?.[1] ?? 0) - (a.boxes[0]?.[3] ?? 0);
}

function isEligibleName(line: HeaderLine): boolean {
  return isNameLike(line.text) && !isStop(line.text) && !isRegistration(line.text) && !onlyRegion(line.text);
}

// A state or a country alone ("JOHOR") is the last line of an address, not a name.
function onlyRegion(text: string): boolean {
  return REGION_NAMES.some((region) => lettersOf(region) === lettersOf(text)) || isCountryName(text);
}

const namesRegion = (text: string) => hasAny(text, REGION_NAMES) || namesCountry(text);

/** The head line that most reads as a company name: its legal form, trade words, place and size. */
function bestNameLine(lines: readonly HeaderLine[]): number | undefined {
  const eligible = lines.map((l, i) => ({ l, i })).filter(({ l }) => isEligibleName(l) && (hasLegalForm(l.text) || !readsAsAddress(l.text.slice(0, trimmedName(l.text)))));
  const typical = median(eligible.map(({ l }) => l.height));
  let best: { i: number; score: number } | undefined;
  eligible.forEach(({ l, i }, rank) => {
    const score =
      (hasLegalForm(l.text) ? NAME_SCORE.legalForm : 0) +
      (hasAny(l.text, TRADE_WORDS) ? NAME_SCORE.tradeWord : 0) +
      (rank === 0 ? NAME_SCORE.first : rank === 1 ? NAME_SCORE.second : 0) +
      (l.height >= TALL_LINE * typical ? NAME_SCORE.tall : 0);
    if (!best || score > best.score) best = { i, score };
  });
  return best?.i;
}

/** A name printed over two lines: a line that is only a legal form and trade words ("Restaurant Sdn Bhd") belongs to the line above, a line ending in "&" to the next. */
function withNameParts(lines: readonly HeaderLine[], index: number): HeaderLine[] {
  const parts = [lines[index]!];
  const above = lines[index - 1];
  if (above && isEligibleName(above) && !looksLikeAddress(above.text) && onlyLegalForm(parts[0]!.text)) parts.unshift(above);
  const below = lines[index + 1];
  if (below && isEligibleName(below) && (/[&-]\s*$/u.test(parts[parts.length - 1]!.text) || onlyLegalForm(below.text))) parts.push(below);
  return parts;
}

const NAME_FORM_WORDS = [...LEGAL_FORMS, ...TRADE_WORDS, 'co', 'co.', '(m)', 'm'].sort((a, b) => b.length - a.length);
const NAME_FORM = new RegExp(`(?<![\\p{L}])(?:${NAME_FORM_WORDS.map(escapedPattern).join('|')})(?![\\p{L}])`, 'giu');

function onlyLegalForm(text: string): boolean {
  return text.replace(NAME_FORM, '').replace(/[^\p{L}]/gu, '').length < 2;
}

// A registration number printed after the name ("(519537-X)", "273500-U (KSB)"; a bracket may hug the name: "BHD（126926-H)") is no part of it.
const TRAILING_REGISTRATION = new RegExp(String.raw`(?:\s|(?=[(（]))(?:${REGISTRATION_TOKEN}|[(（]\s*[A-Z]{0,3}\d|\d{4,})`, 'u');

function withoutRegistration(text: string): number {
  return LEADING_REGISTRATION.exec(text)?.[0].length ?? 0;
}

// Text with a digit after the legal form is the next printed line run into the name ("… SDN BHD No: 28, JALAN …").
const AFTER_LEGAL_FORM = new RegExp(String.raw`(?<![\p{L}\p{N}])(?:${alternatives(LEGAL_FORMS)})\.?(?=\s+\S*\d)`, 'iu');

function trimmedName(text: string): number {
  const registration = TRAILING_REGISTRATION.exec(text);
  const legal = AFTER_LEGAL_FORM.exec(text);
  return Math.min(registration && registration.index > 0 ? registration.index : text.length, legal ? legal.index + legal[0].length : text.length);
}

/** The lines under the name (from the top when no name was read) that read as an address, from the first that looks like one to the first contact or label line. */
function addressAfter(lines: readonly HeaderLine[], nameIndex: number, issuer?: string): HeaderLine[] {
  const name = lines[nameIndex];
  const below = (name ? lines.slice(nameIndex + 1).filter((l) => l.row > name.row && l.left < name.right + name.height && l.right > name.left - name.height) : lines).map(beforeStop);
  const start = below.findIndex((l) => l !== undefined && looksLikeAddress(l.line.text) && !isRegistration(l.line.text) && !(issuer && isOutletLine(l.line.text, issuer)));
  if (start < 0) return [];
  const taken: HeaderLine[] = [];
  for (const read of below.slice(start)) {
    // A line naming the issuer again is a letter's sender line or a footer, no more of the address ("Lieferantenstraße" names no "Lieferant GmbH").
    if (!read || taken.length >= MAX_ADDRESS_LINES || (name && hasWord(read.line.text, name.text.slice(0, trimmedName(name.text)).trim()))) break;
    const { line, cut } = read;
    // Once the postcode is printed, only a state or a country may follow: a branch or a slogan is no part of the address.
    if (taken.some((l) => POSTCODE.test(l.text)) && !/\d/u.test(line.text) && !namesRegion(line.text)) break;
    if (!isRegistration(line.text)) taken.push(line);
    if (cut) break;
  }
  return taken;
}

/**
 * A line up to where a stop begins: the whole line when it has none, its address when the stop comes
 * after one ("Lindenallee 15, 80333 München, Telefon ..." ends the address there), none when it opens the line.
 */
function beforeStop(line: HeaderLine): { line: HeaderLine; cut: boolean } | undefined {
  if (!isStop(line.text)) return { line, cut: false };
  const starts = [...STOP_WORDS.flatMap((w) => findTerm(line.text, w).map((m) => m.start)), PHONE.exec(line.text)?.index ?? Infinity];
  const head = line.text.slice(0, Math.min(...starts)).replace(/[\s,;:·•|–-]+$/u, '');
  if (head === '' || !readsAsAddress(head) || isStop(head)) return undefined;
  const boxes = line.boxes.slice(0, Array.from(head).length);
  return { line: { ...line, text: head, boxes, right: Math.max(...boxes.map((b) => b[2])) }, cut: true };
}

// A line opening with the issuer's first word ("Nando's 1 Mont Kiara" under "Nando ' s Chickenland", as OCR splits it) names
// the outlet; "Lieferantenstraße" under "Lieferant GmbH" is a street.
const MAX_OUTLET_SUFFIX = 2;
function isOutletLine(text: string, name: string): boolean {
  const brand = lettersOf(name.split(/\s+/u)[0] ?? '');
  const first = lettersOf(text.split(/\s+/u)[0] ?? '');
  return brand.length >= 4 && first.startsWith(brand) && first.length - brand.length <= MAX_OUTLET_SUFFIX;
}

/** Lines as one value; `end` keeps a leading part of the joined text (code units). */
function candidateOf(lines: readonly HeaderLine[], confidence: number, end: (text: string) => number = (t) => t.length, start: (text: string) => number = () => 0): Candidate {
  const first = lines[0]!;
  const joined = lines.map((l) => l.text).join(' ');
  const from = Array.from(joined.slice(0, start(joined))).length;
  const chars = Array.from(joined.slice(0, end(joined)).trimEnd());
  const boxes = lines.flatMap((l, i) => (i === 0 ? l.boxes : [gapBox(lines[i - 1]!), ...l.boxes])).slice(from, chars.length);
  chars.splice(0, from);
  return { value: chars.join(''), page: first.page, boxes, confidence, labelLength: 0, order: readingOrder(first.page, first.row, first.segment) };
}

// The space that joins two lines: a thin box at the end of the first, so that boxes stay one per character.
function gapBox(a: HeaderLine): Box {
  const last = a.boxes[a.boxes.length - 1]!;
  return [last[2], last[1], last[2], last[3]];
}
