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
// "69001 Lyon", "London SW1A 1AA", "GB SW1B 3BN London", "Springfield, IL 62704"; a street may run before it after a comma.
const POSTCODE_LINES: readonly { pattern: RegExp; groups: Partial<Record<AddressPart, number>> }[] = [
  { pattern: /^(?:(.*\S),\s*)?(?:([A-Z]{2})\s?[- ]\s?)?(\d{4,5}|\d{2}-\d{3}|\d{4}\s?[A-Z]{2})\s+(\p{L}[\p{L} .'-]*?)[,.]?$/du, groups: { street: 1, country: 2, postcode: 3, city: 4 } },
  { pattern: /^(?:(.*\S),\s*)?(\p{L}[\p{L} .'-]*?),?\s+([A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2})$/du, groups: { street: 1, city: 2, postcode: 3 } },
  { pattern: /^(?:([A-Z]{2})\s?[- ]\s?)?([A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2})\s+(\p{L}[\p{L} .'-]*?)[,.]?$/du, groups: { country: 1, postcode: 2, city: 3 } },
  { pattern: /^(?:(.*\S),\s*)?(\p{L}[\p{L} .'-]*?),\s*[A-Z]{2}\s+(\d{5}(?:-\d{4})?)$/du, groups: { street: 1, city: 2, postcode: 3 } },
];

/**
 * The street, postcode, town and country of an address's lines, each where it is printed; parts not
 * found are left out. The address ends at its first postcode line (and the country under it): lines
 * after it are another block's (a legal address printed under the buyer's).
 */
export function addressParts(lines: readonly AddressLine[]): { parts: Partial<Record<AddressPart, AddressLine[]>>; lines: readonly AddressLine[] } {
  for (const [k, line] of lines.entries()) {
    for (const { pattern, groups } of POSTCODE_LINES) {
      const m = pattern.exec(line.text.trim());
      if (!m) continue;
      const lead = line.text.length - line.text.trimStart().length;
      const part = (g: number | undefined) => (g !== undefined && m.indices![g] ? [sub(line, lead + m.indices![g][0], lead + m.indices![g][1])] : undefined);
      const found: Partial<Record<AddressPart, AddressLine[]>> = {};
      for (const [name, g] of Object.entries(groups) as [AddressPart, number][]) {
        const value = part(g);
        if (value) found[name] = value;
      }
      if (!found.street && k > 0) found.street = [lines[k - 1]!];
      const after = lines[k + 1];
      // A country printed on its own line under the town is one the line names ("Deutschland"; a label such as "USt-IdNr" is none).
      if (!found.country && after && countryCodeOfName(after.text) !== undefined) found.country = [after];
      return { parts: found, lines: lines.slice(0, found.country?.[0] === after ? k + 2 : k + 1) };
    }
  }
  return { parts: {}, lines };
}

/** The part of a line between two code-unit indexes of its text. */
function sub(line: AddressLine, start: number, end: number): AddressLine {
  return { ...line, text: line.text.slice(start, end), from: line.from + Array.from(line.text.slice(0, start)).length };
}
