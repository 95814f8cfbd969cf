// VAT ids of the EU, the UK and Switzerland: a country prefix and its own count of digits (separators aside).
const VAT_ID = /^(?:ATU\d{8}|BE[01]\d{9}|BG\d{9,10}|CHE\d{9}|CY\d{8}[A-Z]|CZ\d{8,10}|DE\d{9}|DK\d{8}|EE\d{9}|EL\d{9}|ES[A-Z0-9]\d{7}[A-Z0-9]|FI\d{8}|FR[A-Z0-9]{2}\d{9}|GB\d{9}(?:\d{3})?|HR\d{11}|HU\d{8}|IE\d{7}[A-Z]{1,2}|IT\d{11}|LT\d{9}(?:\d{3})?|LU\d{8}|LV\d{11}|MT\d{8}|NL\d{9}B\d{2}|PL\d{10}|PT\d{9}|RO\d{2,10}|SE\d{12}|SI\d{8}|SK\d{10})$/u;
// Where an id may start; it is read from there over letters, digits and separators.
const PREFIX = /\b[A-Z]{2}/gu;
const LONGEST_PRINTED = 24;
// A VAT prefix that is not the country's ISO code.
const ISO_OF_PREFIX: Readonly<Record<string, string>> = { EL: 'GR', CH: 'CH' };

/** The VAT ids a text holds, separators removed ("DE 123 456 789" is "DE123456789"). */
export function vatIds(text: string): string[] {
  return [...text.matchAll(PREFIX)].flatMap((m) => idFrom(text.slice(m.index, m.index + LONGEST_PRINTED)) ?? []);
}

/** The longest id at the start of `text` that ends where a printed word ends ("DE123456789 GENODEF1M04" holds DE123456789). */
function idFrom(text: string): string | undefined {
  let [id, found] = ['', undefined as string | undefined];
  for (let i = 0; i < text.length && /[0-9A-Z\s.-]/u.test(text[i]!); i++) {
    if (/[0-9A-Z]/u.test(text[i]!)) id += text[i];
    if (!/[0-9A-Za-z]/u.test(text[i + 1] ?? '') && VAT_ID.test(id)) found = id;
  }
  return found;
}

/** The ISO country of a text's first VAT id: its prefix, but Greece's EL. */
export function vatIdCountry(text: string): string | undefined {
  const prefix = vatIds(text)[0]?.slice(0, 2);
  return prefix === undefined ? undefined : (ISO_OF_PREFIX[prefix] ?? prefix);
}
