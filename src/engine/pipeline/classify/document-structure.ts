import { PAGE_LABELS, PAYMENT_TERM_WORDS, TERM_DAY_WORDS } from '../words/role-vocabulary.js';
import { alternatives } from '../words/word-pattern.js';
import { findAmounts, findDates, type AmountMatch } from '../fields/value-parsers.js';
import { vatIds } from '../words/vat-id.js';

/**
 * What kind of commercial document a text is by its structure alone, in any language: a receipt prints
 * priced lines that add up to a total (and, paid in cash, the money given and the change that make
 * it up); an invoice prints a VAT id and a document number beside its amounts.
 */
export type DocumentKind = 'receipt' | 'invoice';

const cents = (a: AmountMatch) => Math.round(Math.abs(a.value) * 100);

/** The amount a line ends with, when it is a price: printed with decimals, after some words. */
function endingPrice(line: string): AmountMatch | undefined {
  const amounts = findAmounts(line);
  const last = amounts.at(-1);
  if (!last?.decimals) return undefined;
  const after = line.slice(last.end).trim();
  return /\p{L}{2}/u.test(line.slice(0, last.start)) && /^[\p{L}\p{Sc}*]{0,4}$/u.test(after) ? last : undefined;
}

// A till prints the count and the unit price of an item on a line of their own ("3 x 4,22", "2 St x 1,99"): no price of its own.
const QUANTITY_LINE = /^\s*\d+(?:[.,]\d+)?\s*\p{L}{0,3}\.?\s*[x×*]\s*\p{Sc}?\s*\d+[.,]\d{2}\s*\p{Sc}?\s*$/iu;

/**
 * The line holding a total of the priced lines printed just above it (two at least; lines without
 * amounts, such as rulers and notes, and a till's quantity lines between them), and that total.
 */
function totalOfLines(lines: readonly string[]): { line: number; total: number } | undefined {
  const prices = lines.map(endingPrice);
  for (let j = 1; j < lines.length; j++) {
    const totals = new Set(findAmounts(lines[j]!).filter((a) => a.decimals).map(cents));
    if (totals.size === 0) continue;
    let [sum, count] = [0, 0];
    for (let i = j - 1; i >= 0; i--) {
      const price = prices[i];
      if (!price) {
        if (findAmounts(lines[i]!).length > 0 && !QUANTITY_LINE.test(lines[i]!)) break;
        continue;
      }
      sum += cents(price);
      count++;
      if (count >= 2 && totals.has(sum)) return { line: j, total: sum };
    }
  }
  return undefined;
}

/** After the total, the money given and the change returned: given - total = change. */
function paidInCash(lines: readonly string[], after: { line: number; total: number }): boolean {
  const later = lines.slice(after.line + 1).flatMap((l) => findAmounts(l).filter((a) => a.decimals).map(cents));
  return later.some((given, i) => given > after.total && later.slice(i + 1).includes(given - after.total));
}

// "label: value" where the value is an id: letters, digits and separators, three digits at least.
const LABELLED_ID = /\p{L}[\p{L}.#°º -]{0,30}[:：#°º]\s*([A-Z0-9][A-Z0-9/_.-]{2,24})\s*$/iu;

/** A document number: an id printed after a label, that is neither a date nor an amount. */
function hasDocumentNumber(lines: readonly string[]): boolean {
  return lines.some((line) => {
    const id = LABELLED_ID.exec(line.trim())?.[1];
    return id !== undefined && (id.match(/\d/gu)?.length ?? 0) >= 3 && findDates(id).length === 0 && !findAmounts(id).some((a) => a.decimals);
  });
}

const DUE_DATE_LABEL = new RegExp(`(?<!\\p{L})(?:${alternatives(PAGE_LABELS.due_date)})(?!\\p{L})`, 'iu');

/** A due date: its label in any of the vocabulary's languages, with a date on its line or one of the two under it (a header grid's row). */
function printsDueDate(lines: readonly string[]): boolean {
  return lines.some((line, i) => DUE_DATE_LABEL.test(line) && lines.slice(i, i + 3).some((near) => findDates(near).length > 0));
}

// A credit term: a payment term that gives days to pay ("Payment due within 30 days", "Zahlbar innerhalb von 14 Tagen").
const CREDIT_TERM = new RegExp(String.raw`^[^\p{L}]*(?:${alternatives(PAYMENT_TERM_WORDS)})(?!\p{L}).*?\d+\s*(?:${alternatives(TERM_DAY_WORDS)})(?!\p{L})`, 'iu');

/** The kinds the text's structure shows: an invoice, a receipt, or neither. */
export function documentKind(text: string): DocumentKind | undefined {
  const lines = text.split('\n');
  const priced = totalOfLines(lines);
  if (priced && paidInCash(lines, priced)) return 'receipt';
  if (vatIds(text).length > 0 && hasDocumentNumber(lines)) return 'invoice';
  // A receipt is paid on the spot: priced lines with a date or days to pay by are a bill.
  if (printsDueDate(lines) || lines.some((line) => CREDIT_TERM.test(line))) return 'invoice';
  return priced ? 'receipt' : undefined;
}
