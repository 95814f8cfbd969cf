import type { Rng } from '../../corpus/rng.js';
import { printedVatId } from '../company-numbers.js';
import type { Country } from '../conventions.js';
import type { InvoiceData } from '../invoice-data.js';
import type { InvoiceLabelKey, LabelLanguage } from '../labels.js';
import { formatMoney, formatNumber, type NumberStyle } from '../locale-format.js';
import { postalLines } from '../place-names.js';
import type { Mark, Page, Printed } from './print.js';

/** Everything an invoice's parts draw from: the page, the data, the wording, the number style. */
export interface InvoicePage extends Page {
  rng: Rng;
  data: InvoiceData;
  labels: Record<InvoiceLabelKey, string>;
  language: LabelLanguage;
  style: NumberStyle;
  /** Left and right edges of the text area, in points. */
  left: number;
  right: number;
  /** Body text size. */
  size: number;
  /** A credit note prints its amounts negative. */
  negative: boolean;
}

const signed = (page: InvoicePage, value: number) => (page.negative ? -Math.abs(value) : value);

/** An amount as a table prints it: the number alone. */
export const amountText = (page: InvoicePage, value: number) => formatNumber(signed(page, value), page.style);

/** An amount as a total prints it, with the currency sign where the document puts one. */
export const moneyText = (page: InvoicePage, value: number) => formatMoney(signed(page, value), page.style);

/** A total row's value: the amount's mark, and the currency's where the sign or code is printed beside it. */
export function moneyMarks(page: InvoicePage, field: string, value: number): { text: string; marks: Mark[] } {
  const text = moneyText(page, value);
  // "-€ 1.163,40" prints the minus apart from the number.
  const number = text.includes(amountText(page, value)) ? amountText(page, value) : formatNumber(Math.abs(value), page.style);
  const sign = page.style.sign;
  const currency: Mark[] = sign === '' ? [] : [{ field: 'Currency', value: page.data.values.currency, part: sign }];
  const marks: Mark[] = page.style.signAfter ? [{ field, value, part: number }, ...currency] : [...currency, { field, value, part: number }];
  return { text, marks };
}

export const countryName = (language: LabelLanguage, code: string) => new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;

export type Who = 'Seller' | 'Buyer';

/** A party's address lines with their values: name, street, postcode and city, and the country where it is printed. */
export function partyLines(page: InvoicePage, who: Who, options: { country: boolean; contact?: string | null; nameField?: boolean }): Printed[] {
  const party = page.data.values[who === 'Seller' ? 'seller' : 'buyer'];
  const country: Country = who === 'Seller' ? page.data.sellerCountry : page.data.buyerCountry;
  const lines: Printed[] = [];
  if (party.name) lines.push({ text: party.name, marks: options.nameField === false ? [] : [{ field: `${who} name`, value: party.name, part: party.name }] });
  if (options.contact) lines.push({ text: options.contact });
  if (party.street) lines.push({ text: party.street, marks: [{ field: `${who} street`, value: party.street, part: party.street }] });
  lines.push(...postal(who, country, party, page.data.regions[who === 'Seller' ? 'seller' : 'buyer']));
  if (options.country && party.country) {
    const name = countryName(page.language, party.country);
    const text = page.rng.chance(0.5) ? name.toUpperCase() : name;
    lines.push({ text, marks: [{ field: `${who} country`, value: party.country, part: text }] });
  }
  return lines;
}

function postal(who: Who, country: Country, party: { postcode: string | null; city: string | null }, region: string): Printed[] {
  if (!party.postcode && !party.city) return [];
  const texts = postalLines(country, { postcode: party.postcode ?? '', city: party.city ?? '', region }).map((t) => t.replace(/\s+/g, ' ').trim());
  return texts.filter((t) => t !== '').map((text) => {
    const marks: Mark[] = [];
    if (party.postcode && text.includes(party.postcode)) marks.push({ field: `${who} postcode`, value: party.postcode, part: party.postcode });
    if (party.city && text.includes(party.city)) marks.push({ field: `${who} city`, value: party.city, part: party.city });
    marks.sort((a, b) => text.indexOf(a.part) - text.indexOf(b.part));
    return { text, marks };
  });
}

/** The party's VAT id line under `label`, or none when the data has no id. */
export function vatLine(page: InvoicePage, who: Who, label: string, separator = ': '): Printed[] {
  const id = page.data.values[who === 'Seller' ? 'seller' : 'buyer'].vat_id;
  if (!id) return [];
  const printed = printedVatId(page.rng, id);
  return [{ text: `${label}${separator}${printed}`, marks: [{ field: `${who} VAT ID`, value: id, part: printed, from: label.length }] }];
}
