import { sliceSegment, type Segment } from '../layout/segments.js';
import { codePointIndex } from '../document/text-match.js';
import { NUMBER_MARKERS, VALUE_TYPE, type FieldRole } from '../words/role-vocabulary.js';
import { findAmounts, findDates } from './value-parsers.js';

// Codes printed in groups ("校验码 12345 67890 …") are kept whole.
const WHOLE_CODES: ReadonlySet<FieldRole> = new Set(['check_code', 'machine_number']);
// A tax id keeps the groups that follow it (a scan's stray space: "91440300MKDH L7XU4T"), not a speck before it.
const GROUPED_IDS: ReadonlySet<FieldRole> = new Set(['issuer_tax_id', 'buyer_tax_id']);
// A VAT id printed with its country's letters apart from its digits: "DE 598 476 550", "ATU 1234 5678".
const VAT_PREFIX = /^(?:[A-Z]{2}|ATU)$/u;
// An invoice series printed before the number, capitals apart from it (Italy's sezionale "FPR 35/25"); "NO 4711" is a marker, not a series.
const SERIES = /^[A-Z]{2,4}$/u;
const MARKERS = new Set(NUMBER_MARKERS.map((m) => m.toUpperCase()));
const isSeries = (token: string) => SERIES.test(token) && !MARKERS.has(token);
// An id is a run of letters, digits and joiners with a digit in it, "C-1" and "INV-2024-118" alike, but no lone digit.
const ID_TOKEN = /[\p{L}\p{N}][\p{L}\p{N}/_.#-]*[\p{L}\p{N}]|\p{N}/gu;
// A date written with separators ("01.03.2018" in "Bestellung vom 01.03.2018") is a date, never a document's id.
const isId = (token: string) => /\d/u.test(token) && token.length >= 2 && !isSeparatedDate(token);
const isSeparatedDate = (token: string) => /[./-]/u.test(token) && findDates(token).some((d) => d.start === 0 && d.end === token.length);
// A name has words (a Chinese person's two characters are a name), and is no "label: value" pair of its own ("No: 002643278-A").
const NAME = /\p{L}.*\p{L}.*\p{L}|^\s*\p{Script=Han}{2}\s*$/u;
const LABELLED = /^[\p{L}. ]{1,16}[:：]/u;
// A seal's legend ("发票专用章") or the place for it ("销售方：（章）") is nobody's name.
const SEAL_LEGEND = /专用章|^\s*[(（]\s*章/u;
const PHONE = /\+?\(?\d[\d\s()./-]{5,}\d/u;
// A ticket prints its passenger's ID number masked ("1101011990****1234", "110101********123X"): the stars are part of it.
const MASKED_ID = /[A-Za-z0-9*]*\d[A-Za-z0-9*]*/u;

/** The part of a labelled text that is a value of the role's kind ("25/12/2018" of "25/12/2018 8:13 PM"); undefined when none is. */
export function narrowToType(segment: Segment, role: FieldRole): Segment | undefined {
  const span = spanOf(segment.text, role);
  return span && sliceSegment(segment, codePointIndex(segment.text, span.start), codePointIndex(segment.text, span.end));
}

function spanOf(text: string, role: FieldRole): { start: number; end: number } | undefined {
  switch (VALUE_TYPE[role]) {
    case 'date':
      return findDates(text)[0];
    case 'amount':
      return findAmounts(text).at(-1);
    case 'phone':
      return matchSpan(PHONE.exec(text));
    case 'id':
      if (WHOLE_CODES.has(role)) return /\d/u.test(text) ? { start: 0, end: text.length } : undefined;
      if (role === 'passenger_id') return matchSpan(MASKED_ID.exec(text));
      return idSpan(text, GROUPED_IDS.has(role), role === 'document_number');
    case 'name':
      return NAME.test(text) && !LABELLED.test(text) && !SEAL_LEGEND.test(text) ? { start: 0, end: text.length } : undefined;
    default:
      return { start: 0, end: text.length };
  }
}

/**
 * The first id in the text; with `grouped`, from its country's letters and through the letter-and-digit
 * groups printed after it; with `series`, from the letters of its series ("FPR 35/25").
 */
function idSpan(text: string, grouped: boolean, series = false): { start: number; end: number } | undefined {
  const tokens = [...text.matchAll(ID_TOKEN)];
  const first = tokens.findIndex((m) => isId(m[0]));
  if (first < 0) return undefined;
  const spaced = (a: number) => /^\s+$/u.test(text.slice(tokens[a]!.index! + tokens[a]![0].length, tokens[a + 1]!.index));
  let last = first;
  while (grouped && tokens[last + 1] && /^[\p{L}\p{N}]+$/u.test(tokens[last + 1]![0]) && spaced(last)) last++;
  const before = tokens[first - 1]?.[0] ?? '';
  const opens = (grouped && VAT_PREFIX.test(before)) || (series && isSeries(before));
  const start = first > 0 && opens && spaced(first - 1) ? first - 1 : first;
  return { start: tokens[start]!.index!, end: tokens[last]!.index! + tokens[last]![0].length };
}

function matchSpan(m: RegExpExecArray | RegExpMatchArray | null | undefined): { start: number; end: number } | undefined {
  return m ? { start: m.index!, end: m.index! + m[0].length } : undefined;
}
