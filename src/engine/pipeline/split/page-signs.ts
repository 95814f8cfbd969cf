import type { VisualRow } from '../layout/segments.js';
import { rowText } from '../layout/segments.js';
import { hasWord } from '../document/text-match.js';
import { rolesInText } from '../tables/column-roles.js';
import { LEGAL_FORMS } from '../words/legal-forms.js';
import { NUMBER_MARKERS, OTHER_TITLE_WORDS, TITLE_WORDS } from '../words/role-vocabulary.js';
import { alternatives, isUnspaced } from '../words/word-pattern.js';

/** What one page says about where it sits in its document. */
export type PageSigns = {
  /** "page 2 of 3", "Seite 2 von 3", "第2页 共3页": this page's number, and the count when printed. */
  pageNumber: { index: number; count: number | undefined } | undefined;
  /** Document numbers printed beside a number label (invoice no., Rechnung Nr., 发票号码, receipt #). */
  numbers: Set<string>;
  /** Marks of a first page found in its top part: a title, a number label, a date, a company's legal form. */
  header: string[];
  /** A total, a payable amount or a parting greeting in the lower part of the page: the document may end here. */
  closes: boolean;
  /** The issuer marks of the top part, each as its row's name (letters and digits, in small letters): to tell a letterhead already met. */
  issuers: string[];
  /** The page's last rows are a table's column heads with no row under them: its table carries on to the next page. */
  endsInTableHead: boolean;
  /** Letters and digits on the page: a page with next to none is blank or a separator. */
  characters: number;
  /** The page's text, one row a line (for separator words). */
  text: string;
};

// A title opens its row ("INVOICE", "Handelsrechnung Nr. 4711 vom ...", "TAX INVOICE", "发票") and ends its word: a longer
// word holding one ("Berechnungszeitraum", "Rechnungssumme") is no title. It is not the head of a label ("Lieferschein-Nr:",
// "Invoice date:") nor of a sentence ("Rechnung werden die nachgelieferten ..."), which continuation pages print as well.
// Any document's title counts (a delivery note starts a document too); CJK titles have no word to end and may follow a few characters ("增值税专用发票").
const TITLES = [...TITLE_WORDS, ...OTHER_TITLE_WORDS];
const TITLE_ROW = new RegExp(
  String.raw`^[^\p{L}]*\p{L}*(?:${alternatives(TITLES.filter((t) => !isUnspaced(t)))})(?!\p{L})(?![-‐]\p{L})(?!\s*(?:date|datum|to|an)\b)(?!\s*[:：])|^[^\p{L}]*.{0,6}(?:${alternatives(TITLES.filter(isUnspaced))})`,
  'iu',
);
const TITLE_ROW_LENGTH = 60;
/** Two words in small letters after the title word: the row is a sentence (matched without the i flag). */
const SENTENCE_GOES_ON = /^\s+\p{Ll}+\s+\p{Ll}/u;
// A document's own number: a document word, then a number word ("Invoice No.", "Rechnungsnummer", "Handelsrechnung Nr.",
// "Document No", "Receipt #"): the titles of invoices and receipts, and the words a till prints before its slip's number
// ("Bill No", "Order #", "Trans No"). Other documents' titles are left out: part invoices print the same "Bestellung Nr.".
// Tax and registration numbers name the issuer, not the document, and are left out too.
const DOCUMENT_WORDS = [...TITLE_WORDS, 'bill', 'bon', 'document', 'doc', 'order', 'slip', 'ticket', 'transaction', 'trans', 'inv', 'rcpt'];
const NUMBER_LABEL = new RegExp(String.raw`(?:${alternatives(DOCUMENT_WORDS)})\p{L}*\s*(?:${alternatives(NUMBER_MARKERS)})\s*[:.#]?\s*([A-Z0-9][A-Z0-9/_-]{2,})`, 'giu');
const CN_NUMBER = /(?:发票号码|号码|单号|编号)\s*[:：]?\s*([A-Z0-9]{4,})/gu;
const DATE = /\b(\d{1,2}[./-]\d{1,2}[./-]\d{2,4}|\d{4}[./-]\d{1,2}[./-]\d{1,2}|\d{1,2}\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|januar|februar|märz|mai|juni|juli|okt|dez)[a-z]*\.?\s+\d{2,4})\b|\d{4}年\d{1,2}月\d{1,2}日/iu;
// A letterhead: a legal form, or the marks an issuer prints under its name (trade words, telephone, tax or company registration).
const ISSUER = /\b(syarikat|perniagaan|enterprise|trading|restaurant|restoran|kedai|store|mart|hardware|stationery|tel|telefon|phone|fax|gst\s*(?:id|reg)|vat\s*(?:no|reg|id)|ust-?id|steuer-?nr|siret|tin|co\.?\s*(?:no|reg))\b|公司|电话|税号/iu;
// Short legal forms count in capitals only, with or without their points: "4 kg" is a weight, "KG" and "S.A." or "SA" a company.
const isShortForm = (form: string) => form.replace(/[^\p{L}]/gu, '').length <= 2;
const LONG_FORMS = LEGAL_FORMS.filter((form) => !isShortForm(form));
const SHORT_FORMS = [...new Set(LEGAL_FORMS.filter(isShortForm).flatMap((form) => [form, form.replace(/\./gu, '')]).map((form) => form.toUpperCase()))];
const SHORT_FORM = new RegExp(String.raw`(?<![\p{L}\p{N}])(?:${alternatives(SHORT_FORMS)})(?![\p{L}.])`, 'u');
const CLOSING = /\b(total|grand\s*total|amount\s*due|balance\s*due|gesamt(?:betrag|summe)?|summe|zahlbetrag|endbetrag|rechnungsbetrag|bruttosumme|zu\s*zahlen|montant\s*(?:total|ttc)|net\s*à\s*payer|importe\s*total|totale|rounding|change|thank\s*you|vielen\s*dank|terima\s*kasih|merci|gracias|grazie)\b|合计|总计|价税合计|谢谢/iu;
const PAGE_OF = /(?:page|seite|pagina|página|blatt|sheet|p\.|pg\.?|s\.)\s*(\d{1,3})\s*(?:of|von|de|sur|di|van|\/|-)\s*(\d{1,3})/iu;
const PAGE_ALONE = /(?:page|seite|pagina|página|blatt)\s*(\d{1,3})\b(?!\s*[./]\d)/iu;
const CN_PAGE = /第\s*(\d{1,3})\s*页(?:\s*[,，/]?\s*共\s*(\d{1,3})\s*页)?|共\s*(\d{1,3})\s*页\s*第\s*(\d{1,3})\s*页/u;
// A row naming three kinds of item column (the tables' column heads) and holding no amount is a table's head.
const TABLE_HEAD_COLUMNS = 3;
const namesColumns = (text: string) => new Set(rolesInText(text).map((m) => m.role)).size >= TABLE_HEAD_COLUMNS;
const AMOUNT = /\d[.,]\s?\d{2}(?!\d)/u;
/** The top part of a page, where a first page prints its header; the lower part, where a document closes. */
const TOP_SHARE = 0.3;
const CLOSING_FROM_SHARE = 0.35;

export function pageSigns(rows: readonly VisualRow[], height: number): PageSigns {
  const texts = rows.map(rowText);
  const topRows = rows.filter((row) => row.top < TOP_SHARE * height).map(rowText);
  const top = topRows.join('\n');
  const all = texts.join('\n');
  const issuerRows = topRows.filter(isIssuerRow);
  const header = [
    topRows.some(isTitleRow) ? 'title' : '',
    numbersOf(top).size > 0 ? 'number' : '',
    DATE.test(top) ? 'date' : '',
    issuerRows.length > 0 ? 'issuer' : '',
  ].filter(Boolean);
  return {
    pageNumber: pageNumberOf(all),
    numbers: numbersOf(all),
    header,
    issuers: issuerRows.map(issuerName),
    endsInTableHead: endsInTableHead(texts, rows, height),
    closes: rows.some((row) => row.top >= CLOSING_FROM_SHARE * height && CLOSING.test(rowText(row))),
    characters: (all.match(/[\p{L}\p{N}]/gu) ?? []).length,
    text: all,
  };
}

function endsInTableHead(texts: readonly string[], rows: readonly VisualRow[], height: number): boolean {
  const head = texts.findLastIndex((text) => !AMOUNT.test(text) && namesColumns(text));
  if (head < 0 || rows[head]!.top < CLOSING_FROM_SHARE * height) return false;
  return texts.slice(head + 1).every((text) => !AMOUNT.test(text) && !CLOSING.test(text));
}

function isIssuerRow(row: string): boolean {
  return ISSUER.test(row) || LONG_FORMS.some((form) => hasWord(row, form)) || SHORT_FORM.test(row);
}

/** The name an issuer row gives: the value after a label ("Kontoname: Verkehrsbetriebe GmbH") when it holds the mark, else the row. */
function issuerName(row: string): string {
  const value = row.slice(Math.max(row.lastIndexOf(':'), row.lastIndexOf('：')) + 1);
  return compact(isIssuerRow(value) ? value : row);
}

/** Letters and digits only, in small letters: names compared whatever the reader made of spaces and punctuation. */
export function compact(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

function isTitleRow(row: string): boolean {
  const title = row.length <= TITLE_ROW_LENGTH ? TITLE_ROW.exec(row) : null;
  return title !== null && !SENTENCE_GOES_ON.test(row.slice(title.index + title[0].length));
}

function pageNumberOf(text: string): PageSigns['pageNumber'] {
  const of = PAGE_OF.exec(text);
  if (of) return plausible(Number(of[1]), Number(of[2]));
  const cn = CN_PAGE.exec(text);
  if (cn) return cn[1] ? plausible(Number(cn[1]), cn[2] ? Number(cn[2]) : undefined) : plausible(Number(cn[4]), Number(cn[3]));
  const alone = PAGE_ALONE.exec(text);
  return alone ? plausible(Number(alone[1]), undefined) : undefined;
}

function plausible(index: number, count: number | undefined): PageSigns['pageNumber'] {
  if (index < 1 || (count !== undefined && (count < index || count > 200))) return undefined;
  return { index, count };
}

/** Numbers beside a number label: at least one digit, so that a label's next word is not taken. */
function numbersOf(text: string): Set<string> {
  const found = new Set<string>();
  for (const pattern of [NUMBER_LABEL, CN_NUMBER]) {
    for (const match of text.matchAll(pattern)) {
      const value = match[1]!.toUpperCase();
      if (/\d/.test(value) && !DATE.test(value) && value.replace(/\D/g, '').length >= 3) found.add(value);
    }
  }
  return found;
}
