import { countryCodeOfName } from '../words/country-names.js';
import type { Segment } from '../layout/segments.js';

/** A line of an address: its text, and where the text starts in its segment (code points). */
export interface AddressLine {
  segment: Segment;
  row: number;
  text: string;
  from: number;
}

export type AddressPart = 'street' | 'postcode' | 'city' | 'country';

// The line of the postcode and the town, as countries print it: "DE 80333 München", "D-80333 München",
// "69001 Lyon", "50123 Firenze (FI)" (an Italian town's province after it), "London SW1A 1AA", "GB SW1B 3BN London", "Springfield, IL 62704"; a street may run before it
// after a comma, and more after it past a comma: the country, then the telephone and the like
// ("Lindenallee 15, 80333 München, Deutschland, Telefon ...").
// A Dutch postcode's two letters ("5611 EM Eindhoven") before a town, tried before four digits alone; not a
// word that starts a town's name in capitals ("7100 LA LOUVIERE", "1234 ST GALLEN"), nor SA, SD, SS (never given).
const DUTCH_POSTCODE = String.raw`\d{4}\s?(?!(?:LA|LE|EL|DE|DI|DA|AM|AN|IM|ST|SA|SD|SS)\s)[A-Z]{2}(?=\s)`;
const postcodeLine = (body: string) => new RegExp(`^${body}(?:\\s*,\\s*(?<more>.*))?$`, 'du');
// A British postcode ("SW1A 1AA"), an Irish Eircode ("T12 R5CP", "D6W XK20"): printed after the town.
const UK_IE_POSTCODE = String.raw`[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}|(?:[AC-FHKNPRTV-Y]\d{2}|D6W)\s?[\dAC-FHKNPRTV-Y]{4}`;
// A town on its own line over such a postcode: Dublin's districts carry their number ("Dublin 8").
const TOWN_LINE = /^\s*\p{L}[\p{L} .'-]*?(?:\s\d{1,2}W?)?[,.]?\s*$/u;
const POSTCODE_ALONE = new RegExp(`^\\s*(?:${UK_IE_POSTCODE})\\s*$`, 'u');
const POSTCODE_LINES: readonly { pattern: RegExp; groups: Partial<Record<AddressPart, number>> }[] = [
  { pattern: postcodeLine(String.raw`(?:(.*\S),\s*)?(?:([A-Z]{2})\s?[- ]\s?)?(${DUTCH_POSTCODE}|\d{4,5}|\d{2}-\d{3})\s+(\p{L}[\p{L} .'-]*?)(?:\s*\([A-Z]{2}\))?[,.]?`), groups: { street: 1, country: 2, postcode: 3, city: 4 } },
  { pattern: postcodeLine(String.raw`(?:(.*\S),\s*)?(\p{L}[\p{L} .'-]*?(?:\s\d{1,2}W?)?),?\s+(${UK_IE_POSTCODE})`), groups: { street: 1, city: 2, postcode: 3 } },
  { pattern: postcodeLine(String.raw`(?:([A-Z]{2})\s?[- ]\s?)?([A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2})\s+(\p{L}[\p{L} .'-]*?)[,.]?`), groups: { country: 1, postcode: 2, city: 3 } },
  { pattern: postcodeLine(String.raw`(?:(.*\S),\s*)?(\p{L}[\p{L} .'-]*?),\s*[A-Z]{2}\s+(\d{5}(?:-\d{4})?)`), groups: { street: 1, city: 2, postcode: 3 } },
];
// Between the name, street and town of an address run into one line: a bullet, a bar, a middle dot or a dash between spaces.
export const SEPARATOR = /\s*[•●·|]\s*|\s+[–-]\s+/gu;
/** Commas, where a line is known to run a name and an address together (a letter's sender line); a street may hold one ("Via Roma, 12"). */
export const COMMAS = /\s*,\s*/gu;

/**
 * The street, postcode, town and country of an address's lines, each where it is printed; parts not
 * found are left out. The address ends at its first postcode line (and the country under it): lines
 * after it are another block's (a legal address printed under the buyer's).
 */
export function addressParts(lines: readonly AddressLine[]): { parts: Partial<Record<AddressPart, AddressLine[]>>; lines: readonly AddressLine[] } {
  const pieces = lines.flatMap((line) => piecesOf(line));
  for (const k of pieces.keys()) {
    const found = postcodeLineParts(pieces, k);
    if (!found) continue;
    const after = pieces[k + 1];
    // A country after the town names one ("Deutschland"; a label such as "USt-IdNr" is none): on the same line past a comma, or on its own line under it.
    const country = found.more ?? (after && [after]);
    if (!found.parts.country && country && countryCodeOfName(country[0]!.text) !== undefined) found.parts.country = country;
    return { parts: found.parts, lines: pieces.slice(0, found.parts.country?.[0] === after ? k + 2 : k + 1) };
  }
  return { parts: {}, lines };
}

/** The last of the lines is an address's postcode line (with the town over it where a British or Irish postcode stands alone). */
export function endsInPostcodeLine(lines: readonly AddressLine[]): boolean {
  const pieces = lines.flatMap((line) => piecesOf(line));
  return pieces.length > 0 && postcodeLineParts(pieces, pieces.length - 1) !== undefined;
}

/** The parts a postcode line holds (and the street over it), with what follows it past a comma; none when the piece is no postcode line. */
function postcodeLineParts(pieces: readonly AddressLine[], k: number): { parts: Partial<Record<AddressPart, AddressLine[]>>; more?: AddressLine[] } | undefined {
  const line = pieces[k]!;
  const town = pieces[k - 1];
  // "Cork" over "T12 R5CP": the town on the line over a British or Irish postcode standing alone.
  if (town && POSTCODE_ALONE.test(line.text) && TOWN_LINE.test(town.text)) return { parts: { postcode: [line], city: [town], ...(k > 1 ? { street: [pieces[k - 2]!] } : {}) } };
  for (const { pattern, groups } of POSTCODE_LINES) {
    const m = pattern.exec(line.text.trim());
    if (!m) continue;
    const lead = line.text.length - line.text.trimStart().length;
    const part = (at: [number, number] | undefined) => (at ? [sub(line, lead + at[0], lead + at[1])] : undefined);
    const parts: Partial<Record<AddressPart, AddressLine[]>> = {};
    for (const [name, g] of Object.entries(groups) as [AddressPart, number][]) {
      const value = part(m.indices![g]);
      if (value) parts[name] = value;
    }
    if (!parts.street && town) parts.street = [town];
    const more = m.indices!.groups?.more;
    return { parts, ...(more ? { more: part([more[0], more[0] + m.groups!.more!.split(',')[0]!.trimEnd().length]) } : {}) };
  }
  return undefined;
}

/** A line's pieces between separators ("Bei Spiel GmbH • Ecke 12 • 12345 Stadthausen"): the line itself when it has none. */
export function piecesOf(line: AddressLine, separator: RegExp = SEPARATOR): AddressLine[] {
  const pieces: AddressLine[] = [];
  let from = 0;
  for (const m of [...line.text.matchAll(separator), { index: line.text.length, 0: '' }]) {
    if (line.text.slice(from, m.index).trim() !== '') pieces.push(sub(line, from, m.index));
    from = m.index + m[0].length;
  }
  return pieces;
}

/** The part of a line between two code-unit indexes of its text. */
function sub(line: AddressLine, start: number, end: number): AddressLine {
  return { ...line, text: line.text.slice(start, end), from: line.from + Array.from(line.text.slice(0, start)).length };
}

// A Chinese address runs from the province and the city to the street, with no postcode and no spaces
// ("浙江省杭州市西湖区文三路121号", "北京市海淀区中关村大街174号"); a VAT invoice prints the telephone after it.
const CHINESE_ADDRESS = /^\s*(?:\p{Script=Han}{2,7}?(?:省|自治区))?(\p{Script=Han}{2,7}?市)([^\s]+?)(?=\s|\d{3,4}-\d{7,8}|$)/du;

/** The city and the street of a Chinese address, as code-point ranges of the text; none when it names no city. */
export function chineseAddressParts(text: string): Partial<Record<'city' | 'street', [number, number]>> {
  const m = CHINESE_ADDRESS.exec(text);
  if (!m) return {};
  const points = (at: [number, number]): [number, number] => [Array.from(text.slice(0, at[0])).length, Array.from(text.slice(0, at[1])).length];
  return { city: points(m.indices![1]!), street: points(m.indices![2]!) };
}
