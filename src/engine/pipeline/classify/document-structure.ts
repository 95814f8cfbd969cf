import { z } from 'zod';
import { COLUMN_HEADS, PAGE_LABELS, PARTY_HEADINGS, PAYMENT_TERM_WORDS, TERM_DAY_WORDS } from '../words/role-vocabulary.js';
import { alternatives } from '../words/word-pattern.js';
import bundled from './kind-model.json' with { type: 'json' };
import { findAmounts, findDates, type AmountMatch } from '../fields/value-parsers.js';
import { vatIds } from '../words/vat-id.js';

/**
 * What kind of commercial document a text is by its structure alone, in any language: a receipt prints
 * priced lines that add up to a total (and, paid in cash, the money given and the change that make
 * it up); an invoice prints a VAT id and a document number beside its amounts, a due date, a buyer.
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

const BUYER_HEADING = new RegExp(`^\\s*(?:${alternatives(PARTY_HEADINGS.buyer)})(?!\\p{L})`, 'iu');
const COLUMN_HEAD_ROLES = (['description', 'quantity', 'unit_price', 'line_amount'] as const).map((role) => new RegExp(`(?<!\\p{L})(?:${alternatives(COLUMN_HEADS[role])})(?!\\p{L})`, 'iu'));
// A time of day printed beside the date: a till stamps the minute of the sale.
const CLOCK_TIME = /(?<![\d:.])(?:[01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d)?(?![\d:])/u;
// A receipt is printed on a till roll: most of its lines are short.
const SHORT_LINE = 32;

/** The signs of a text's structure the kind model weighs, each 0 to 1, in any language. */
export const StructureSignals = z.object({
  /** Priced lines add up to a total under them; after it, money given and the change that make it up. */
  priced: z.number(),
  cash: z.number(),
  vatId: z.number(),
  documentNumber: z.number(),
  dueDate: z.number(),
  creditTerm: z.number(),
  /** A line opening with a buyer's heading ("Bill to", "Rechnungsempfänger", "购买方"). */
  buyerHeading: z.number(),
  /** A line holding the heads of an item table: description, quantity, unit price, amount (three of them). */
  columnHeads: z.number(),
  clockTime: z.number(),
  /** A till's quantity line ("3 x 4,22"); the share of lines no longer than a till roll's. */
  quantityLine: z.number(),
  shortLines: z.number(),
});
export type StructureSignals = z.infer<typeof StructureSignals>;

const flag = (yes: boolean) => (yes ? 1 : 0);

/** The text's structure signals; undefined when it shows no commercial structure at all (a letter, minutes). */
export function structureSignals(text: string): StructureSignals | undefined {
  const lines = text.split('\n');
  const priced = totalOfLines(lines);
  const signals = {
    priced: flag(priced !== undefined),
    cash: flag(priced !== undefined && paidInCash(lines, priced)),
    vatId: flag(vatIds(text).length > 0),
    documentNumber: flag(hasDocumentNumber(lines)),
    dueDate: flag(printsDueDate(lines)),
    creditTerm: flag(lines.some((line) => CREDIT_TERM.test(line))),
    buyerHeading: flag(lines.some((line) => BUYER_HEADING.test(line))),
    columnHeads: flag(lines.some((line) => COLUMN_HEAD_ROLES.filter((head) => head.test(line)).length >= 3)),
    clockTime: flag(lines.some((line) => CLOCK_TIME.test(line))),
    quantityLine: flag(lines.some((line) => QUANTITY_LINE.test(line))),
    shortLines: shortShare(lines),
  };
  const commercial = signals.priced || (signals.vatId && signals.documentNumber) || signals.dueDate || signals.creditTerm;
  return commercial ? signals : undefined;
}

function shortShare(lines: readonly string[]): number {
  const printed = lines.map((l) => l.trim()).filter((l) => l !== '');
  return printed.length === 0 ? 0 : printed.filter((l) => Array.from(l).length <= SHORT_LINE).length / printed.length;
}

/**
 * The kind model's file (bench/scorer/fit-classifier.py writes it): a logistic regression over the
 * structure signals giving the odds that a commercial document is a receipt rather than an invoice,
 * fitted and judged on layout families held out one at a time.
 */
export const KindModel = z.object({
  version: z.literal(1),
  fitted: z.object({ command: z.string(), date: z.string(), families: z.array(z.string()), keptOut: z.array(z.string()), documents: z.number().int() }),
  intercept: z.number(),
  weights: StructureSignals,
});
export type KindModel = z.infer<typeof KindModel>;

let shipped: KindModel | undefined;
const shippedModel = () => (shipped ??= KindModel.parse(bundled));

/** How likely a text of commercial structure is a receipt (the rest: an invoice), by the kind model. */
export function receiptProbability(signals: StructureSignals, model: KindModel = shippedModel()): number {
  const logit = (Object.keys(model.weights) as (keyof StructureSignals)[]).reduce((sum, k) => sum + signals[k] * model.weights[k], model.intercept);
  return 1 / (1 + Math.exp(-logit));
}

/** How likely the text is each kind; both 0 when it shows no commercial structure. */
export function kindProbabilities(text: string): Record<DocumentKind, number> {
  const signals = structureSignals(text);
  if (!signals) return { receipt: 0, invoice: 0 };
  const receipt = receiptProbability(signals);
  return { receipt, invoice: 1 - receipt };
}

/** The kind the text's structure shows more likely, or neither. */
export function documentKind(text: string): DocumentKind | undefined {
  const odds = kindProbabilities(text);
  if (odds.receipt === 0 && odds.invoice === 0) return undefined;
  return odds.receipt >= 0.5 ? 'receipt' : 'invoice';
}
