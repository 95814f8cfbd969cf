import { rowText, type VisualRow } from '../layout/segments.js';
import { headerKey } from './column-roles.js';

/**
 * Rows inside a table that are not line items, told by the words they start with: the totals under
 * the lines (which end the table), the carried-over sum at a page break (left out, the table goes on),
 * and the page's own footer.
 */
const SUMMARY_WORDS = [
  'total', 'subtotal', 'sub total', 'grand total', 'net total', 'net', 'untaxed amount', 'rounding', 'balance', 'amount due', 'balance due', 'sum', 'tax', 'vat', 'sales tax', 'shipping', 'freight',
  'summe', 'zwischensumme', 'gesamt', 'gesamtbetrag', 'netto', 'nettobetrag', 'brutto', 'bruttosumme', 'endbetrag', 'rechnungsbetrag', 'rechnungssumme', 'zahlbetrag', 'positionssumme', 'mwst', 'ust', 'umsatzsteuer', 'zu zahlen',
  'sous total', 'montant ht', 'montant ttc', 'net à payer', 'tva', 'total ht', 'total ttc',
  'base imponible', 'iva', 'importe total', 'totale', 'imponibile', 'totaal', 'subtotaal', 'btw',
  '合计', '小计', '总计', '价税合计', '合計', '小計', '総計', '消費税', '税込',
  // What was paid and given back closes a receipt's items.
  'cash', 'change', 'tender', 'paid', 'gegeben', 'bar', 'rückgeld', 'espèces', 'rendu', 'efectivo', 'cambio', 'contanti', 'resto', 'contant', 'wisselgeld', '现金', '找零', 'お預り', 'お釣り',
].map(headerKey);

const CARRY_WORDS = [
  'carried forward', 'carry forward', 'brought forward', 'balance forward', 'carried over', 'übertrag', 'uebertrag', 'zwischenübertrag',
  'report', 'à reporter', 'a reporter', 'reporté', 'suma y sigue', 'suma anterior', 'riporto', 'a riportare', 'transport', 'saldo van vorige pagina',
  '承前', '承上页', '过次页', '转下页', '接上页', '繰越', '前頁より', '次頁へ', '次ページへ',
].map(headerKey);

const PAGE_FOOTER = /^(?:(?:page|seite|página|pagina|pag\.|p\.|blatt|blad|ページ)\s*\d+(?:\s*(?:of|von|de|di|sur|van|\/)\s*\d+)?|第\s*\d+\s*页(?:\s*[/,，]?\s*共\s*\d+\s*页)?|\d+\s*\/\s*\d+|[-–]\s*\d+\s*[-–]|\d+\s*\/\s*\d+\s*ページ)$/iu;

export type RowKind = 'summary' | 'carry' | 'footer';

/** A row's kind when it is not a line item; `label` is its text before its first figure. */
export function rowKind(row: VisualRow, label: string): RowKind | undefined {
  if (isPageFooter(row)) return 'footer';
  if (startsWithOneOf(label, CARRY_WORDS)) return 'carry';
  return startsWithOneOf(label, SUMMARY_WORDS) ? 'summary' : undefined;
}

/** The label begins with one of the words as whole words ("Netto:" and "Netto 19 %", not "Nettopreis"); CJK words anywhere at its start. */
function startsWithOneOf(label: string, words: readonly string[]): boolean {
  const key = headerKey(label);
  if (key === '') return false;
  const tokens = label.split(/[\s:：.,;()/-]+/u).map(headerKey).filter((t) => t !== '');
  const prefixes = tokens.map((_, i) => tokens.slice(0, i + 1).join(''));
  return words.some((w) => prefixes.includes(w) || (/^\p{Script=Han}/u.test(w) && key.startsWith(w)));
}

/** The page's own number or footer line ("Page 2 of 3", "Seite 1/2", "第1页 共2页"). */
export function isPageFooter(row: VisualRow): boolean {
  return PAGE_FOOTER.test(rowText(row).trim());
}
