import type { FieldRole } from './role-vocabulary.js';
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
// No tax rate anywhere is over 30%: a "tax" larger than that share of the net is another amount.
const MAX_TAX_RATE = 0.3;
// An amount printed in a sentence or a footer ("au capital de 120 000 €", "IBAN …", "Rückgeld 3,20") is no amount of the invoice.
const NOT_INVOICE_AMOUNT = /\b(?:capital|stammkapital|grundkapital|share\s+capital|capital\s+social|iban|bic|swift|blz|konto(?:-?nr)?|kontonummer|account\s+(?:no|number)|sort\s+code|gegeben|bar|rückgeld|wechselgeld|tendered|change\s+due|rendu|espèces|monnaie\s+rendue|vuelto|cambio|efectivo|contanti|resto)\b|找零|找赎|实收|现金/iu;

/** The amount stands in a zone that cannot hold an amount of the invoice (share capital, bank, cash given, change). */
export function outsideInvoiceAmounts(phrase: string): boolean {
  return NOT_INVOICE_AMOUNT.test(phrase);
}

/** Amounts that may be part of the summary: printed with decimals, under no other label, in no zone that cannot hold them. */
function summaryAmounts(values: readonly TypedValue[]): TypedValue[] {
  return values.filter((v) => v.kind === 'amount' && v.decimals && v.owner?.role !== 'other' && !outsideInvoiceAmounts(v.phrase));
}

const amount = (v: TypedValue) => v.parsed as number;
const cents = (v: TypedValue) => Math.round(Math.abs(amount(v)) * 100);
const rowKey = (v: TypedValue) => `${v.segment.page}:${v.row}`;

/**
 * The net, tax and total of the page: three amounts where net + tax = total (a credit note's tax may be
 * printed without its sign; a receipt prints its VAT lines under its total), the tax at most a tax rate's share of the
 * net (a zero tax only where a tax label says so). Of several such triples: the largest total (a section's,
 * a discount's or a deposit's sum is smaller), then the one whose amounts stand alone on their rows (a
 * summary's label-value rows, not a table's), then the one whose labels agree most, then the tightest.
 */
export function amountBreakdown(values: readonly TypedValue[]): AmountBreakdown | undefined {
  const amounts = summaryAmounts(values);
  const perRow = new Map<string, number>();
  for (const v of values) if (v.kind === 'amount') perRow.set(rowKey(v), (perRow.get(rowKey(v)) ?? 0) + 1);
  const alone = (v: TypedValue) => (perRow.get(rowKey(v)) === 1 ? 1 : 0);
  // The tax is looked up by its size (cents): pairs of amounts, not triples, however many a page prints.
  const bySize = new Map<number, TypedValue[]>();
  for (const v of amounts) bySize.set(cents(v), [...(bySize.get(cents(v)) ?? []), v]);
  let best: { b: AmountBreakdown; rank: number[] } | undefined;
  for (const total of amounts) {
    for (const net of amounts) {
      if (net === total || amount(net) === 0) continue;
      for (const tax of bySize.get(cents(total) - cents(net)) ?? []) {
        if (tax === net || tax === total || !adds(net, tax, total)) continue;
        const b = { subtotal: net, tax, total };
        const rank = [Math.abs(amount(total)), alone(net) + alone(tax) + alone(total), agreement(b), -spread(b)];
        if (!best || before(rank, best.rank)) best = { b, rank };
      }
    }
  }
  return best?.b;
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
  const summaryLabel = (v: TypedValue) => (AMOUNT_ROLES as readonly string[]).includes(v.owner?.role ?? '');
  return AMOUNT_ROLES.reduce((sum, role) => sum + (b[role].owner?.role === role ? 2 : summaryLabel(b[role]) ? 0.5 : 0), 0);
}

/** How the breakdown judges a value of an amount role: confirmed by the sum, contradicting it, or not concerned. */
export function breakdownVerdict(breakdown: AmountBreakdown | undefined, role: FieldRole, value: number): 'confirmed' | 'contradicted' | undefined {
  if (!breakdown || !(AMOUNT_ROLES as readonly string[]).includes(role)) return undefined;
  return Math.abs(Math.abs(amount(breakdown[role as AmountRole])) - Math.abs(value)) < CENT ? 'confirmed' : 'contradicted';
}
