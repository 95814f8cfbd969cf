// VAT ids of the EU, the UK and Switzerland: a country prefix and its own count of digits (separators aside).
const VAT_ID = /^(?:ATU\d{8}|BE[01]\d{9}|BG\d{9,10}|CHE\d{9}|CY\d{8}[A-Z]|CZ\d{8,10}|DE\d{9}|DK\d{8}|EE\d{9}|EL\d{9}|ES[A-Z0-9]\d{7}[A-Z0-9]|FI\d{8}|FR[A-Z0-9]{2}\d{9}|GB\d{9}(?:\d{3})?|HR\d{11}|HU\d{8}|IE\d{7}[A-Z]{1,2}|IT\d{11}|LT\d{9}(?:\d{3})?|LU\d{8}|LV\d{11}|MT\d{8}|NL\d{9}B\d{2}|PL\d{10}|PT\d{9}|RO\d{2,10}|SE\d{12}|SI\d{8}|SK\d{10})$/u;
// Where an id may start; it is read from there over letters, digits and separators.
const PREFIX = /\b[A-Z]{2}/gu;
const LONGEST_PRINTED = 24;
// A VAT prefix that is not the country's ISO code.
const ISO_OF_PREFIX: Readonly<Record<string, string>> = { EL: 'GR', CH: 'CH' };

/** The VAT ids a text holds, separators removed ("DE 123 456 789" is "DE123456789"). */
export function vatIds(text: string): string[] {
  return printedVatIds(text).map((printed) => printed.id);
}

/** A VAT id as a text prints it: the id, and where it starts and ends in the text (code units, separators inside). */
export interface PrintedVatId {
  id: string;
  start: number;
  end: number;
}

/** The VAT ids a text holds where it prints them ("VAT No. GB 294 7716 05" holds GB294771605 from 8 to 22). */
export function printedVatIds(text: string): PrintedVatId[] {
  return [...text.matchAll(PREFIX)].flatMap((m) => {
    const found = idAt(text.slice(m.index));
    return found ? [{ id: found.id, start: m.index, end: m.index + found.length }] : [];
  });
}

/** The longest id that opens `text` and ends where a printed word ends ("DE123456789 GENODEF1M04" holds DE123456789), and the code units it takes. */
function idAt(text: string): { id: string; length: number } | undefined {
  let [id, found] = ['', undefined as { id: string; length: number } | undefined];
  for (let i = 0; i < Math.min(text.length, LONGEST_PRINTED) && /[0-9A-Z\s.-]/u.test(text[i]!); i++) {
    if (!/[0-9A-Z]/u.test(text[i]!)) continue;
    id += text[i];
    if (!/[0-9A-Za-z]/u.test(text[i + 1] ?? '') && VAT_ID.test(id)) found = { id, length: i + 1 };
  }
  return found;
}

/** The ISO country of a text's first VAT id: its prefix, but Greece's EL. */
export function vatIdCountry(text: string): string | undefined {
  const prefix = vatIds(text)[0]?.slice(0, 2);
  return prefix === undefined ? undefined : (ISO_OF_PREFIX[prefix] ?? prefix);
}
