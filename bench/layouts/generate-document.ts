import { Rng } from '../corpus/rng.js';
import type { InvoiceKey } from '../real-documents/invoice-set.js';
import { CONVENTIONS, type Country } from './conventions.js';
import type { InvoiceFamily, LayoutFamily, ReceiptFamily } from './families.js';
import { invoiceFromKey, randomInvoice } from './invoice-data.js';
import { layOutInvoice } from './invoice-template.js';
import type { LayoutDocument } from './layout-document.js';
import { fontName, layoutFonts, type LayoutFont } from './layout-font.js';
import { randomReceipt } from './receipt-data.js';
import { layOutReceipt } from './receipt-template.js';
import { layOutZhVatGrid } from './zh-vat-grid.js';

/** A family's salt: its documents do not change when another family is added. */
const saltOf = (name: string) => [...name].reduce((h, ch) => Math.imul(h ^ ch.charCodeAt(0), 16_777_619) >>> 0, 2_166_136_261);

function pickFont(rng: Rng, country: Country, receipt: boolean): LayoutFont {
  const fonts = layoutFonts().filter((f) => f.cjk || country !== 'CN');
  const mono = fonts.find((f) => f.family.endsWith('Mono'));
  return receipt && mono && rng.chance(0.5) ? mono : rng.pick(fonts);
}

function invoiceDocument(family: InvoiceFamily, rng: Rng, country: Country, font: LayoutFont, key: InvoiceKey | undefined) {
  const { language } = CONVENTIONS[country];
  const credit = rng.chance(family.creditShare);
  const data = key ? invoiceFromKey(rng, key, language, credit) : randomInvoice(rng, country, language, { credit, discounts: family.discounts });
  const laid = family.template === 'zh-vat-grid' ? layOutZhVatGrid(data, rng, font) : layOutInvoice(family.template(rng), data, rng, font, country);
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
  const rng = new Rng(seed).fork(saltOf(family.name)).fork(index + 1);
  const country = rng.pick(family.countries);
  const font = pickFont(rng, country, family.kind === 'receipt');
  const key = family.kind === 'invoice' && country !== 'CN' && keys.length > 0 && index % 2 === 1 ? rng.pick(keys) : undefined;
  const made = family.kind === 'invoice' ? invoiceDocument(family, rng, country, font, key) : receiptDocument(family, rng, country, font);
  const { fields, lines, decoys } = made.truth;
  return { id: `${family.name}-${String(index).padStart(3, '0')}`, family: family.name, kind: made.kind, language: made.language, font: fontName(font), fields, lines, decoys, pages: [made.page] };
}
