import { DE } from './role-words/de.js';
import { EN } from './role-words/en.js';
import { ES } from './role-words/es.js';
import { FR } from './role-words/fr.js';
import { IT } from './role-words/it.js';
import { JA } from './role-words/ja.js';
import type { BlockParty, LanguageWords, PartyRowLabel } from './role-words/language-words.js';
import { MS } from './role-words/ms.js';
import { NL } from './role-words/nl.js';
import { ZH } from './role-words/zh.js';
import { COLUMN_ROLES, type ColumnRole } from './column-role.js';
import { PARTY_PARTS, type FieldRole, type NamedRole, type PartyPart } from './field-role.js';
import { withOcrSpelling } from './ocr-spelling.js';

export type { BlockParty, FieldRole, NamedRole, PartyRowLabel };

// What a field is for, read from its definition, and the words a document prints beside such a
// value. The words are kept per language in role-words/ (one file a language, each listing every
// role it names): field names are matched as words; the page labels are matched as printed labels,
// the longest first, so "Sub total" is never read as "Total".

/** What a value of the role looks like on the page. */
export type ValueType = 'name' | 'address' | 'phone' | 'id' | 'date' | 'amount' | 'currency';

export const VALUE_TYPE: Record<FieldRole, ValueType> = {
  issuer_name: 'name',
  issuer_address: 'address',
  buyer_name: 'name',
  buyer_address: 'address',
  phone: 'phone',
  issuer_tax_id: 'id',
  buyer_tax_id: 'id',
  document_number: 'id',
  document_code: 'id',
  check_code: 'id',
  machine_number: 'id',
  date: 'date',
  due_date: 'date',
  subtotal: 'amount',
  tax: 'amount',
  total: 'amount',
  currency: 'currency',
  amount_due: 'amount',
  iban: 'id',
  issuer_street: 'address',
  issuer_postcode: 'id',
  issuer_city: 'name',
  issuer_country: 'name',
  buyer_street: 'address',
  buyer_postcode: 'id',
  buyer_city: 'name',
  buyer_country: 'name',
  drawer: 'name',
  // A remark is free text, taken whole as an address is.
  remark: 'address',
  invoice_kind: 'name',
  passenger_name: 'name',
  passenger_id: 'id',
  travel_date: 'date',
  trip_number: 'id',
  seat_class: 'name',
  fare: 'amount',
  fuel_surcharge: 'amount',
  development_fund: 'amount',
  ticket_number: 'id',
};


/** The languages of the vocabulary, each a file of role-words/. */
export const LANGUAGES: Readonly<Record<string, LanguageWords>> = { en: EN, de: DE, fr: FR, es: ES, it: IT, nl: NL, zh: ZH, ja: JA, ms: MS };
const ALL = Object.values(LANGUAGES);

// Every word also as a scan spells it ("währung" and "wahrung"): the recognizer drops most diacritics.
const merged = (pick: (words: LanguageWords) => readonly string[] | undefined): string[] => withOcrSpelling(ALL.flatMap((words) => pick(words) ?? []));
// The same per key of a list kept by key (a role's labels, a party's headings), the keys in the order given.
const mergedPer = <K extends string>(keys: readonly K[], pick: (words: LanguageWords) => Partial<Record<K, readonly string[]>> | undefined): Record<K, string[]> =>
  Object.fromEntries(keys.map((key) => [key, merged((words) => pick(words)?.[key])])) as Record<K, string[]>;

/** Whether the named role is a party's value, and which part of it. */
export function partyPartOf(role: NamedRole): PartyPart | undefined {
  return role.startsWith('party_') ? (role.slice('party_'.length) as PartyPart) : undefined;
}

export const PARTY_ROLES: Readonly<Record<'issuer' | 'buyer', Readonly<Record<PartyPart, FieldRole>>>> = {
  issuer: Object.fromEntries(PARTY_PARTS.map((p) => [p, `issuer_${p}`])) as Record<PartyPart, FieldRole>,
  buyer: Object.fromEntries(PARTY_PARTS.map((p) => [p, `buyer_${p}`])) as Record<PartyPart, FieldRole>,
};

/** Words of a field's name, aliases or prompt that say which party a name, address or tax id belongs to. */
export const BUYER_WORDS = merged((w) => w.buyer);
export const SELLER_WORDS = merged((w) => w.seller);

// Most specific first: a "tax id" is no "tax", a "due date" no "date", an "amount due" no due date,
// a "street" no address, an "invoice code" no "invoice number"; a ticket's "passenger name" is no
// party's name, its "travel date" no issue date, its "ID number" and "ticket number" no document number.
const NAMED_ORDER: readonly NamedRole[] = [
  'check_code',
  'machine_number',
  'invoice_kind',
  'party_tax_id',
  'passenger_id',
  'passenger_name',
  'travel_date',
  'trip_number',
  'seat_class',
  'fuel_surcharge',
  'development_fund',
  'ticket_number',
  'fare',
  'drawer',
  'document_code',
  'iban',
  'phone',
  'amount_due',
  'due_date',
  'date',
  'party_street',
  'party_postcode',
  'party_city',
  'party_country',
  'party_address',
  'document_number',
  'subtotal',
  'tax',
  'total',
  'currency',
  'remark',
  'party_name',
];

/** Per role, the words that name it in a field definition, in every language (lower case; matched as whole words, CJK as substrings). */
export const ROLE_NAME_WORDS: readonly { role: NamedRole; words: string[] }[] = NAMED_ORDER.map((role) => ({ role, words: merged((w) => w.named[role]) }));

/** Words after which a prompt only qualifies what it named: "Gesamtbetrag inklusive MwSt" is a total. */
export const QUALIFIER_WORDS = merged((w) => w.qualifiers);

/** Kinds of business that shops and companies name themselves by, in every language. */
export const TRADE_WORDS = merged((w) => w.tradeWords);

/** Document titles a number and a date may follow, the words that mark the number and that join the date, in every language. */
export const TITLE_WORDS = merged((w) => w.titles);
export const NUMBER_MARKERS = merged((w) => w.numberMarkers);
export const DATE_JOINERS = merged((w) => w.dateJoiners);
/** Titles a document starts under whose number is no invoice's (see LanguageWords.otherTitles), in every language. */
export const OTHER_TITLE_WORDS = merged((w) => w.otherTitles);
export const PAYMENT_TERM_WORDS = merged((w) => w.paymentTerms?.opening);
export const UNTIL_WORDS = merged((w) => w.paymentTerms?.until);
/** The word for days in a credit term ("within 30 days", "innerhalb von 14 Tagen"), in every language. */
export const TERM_DAY_WORDS = merged((w) => w.paymentTerms?.days);

/** Headings over each party's block, in every language. */
export const PARTY_HEADINGS: Readonly<Record<BlockParty, string[]>> = mergedPer(['seller', 'buyer', 'delivery'], (w) => w.partyHeadings);
/** Labels of the rows of a party's block per what they label, in every language; of two kinds a row label may be read as, the first. */
export const PARTY_ROW_LABELS: Readonly<Record<PartyRowLabel, string[]>> = mergedPer(['name', 'address', 'tax_id', 'phone'], (w) => w.partyRowLabels);
/** Salutations, and the words of an attention line, in every language (see addressee.ts). */
export const SALUTATIONS = merged((w) => w.salutations);
export const ATTENTION_WORDS = merged((w) => w.attention);

/** Column heads of line items per role, in every language, in the order of COLUMN_ROLES. */
export const COLUMN_HEADS: Readonly<Record<ColumnRole, string[]>> = mergedPer(COLUMN_ROLES, (w) => w.columnHeads);

// The order decides which role owns a label two roles print alike ("due" before an amount is the total).
const PRINTED_ORDER = Object.keys(VALUE_TYPE) as FieldRole[];

/**
 * Labels a document prints before or above a value of the role, in every language. Labels of other
 * roles and the BLOCKING ones below compete for the same text: the longest label at a place owns it.
 */
export const PAGE_LABELS: Record<FieldRole, string[]> = mergedPer(PRINTED_ORDER, (w) => w.printed);

/**
 * Labels of values no field role takes, which would otherwise be read as a shorter label inside
 * them: "Total qty" is no total; cash given and change are payments, not the amount of the document;
 * a company's share capital is no amount of the invoice.
 */
export const ROUNDING_WORDS = merged((w) => w.rounding);
export const BLOCKING_LABELS = [...merged((w) => w.blocking), ...ROUNDING_WORDS];
export const NOT_INVOICE_AMOUNT_WORDS = merged((w) => w.notInvoiceAmounts);
