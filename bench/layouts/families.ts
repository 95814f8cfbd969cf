import type { Rng } from '../corpus/rng.js';
import type { Country } from './conventions.js';
import { A4, US_LETTER, type InvoiceTemplate } from './invoice-template.js';
import type { Column } from './parts/item-table.js';
import type { ReceiptTemplate } from './receipt-template.js';

/** A family of invoice layouts: the country whose conventions it prints, and its templates drawn from a seed. */
export interface InvoiceFamily {
  name: string;
  kind: 'invoice';
  countries: readonly Country[];
  /** Share of its documents that are credit notes (with a linked invoice number). */
  creditShare: number;
  /** Random lines carry discounts (a discount column prints them). */
  discounts: boolean;
  /** Its templates drawn from a seed, or a Chinese layout of its own (the VAT grid, the older VAT form, the fully digital e-invoice and its two ticket variants). */
  template: ((rng: Rng) => InvoiceTemplate) | 'zh-vat-grid' | 'zh-vat-paper' | DigitalTemplate;
}

/** The 数电票's layouts: the invoice (专用 and 普通), the railway e-ticket, the air itinerary. */
export const DIGITAL_TEMPLATES = ['zh-digital-invoice', 'zh-rail-ticket', 'zh-air-itinerary'] as const;
export type DigitalTemplate = (typeof DIGITAL_TEMPLATES)[number];

export interface ReceiptFamily {
  name: string;
  kind: 'receipt';
  countries: readonly Country[];
  template(rng: Rng, country: Country): ReceiptTemplate;
}

export type LayoutFamily = InvoiceFamily | ReceiptFamily;

const columns = (rng: Rng, ...options: (readonly Column[])[]) => rng.pick(options);

const INVOICE_FAMILIES: readonly InvoiceFamily[] = [
  {
    // A German letter for a window envelope: sender line over the address field, info column at the right, legal columns in the footer.
    name: 'de-letter-window', kind: 'invoice', countries: ['DE', 'AT'], creditShare: 0.2, discounts: true,
    template: (rng) => ({
      page: A4, letterhead: rng.pick(['left', 'right']), legalInHead: false, buyer: 'window', buyerVat: rng.pick([{ where: 'block', label: 'customerVatId' }, { where: 'info' }]), info: 'column', title: 'left',
      table: { columns: columns(rng, ['position', 'description', 'quantity', 'unit', 'unitPrice', 'amount'], ['position', 'description', 'quantity', 'unitPrice', 'discount', 'taxRate', 'amount']), rules: rng.pick(['grid', 'header']), headerLines: 1 },
      totals: rng.pick(['right', 'boxed-right']), due: rng.chance(0.5), footer: 'columns', size: 9.5,
    }),
  },
  {
    // German, centred letterhead with capital and registry, billing and delivery address side by side, a ruled info band.
    name: 'de-centred-info-grid', kind: 'invoice', countries: ['DE'], creditShare: 0.2, discounts: false,
    template: (rng) => ({
      page: A4, letterhead: 'centre', legalInHead: true, buyer: 'side-by-side', buyerVat: { where: 'info' }, info: 'grid', title: rng.pick(['left', 'with-number']),
      table: { columns: columns(rng, ['position', 'description', 'quantity', 'unitPrice', 'taxRate', 'amount'], ['position', 'quantity', 'unit', 'description', 'unitPrice', 'amount']), rules: 'grid', headerLines: 2 },
      totals: 'full', due: true, footer: rng.pick(['columns', 'none']), size: 9,
    }),
  },
  {
    // French: capital, RCS and VAT id in a line under the letterhead; the buyer's block without a heading beside "Adresse de livraison"; "N° TVA client".
    name: 'fr-no-heading-buyer', kind: 'invoice', countries: ['FR'], creditShare: 0.3, discounts: true,
    template: (rng) => ({
      page: A4, letterhead: 'left', legalInHead: true, buyer: 'no-heading-beside-delivery', buyerVat: rng.pick([{ where: 'info' }, { where: 'block', label: 'customerVatId' }]), info: rng.pick(['column', 'colon']), title: rng.pick(['right', 'with-number']),
      table: { columns: columns(rng, ['description', 'quantity', 'unitPrice', 'discount', 'taxRate', 'amount'], ['position', 'description', 'quantity', 'unitPrice', 'amount']), rules: rng.pick(['header', 'none']), headerLines: 1 },
      totals: 'right', due: true, footer: 'lines', size: 9,
    }),
  },
  {
    // German and Austrian: the buyer's block without a heading beside the delivery address's (the class fr-no-heading-buyer keeps out, open to fits).
    name: 'de-no-heading-buyer', kind: 'invoice', countries: ['DE', 'AT'], creditShare: 0.2, discounts: false,
    template: (rng) => ({
      page: A4, letterhead: rng.pick(['right', 'centre']), legalInHead: rng.chance(0.5), buyer: 'no-heading-beside-delivery', buyerVat: rng.pick([{ where: 'info' }, { where: 'block', label: 'vatId' }]), info: rng.pick(['grid', 'colon']), title: rng.pick(['left', 'with-number']),
      table: { columns: columns(rng, ['position', 'description', 'quantity', 'unit', 'unitPrice', 'amount'], ['description', 'quantity', 'unitPrice', 'taxRate', 'amount']), rules: rng.pick(['grid', 'header']), headerLines: rng.pick([1, 2]) },
      totals: rng.pick(['full', 'right']), due: rng.chance(0.5), footer: rng.pick(['columns', 'lines']), size: 9.5,
    }),
  },
  {
    // French with a centred letterhead, a headed "Client" block and a ruled info band.
    name: 'fr-centred-letterhead', kind: 'invoice', countries: ['FR'], creditShare: 0.2, discounts: false,
    template: (rng) => ({
      page: A4, letterhead: 'centre', legalInHead: rng.chance(0.5), buyer: 'headed', buyerVat: { where: 'block', label: 'vatId' }, info: 'grid', title: 'centre',
      table: { columns: ['description', 'quantity', 'unitPrice', 'taxRate', 'amount'], rules: 'grid', headerLines: 1 },
      totals: 'boxed-right', due: rng.chance(0.5), footer: 'lines', size: 9.5,
    }),
  },
  {
    // American: letterhead at the right, "Bill to" and "Ship to" side by side, month-first dates, letter paper.
    name: 'en-right-letterhead', kind: 'invoice', countries: ['US'], creditShare: 0.1, discounts: false,
    template: (rng) => ({
      page: US_LETTER, letterhead: 'right', legalInHead: false, buyer: 'side-by-side', buyerVat: { where: 'info' }, info: 'column', title: 'left',
      table: { columns: columns(rng, ['description', 'quantity', 'unitPrice', 'amount'], ['position', 'description', 'quantity', 'unit', 'unitPrice', 'amount']), rules: rng.pick(['none', 'header']), headerLines: 1 },
      totals: 'right', due: true, footer: rng.pick(['none', 'lines']), size: 10,
    }),
  },
  {
    // British: registry, share capital and bank in footer columns, the customer's VAT number in its block, day-first dates.
    name: 'en-uk-bank-footer', kind: 'invoice', countries: ['GB'], creditShare: 0.25, discounts: false,
    template: (rng) => ({
      page: A4, letterhead: rng.pick(['centre', 'left']), legalInHead: false, buyer: 'headed', buyerVat: { where: 'block', label: 'customerVatId' }, info: 'column', title: 'right',
      table: { columns: ['description', 'quantity', 'unitPrice', 'taxRate', 'amount'], rules: 'header', headerLines: 1 },
      totals: rng.pick(['full', 'right']), due: true, footer: 'columns', size: 9.5,
    }),
  },
  {
    // Irish: registry, bank and VAT ids in footer columns, the customer's VAT number in its block, Eircodes, day-first dates, euros (the class en-uk-bank-footer keeps out, open to fits).
    name: 'en-ie-bank-footer', kind: 'invoice', countries: ['IE'], creditShare: 0.2, discounts: true,
    template: (rng) => ({
      page: A4, letterhead: rng.pick(['right', 'left']), legalInHead: rng.chance(0.3), buyer: rng.pick(['headed', 'window']), buyerVat: { where: 'block', label: 'customerVatId' }, info: rng.pick(['column', 'grid']), title: rng.pick(['left', 'with-number']),
      table: { columns: columns(rng, ['description', 'quantity', 'unitPrice', 'taxRate', 'amount'], ['position', 'description', 'quantity', 'unitPrice', 'discount', 'amount']), rules: rng.pick(['header', 'grid']), headerLines: 1 },
      totals: rng.pick(['full', 'boxed-right']), due: true, footer: 'columns', size: 9.5,
    }),
  },
  {
    // Italian: headers over two lines, discount column, "Spett.le" block, P.IVA of both parties.
    name: 'it-two-line-header', kind: 'invoice', countries: ['IT'], creditShare: 0.15, discounts: true,
    template: (rng) => ({
      page: A4, letterhead: rng.pick(['centre', 'left']), legalInHead: true, buyer: 'headed', buyerVat: { where: 'block', label: rng.pick(['customerVatId', 'vatId']) }, info: 'grid', title: rng.pick(['left', 'with-number']),
      table: { columns: columns(rng, ['position', 'description', 'unit', 'quantity', 'unitPrice', 'discount', 'taxRate', 'amount'], ['description', 'quantity', 'unitPrice', 'discount', 'amount', 'taxRate']), rules: 'grid', headerLines: 2 },
      totals: rng.pick(['right', 'boxed-right']), due: true, footer: 'lines', size: 9,
    }),
  },
  {
    // Spanish: totals at the left under the table, the registry line in the footer, "Factura rectificativa".
    name: 'es-totals-left', kind: 'invoice', countries: ['ES'], creditShare: 0.15, discounts: true,
    template: (rng) => ({
      page: A4, letterhead: rng.pick(['left', 'right']), legalInHead: false, buyer: 'headed', buyerVat: { where: 'block', label: 'customerVatId' }, info: 'colon', title: 'right',
      table: { columns: columns(rng, ['description', 'quantity', 'unitPrice', 'discount', 'amount'], ['position', 'description', 'quantity', 'unitPrice', 'taxRate', 'amount']), rules: 'grid', headerLines: 1 },
      totals: 'left', due: rng.chance(0.5), footer: 'lines', size: 9.5,
    }),
  },
  {
    // Dutch: seller and buyer blocks side by side under section labels set vertically.
    name: 'nl-vertical-labels', kind: 'invoice', countries: ['NL', 'BE'], creditShare: 0.2, discounts: false,
    template: (rng) => ({
      page: A4, letterhead: rng.pick(['right', 'left']), legalInHead: false, buyer: 'vertical-labels', buyerVat: { where: 'block', label: 'customerVatId' }, info: 'column', title: 'left',
      table: { columns: ['description', 'quantity', 'unitPrice', 'taxRate', 'amount'], rules: 'header', headerLines: 1 },
      totals: 'right', due: rng.chance(0.6), footer: 'lines', size: 9,
    }),
  },
  {
    // Dutch and Belgian letters with headed blocks or a window, the info in a ruled band or after colons, KvK or RPR, IBAN and btw in the footer, "Creditnota" (Dutch wording, open to fits; nl-vertical-labels keeps out the vertical labels).
    name: 'nl-headed-info-grid', kind: 'invoice', countries: ['NL', 'BE'], creditShare: 0.2, discounts: true,
    template: (rng) => ({
      page: A4, letterhead: rng.pick(['centre', 'left', 'right']), legalInHead: rng.chance(0.4), buyer: rng.pick(['headed', 'window', 'side-by-side']), buyerVat: rng.pick([{ where: 'block', label: 'customerVatId' }, { where: 'info' }]), info: rng.pick(['grid', 'colon']), title: rng.pick(['left', 'with-number']),
      table: { columns: columns(rng, ['description', 'quantity', 'unitPrice', 'taxRate', 'amount'], ['position', 'description', 'quantity', 'unit', 'unitPrice', 'discount', 'amount']), rules: rng.pick(['grid', 'header', 'none']), headerLines: rng.pick([1, 2]) },
      totals: rng.pick(['right', 'full', 'boxed-right']), due: rng.chance(0.6), footer: rng.pick(['lines', 'columns']), size: 9.5,
    }),
  },
  {
    // German with the seller's and the buyer's blocks side by side under section labels set vertically (the class nl-vertical-labels keeps out, open to fits).
    name: 'de-vertical-labels', kind: 'invoice', countries: ['DE', 'AT'], creditShare: 0.15, discounts: true,
    template: (rng) => ({
      page: A4, letterhead: rng.pick(['centre', 'left']), legalInHead: rng.chance(0.5), buyer: 'vertical-labels', buyerVat: rng.pick([{ where: 'block', label: 'vatId' }, { where: 'info' }]), info: rng.pick(['grid', 'colon']), title: rng.pick(['right', 'with-number']),
      table: { columns: columns(rng, ['position', 'description', 'quantity', 'unitPrice', 'amount'], ['description', 'quantity', 'unit', 'unitPrice', 'discount', 'amount']), rules: rng.pick(['grid', 'none']), headerLines: 1 },
      totals: rng.pick(['full', 'boxed-right']), due: rng.chance(0.5), footer: 'columns', size: 9.5,
    }),
  },
  {
    // Chinese VAT invoices: the electronic form and the older paper form with address and bank lines.
    name: 'zh-vat-grid', kind: 'invoice', countries: ['CN'], creditShare: 0, discounts: false, template: 'zh-vat-grid',
  },
  {
    // The older VAT invoice (issue 33): the paper 专用 and 普通 forms filled by a dot-matrix printer off their boxes, coloured form ink, seals over text; the electronic 普通 form.
    name: 'zh-vat-paper', kind: 'invoice', countries: ['CN'], creditShare: 0, discounts: false, template: 'zh-vat-paper',
  },
  {
    // China's fully digital e-invoice (数电票), special and ordinary: buyer and seller side by side under vertical labels, 20-digit number, items with their *类别*.
    name: 'zh-digital-invoice', kind: 'invoice', countries: ['CN'], creditShare: 0, discounts: false, template: 'zh-digital-invoice',
  },
  {
    // The 数电票's railway e-ticket (电子发票（铁路电子客票）): stations, train, departure with 开, seat class, fare, the passenger's masked ID and name, 电子客票号.
    name: 'zh-rail-ticket', kind: 'invoice', countries: ['CN'], creditShare: 0, discounts: false, template: 'zh-rail-ticket',
  },
  {
    // The 数电票's air itinerary (电子发票（航空运输电子客票行程单）): passenger and masked ID, the flight under its column heads, fare, fuel surcharge, VAT, development fund, total.
    name: 'zh-air-itinerary', kind: 'invoice', countries: ['CN'], creditShare: 0, discounts: false, template: 'zh-air-itinerary',
  },
];

const RECEIPT_FAMILIES: readonly ReceiptFamily[] = [
  {
    // European tills paid in cash: given, change, and the Dutch and Italian rounding to 5 cents.
    name: 'receipt-eu-cash', kind: 'receipt', countries: ['AT', 'FR', 'NL', 'IT', 'ES'],
    template: (rng) => ({ width: rng.pick([164, 226]), items: rng.pick(['one-line', 'quantity-above']), centred: rng.chance(0.8), upperCase: rng.chance(0.4), vatTable: false }),
  },
  {
    // Malaysian tax invoices and cash bills (upper case, item columns, rounding adjustment) and Chinese till slips (抹零, 找零).
    name: 'receipt-asia', kind: 'receipt', countries: ['MY', 'CN'],
    template: (rng, country) => ({ width: rng.pick([200, 226]), items: country === 'MY' ? rng.pick(['columns', 'one-line']) : rng.pick(['columns', 'quantity-above']), centred: rng.chance(0.7), upperCase: country === 'MY', vatTable: false }),
  },
  {
    // German supermarket and bakery receipts: quantity lines, "SUMME", the VAT table and TSE lines.
    name: 'receipt-de-kasse', kind: 'receipt', countries: ['DE'],
    template: (rng) => ({ width: rng.pick([164, 226]), items: 'quantity-above', centred: rng.chance(0.7), upperCase: rng.chance(0.3), vatTable: true }),
  },
];

export const LAYOUT_FAMILIES: readonly LayoutFamily[] = [...INVOICE_FAMILIES, ...RECEIPT_FAMILIES];

/**
 * Families kept out of every fit: the final check of a fitted scorer, each covering a class of the
 * held-out failures (a buyer block without heading, the customer's VAT id, bank and registry footers,
 * vertical section labels, German till receipts; the 数电票 of issue 33 and its two ticket variants). Nothing may be fitted or tuned on them.
 */
export const KEPT_OUT_FAMILIES: readonly string[] = ['fr-no-heading-buyer', 'en-uk-bank-footer', 'nl-vertical-labels', 'receipt-de-kasse', 'zh-digital-invoice', 'zh-rail-ticket', 'zh-air-itinerary', 'zh-vat-paper'];

export function layoutFamily(name: string): LayoutFamily {
  const family = LAYOUT_FAMILIES.find((f) => f.name === name);
  if (!family) throw new Error(`no layout family ${name} (${LAYOUT_FAMILIES.map((f) => f.name).join(', ')})`);
  return family;
}
