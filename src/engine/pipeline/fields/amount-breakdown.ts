import { findTerm } from '../document/text-match.js';
import { NOT_INVOICE_AMOUNT_WORDS, type FieldRole } from '../words/role-vocabulary.js';
import type { TypedValue } from './typed-value.js';

/** The amounts of an invoice's summary that add up: net + tax = total, as the page prints them. */
export interface AmountBreakdown {
  subtotal: TypedValue;
  tax: TypedValue;
  total: TypedValue;
}

export type AmountRole = keyof AmountBreakdown;
export const AMOUNT_ROLES: readonly AmountRole[] = ['subtotal', 'tax', 'total'];

const CENT = 0.005;
// Cash rounding (to 0.05 or 0.10) moves a total by at most this much.
const ROUNDING_STEP = 0.05 + CENT;
// No tax rate anywhere is over 30%: a "tax" larger than that share of the net is another amount.
const MAX_TAX_RATE = 0.3;
// An item line prints its quantity, price and amount (and often its rate and tax): this many amounts at least.
const ITEM_LINE_AMOUNTS = 3;

/** The amount stands in a zone that cannot hold an amount of the invoice (share capital, bank, cash given, change). */
export function outsideInvoiceAmounts(phrase: string): boolean {
  return NOT_INVOICE_AMOUNT_WORDS.some((word) => findTerm(phrase, word).length > 0);
}

/** Amounts that may be part of the summary: printed with decimals, under no other label, in no zone that cannot hold them. */
function summaryAmounts(values: readonly TypedValue[]): TypedValue[] {
  return values.filter((v) => v.kind === 'amount' && v.decimals && v.owner?.role !== 'other' && !outsideInvoiceAmounts(v.phrase));
}

const amount = (v: TypedValue) => v.parsed as number;
const cents = (v: TypedValue) => Math.round(Math.abs(amount(v)) * 100);
const rowKey = (v: TypedValue) => `${v.segment.page}:${v.row}`;

/** A triple of summary amounts, and how it ranks (see amountBreakdown). */
type Ranked = { b: AmountBreakdown; rank: number[] };

/**
 * The net, tax and total of the page: three amounts where net + tax = total (a credit note's tax may be
 * printed without its sign; a receipt prints its VAT lines under its total), the tax at most a tax rate's share of the
 * net (a zero tax only where a tax label says so). Of several such triples: the largest total (a section's,
 * a discount's or a deposit's sum is smaller), then the one whose amounts stand alone on their rows (a
 * summary's label-value rows, not a table's), then the one whose labels agree most, then the tightest,
 * then the first in reading order. Three amounts that add up by chance are no summary (one tax rate's
 * share, or two item lines and a price, add up too): the total is no smaller than an amount the page
 * labels as its total, and the three are shaped as a summary (see summaryShaped).
 */
export function amountBreakdown(values: readonly TypedValue[]): AmountBreakdown | undefined {
  const amounts = summaryAmounts(values);
  const perRow = new Map<string, number>();
  for (const v of values) if (v.kind === 'amount') perRow.set(rowKey(v), (perRow.get(rowKey(v)) ?? 0) + 1);
  const alone = (v: TypedValue) => (perRow.get(rowKey(v)) === 1 ? 1 : 0);
  // A net and a tax from two rows of several amounts each are two item lines (two items add up to the 合计 row's net).
  const twoItemLines = (net: TypedValue, tax: TypedValue) => rowKey(net) !== rowKey(tax) && [net, tax].every((v) => (perRow.get(rowKey(v)) ?? 0) >= ITEM_LINE_AMOUNTS);
  const rankOf = (i: readonly [number, number, number]): Ranked => {
    const b = { total: amounts[i[0]]!, subtotal: amounts[i[1]]!, tax: amounts[i[2]]! };
    // The indexes last: of equal triples the first on the page wins, in whatever order they were tried.
    return { b, rank: [Math.abs(amount(b.total)), alone(b.subtotal) + alone(b.tax) + alone(b.total), agreement(b), -spread(b), -i[0], -i[1], -i[2]] };
  };
  // The best a tax could make of a total and a net: a tax alone on its row, labelled as a tax, between them in reading order.
  const bound = (ti: number, ni: number) => {
    const [total, net] = [amounts[ti]!, amounts[ni]!];
    return [Math.abs(amount(total)), alone(net) + alone(total) + 1, agreementAs(net, 'subtotal') + agreementAs(total, 'total') + 2, -Math.abs(total.order - net.order), -ti, -ni, 0];
  };
  const sizes = new SizeIndex(amounts);
  const labelledTotal = Math.max(0, ...amounts.filter((v) => v.owner?.role === 'total').map((v) => Math.abs(amount(v))));
  let best: Ranked | undefined;
  for (const ti of sizes.largestFirst) {
    // The largest total wins: once a breakdown is found, no smaller total can beat it.
    if (best && Math.abs(amount(amounts[ti]!)) < best.rank[0]!) break;
    if (Math.abs(amount(amounts[ti]!)) < labelledTotal - ROUNDING_STEP) break;
    for (const ni of sizes.netsOf(ti)) {
      if (best && !before(bound(ti, ni), best.rank)) continue;
      for (const xi of sizes.taxesOf(ti, ni)) {
        if (xi === ni || xi === ti || !adds(amounts[ni]!, amounts[xi]!, amounts[ti]!)) continue;
        if (!summaryShaped(amounts[ti]!, amounts[ni]!, amounts[xi]!, alone) || twoItemLines(amounts[ni]!, amounts[xi]!)) continue;
        const ranked = rankOf([ti, ni, xi]);
        if (!best || before(ranked.rank, best.rank)) best = ranked;
      }
    }
  }
  return best?.b;
}

/**
 * The summary amounts by size (cents), so that a page with hundreds of amounts is not tried in
 * triples: a total's nets lie within a tax rate of it, and its tax is looked up by the cents left over.
 */
class SizeIndex {
  readonly largestFirst: number[];
  private readonly smallestFirst: number[];
  private readonly bySize = new Map<number, number[]>();

  constructor(private readonly amounts: readonly TypedValue[]) {
    const indexes = amounts.map((_, i) => i);
    this.largestFirst = [...indexes].sort((a, b) => Math.abs(amount(amounts[b]!)) - Math.abs(amount(amounts[a]!)));
    this.smallestFirst = [...indexes].sort((a, b) => cents(amounts[a]!) - cents(amounts[b]!));
    for (const i of indexes) {
      const same = this.bySize.get(cents(amounts[i]!));
      if (same) same.push(i);
      else this.bySize.set(cents(amounts[i]!), [i]);
    }
  }

  /** The nets a total may have: non-zero, not above it, and not so far below that the tax would exceed a tax rate. */
  *netsOf(ti: number): Generator<number> {
    const top = cents(this.amounts[ti]!);
    // Two cents of slack for rounding: the window may hold more nets than can add up, never fewer.
    const lowest = Math.floor(top / (1 + MAX_TAX_RATE)) - 2;
    for (let k = this.firstFrom(lowest); k < this.smallestFirst.length; k++) {
      const ni = this.smallestFirst[k]!;
      if (cents(this.amounts[ni]!) > top) return;
      if (ni !== ti && amount(this.amounts[ni]!) !== 0) yield ni;
    }
  }

  taxesOf(ti: number, ni: number): readonly number[] {
    return this.bySize.get(cents(this.amounts[ti]!) - cents(this.amounts[ni]!)) ?? [];
  }

  /** The first position in size order whose amount is at least `min` cents. */
  private firstFrom(min: number): number {
    let [lo, hi] = [0, this.smallestFirst.length];
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cents(this.amounts[this.smallestFirst[mid]!]!) < min) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

const spread = (b: AmountBreakdown) => Math.max(...AMOUNT_ROLES.map((r) => b[r].order)) - Math.min(...AMOUNT_ROLES.map((r) => b[r].order));

function before(a: readonly number[], b: readonly number[]): boolean {
  const i = a.findIndex((x, k) => x !== b[k]);
  return i >= 0 && a[i]! > b[i]!;
}

function adds(net: TypedValue, tax: TypedValue, total: TypedValue): boolean {
  const [n, t, g] = [amount(net), amount(tax), amount(total)];
  if (n * g <= 0 || Math.abs(Math.abs(n) + Math.abs(t) - Math.abs(g)) >= CENT) return false;
  if (t === 0) return tax.owner?.role === 'tax';
  return Math.abs(t) <= MAX_TAX_RATE * Math.abs(n);
}

// A label of the role itself counts most; a label of another of the three still says it is a summary amount (an amount due's is no gross).
function agreement(b: AmountBreakdown): number {
  return AMOUNT_ROLES.reduce((sum, role) => sum + agreementAs(b[role], role), 0);
}

function agreementAs(v: TypedValue, role: AmountRole): number {
  return v.owner?.role === role ? 2 : summaryLabelled(v) ? 0.5 : 0;
}

const summaryLabelled = (v: TypedValue): boolean => (AMOUNT_ROLES as readonly string[]).includes(v.owner?.role ?? '');

/**
 * One of the three carries a summary label (of its part or another: labels of the summary are often
 * misread as each other's), or they stand as a summary prints them unlabelled: on one row (a tax-rate
 * table's sum row) or each alone on its row (a label-value list in words not known). Amounts from the
 * item lines of a table are neither.
 */
function summaryShaped(total: TypedValue, net: TypedValue, tax: TypedValue, alone: (v: TypedValue) => number): boolean {
  if ([total, net, tax].some(summaryLabelled)) return true;
  return (rowKey(total) === rowKey(net) && rowKey(net) === rowKey(tax)) || alone(total) + alone(net) + alone(tax) === 3;
}

/** The amount is the breakdown's total, rounded for cash payment (a receipt prints both). */
export function roundedTotal(breakdown: AmountBreakdown, value: number): boolean {
  return Math.abs(Math.abs(amount(breakdown.total)) - Math.abs(value)) <= ROUNDING_STEP;
}

/** How the breakdown judges a value of an amount role: confirmed by the sum, contradicting it, or not concerned. */
export function breakdownVerdict(breakdown: AmountBreakdown | undefined, role: FieldRole, value: number): 'confirmed' | 'contradicted' | undefined {
  if (!breakdown || !(AMOUNT_ROLES as readonly string[]).includes(role)) return undefined;
  return Math.abs(Math.abs(amount(breakdown[role as AmountRole])) - Math.abs(value)) < CENT ? 'confirmed' : 'contradicted';
}
