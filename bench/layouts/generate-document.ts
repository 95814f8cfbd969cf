import type { LaidPage } from '../corpus/layout.js';
import { Rng } from '../corpus/rng.js';
import type { InvoiceKey } from '../real-documents/invoice-set.js';
import { CONVENTIONS, type Country } from './conventions.js';
import type { DigitalTemplate, InvoiceFamily, LayoutFamily, ReceiptFamily } from './families.js';
import { invoiceFromKey, randomInvoice } from './invoice-data.js';
import { layOutInvoice } from './invoice-template.js';
import type { Box, LayoutDocument } from './layout-document.js';
import { fontName, layoutFonts, type LayoutFont } from './layout-font.js';
import { randomReceipt } from './receipt-data.js';
import { layOutReceipt } from './receipt-template.js';
import type { TruthBuilder } from './truth-builder.js';
import { layOutZhVatGrid } from './zh-vat-grid.js';
import { randomDigitalInvoice, type DigitalInvoice } from './zh-digital-data.js';
import { layOutDigitalInvoice } from './zh-digital-invoice.js';
import { randomAirItinerary, randomRailTicket, type DigitalTicket } from './zh-ticket-data.js';
import { layOutAirItinerary, layOutRailTicket } from './zh-ticket-layout.js';
import { layOutPaperInvoice } from './zh-vat-paper.js';
import { randomPaperInvoice, type PaperVatInvoice } from './zh-vat-paper-data.js';

/** A family's salt: its documents do not change when another family is added. */
const saltOf = (name: string) => [...name].reduce((h, ch) => Math.imul(h ^ ch.charCodeAt(0), 16_777_619) >>> 0, 2_166_136_261);

function pickFont(rng: Rng, country: Country, receipt: boolean): LayoutFont {
  const fonts = layoutFonts().filter((f) => f.cjk || country !== 'CN');
  const mono = fonts.find((f) => f.family.endsWith('Mono'));
  return receipt && mono && rng.chance(0.5) ? mono : rng.pick(fonts);
}

/** A document's random source, country and font, drawn in this order for every family. */
function documentStart(family: LayoutFamily, seed: number, index: number) {
  const rng = new Rng(seed).fork(saltOf(family.name)).fork(index + 1);
  const country = rng.pick(family.countries);
  return { rng, country, font: pickFont(rng, country, family.kind === 'receipt') };
}

function invoiceDocument(family: InvoiceFamily, rng: Rng, country: Country, font: LayoutFont, key: InvoiceKey | undefined) {
  const { language } = CONVENTIONS[country];
  const credit = rng.chance(family.creditShare);
  const data = key ? invoiceFromKey(rng, key, language, credit) : randomInvoice(rng, country, language, { credit, discounts: family.discounts });
  // The 数电票 and its tickets never come here (digitalDocument, ticketDocument): a template that is no function is the VAT grid.
  const laid = typeof family.template === 'function' ? layOutInvoice(family.template(rng), data, rng, font, country) : layOutZhVatGrid(data, rng, font);
  return { ...laid, kind: credit ? ('credit_note' as const) : ('invoice' as const), language };
}

function receiptDocument(family: ReceiptFamily, rng: Rng, country: Country, font: LayoutFont) {
  const laid = layOutReceipt(family.template(rng, country), randomReceipt(rng, country), rng, font);
  return { ...laid, kind: 'receipt' as const, language: CONVENTIONS[country].language };
}

/**
 * Document `index` of a family for a seed: the same seed, index and keys give the same document.
 * With einvoice-dev keys, every other invoice (not the Chinese grid) prints a key's exact values.
 */
export function generateDocument(family: LayoutFamily, seed: number, index: number, keys: readonly InvoiceKey[] = []): LayoutDocument {
  const { rng, country, font } = documentStart(family, seed, index);
  if (family.kind === 'invoice' && family.template === 'zh-digital-invoice') return digitalDocument(family, index, rng, font).doc;
  if (family.kind === 'invoice' && isTicket(family.template)) return ticketDocument(family, index, rng, font).doc;
  if (family.kind === 'invoice' && family.template === 'zh-vat-paper') return paperDocument(family, index, rng, font).doc;
  const key = family.kind === 'invoice' && country !== 'CN' && keys.length > 0 && index % 2 === 1 ? rng.pick(keys) : undefined;
  const made = family.kind === 'invoice' ? invoiceDocument(family, rng, country, font, key) : receiptDocument(family, rng, country, font);
  const { fields, lines, decoys } = made.truth;
  return { id: `${family.name}-${String(index).padStart(3, '0')}`, family: family.name, kind: made.kind, language: made.language, font: fontName(font), fields, lines, decoys, pages: [made.page] };
}

/** A Chinese invoice's layout document: one page, its truth. */
function chineseDocument(family: InvoiceFamily, index: number, font: LayoutFont, made: { page: LaidPage; truth: TruthBuilder }): LayoutDocument {
  const { fields, lines, decoys } = made.truth;
  return { id: `${family.name}-${String(index).padStart(3, '0')}`, family: family.name, kind: 'invoice', language: 'zh', font: fontName(font), fields, lines, decoys, pages: [made.page] };
}

/** An older VAT invoice of the family: its page and truth, its data, where the seller's seal goes. */
function paperDocument(family: InvoiceFamily, index: number, rng: Rng, font: LayoutFont): { doc: LayoutDocument; data: PaperVatInvoice; seal: Box } {
  const data = randomPaperInvoice(rng);
  const made = layOutPaperInvoice(data, font, rng);
  const doc = chineseDocument(family, index, font, made);
  return { doc, data, seal: made.seal };
}

/** Document `index` of the older VAT family with its data and seal: the same document generateDocument gives. */
export function generatePaperDocument(family: InvoiceFamily, seed: number, index: number) {
  if (family.template !== 'zh-vat-paper') throw new Error(`${family.name} is not the older VAT family`);
  const { rng, font } = documentStart(family, seed, index);
  return paperDocument(family, index, rng, font);
}

/** A 数电票 of the family: its page and truth, the data its XML and OFD are written from, and where its seal goes. */
function digitalDocument(family: InvoiceFamily, index: number, rng: Rng, font: LayoutFont): { doc: LayoutDocument; data: DigitalInvoice; seal: Box } {
  const data = randomDigitalInvoice(rng);
  const made = layOutDigitalInvoice(data, font);
  const doc = chineseDocument(family, index, font, made);
  return { doc, data, seal: made.seal };
}

/** Document `index` of a 数电票 family with its data and seal: the same document generateDocument gives. */
export function generateDigitalDocument(family: InvoiceFamily, seed: number, index: number) {
  const { rng, font } = documentStart(family, seed, index);
  return digitalDocument(family, index, rng, font);
}

const isTicket = (template: InvoiceFamily['template']): template is Exclude<DigitalTemplate, 'zh-digital-invoice'> => template === 'zh-rail-ticket' || template === 'zh-air-itinerary';

/** A ticket 数电票 of the family (railway e-ticket or air itinerary): its page and truth, its data, where its seal goes. */
function ticketDocument(family: InvoiceFamily, index: number, rng: Rng, font: LayoutFont): { doc: LayoutDocument; data: DigitalTicket; seal: Box } {
  const rail = family.template === 'zh-rail-ticket';
  const data = rail ? randomRailTicket(rng) : randomAirItinerary(rng);
  const made = rail ? layOutRailTicket(data, font) : layOutAirItinerary(data, font, rng.chance(0.5) ? 'iso' : 'chinese');
  const doc = chineseDocument(family, index, font, made);
  return { doc, data, seal: made.seal };
}

/** Document `index` of a ticket family with its data and seal: the same document generateDocument gives. */
export function generateTicketDocument(family: InvoiceFamily, seed: number, index: number) {
  if (!isTicket(family.template)) throw new Error(`${family.name} is no ticket family`);
  const { rng, font } = documentStart(family, seed, index);
  return ticketDocument(family, index, rng, font);
}
