import type { LaidPage } from '../corpus/layout.js';
import type { Rng } from '../corpus/rng.js';
import { CONVENTIONS, type Convention, type Country } from './conventions.js';
import type { InvoiceData } from './invoice-data.js';
import { pickLabels } from './labels.js';
import type { LayoutFont } from './layout-font.js';
import { numberStyle } from './locale-format.js';
import { infoBlock, title, type InfoStyle, type TitlePlace } from './parts/info-block.js';
import type { InvoicePage } from './parts/invoice-page.js';
import { itemTable, type TableStyle } from './parts/item-table.js';
import { footer, type FooterStyle } from './parts/legal-lines.js';
import { letterhead, senderLine, type LetterheadPlace } from './parts/letterhead.js';
import { buyerBlocks, type BuyerPlace, type BuyerVat } from './parts/party-blocks.js';
import { print } from './parts/print.js';
import { totalsBox, type TotalsPlace } from './parts/totals-box.js';
import { Sheet } from './sheet.js';
import { TruthBuilder } from './truth-builder.js';

/** One invoice layout: where each part goes and how it looks. A family draws its templates from a few of these choices. */
export interface InvoiceTemplate {
  page: { width: number; height: number };
  letterhead: LetterheadPlace;
  /** The share capital, registry and VAT id line under the letterhead. */
  legalInHead: boolean;
  buyer: BuyerPlace;
  buyerVat: BuyerVat;
  info: InfoStyle;
  title: TitlePlace;
  table: TableStyle;
  totals: TotalsPlace;
  /** An "amount due" row under the total. */
  due: boolean;
  footer: FooterStyle;
  size: number;
}

export const A4 = { width: 595, height: 842 } as const;
export const US_LETTER = { width: 612, height: 792 } as const;

/** The page laid out once at a body size; answers the page, its truth and whether it fits above the footer. */
function attempt(template: InvoiceTemplate, data: InvoiceData, rng: Rng, font: LayoutFont, country: Country, size: number) {
  const sheet = new Sheet(font, template.page.width, template.page.height);
  const truth = new TruthBuilder();
  const { language } = CONVENTIONS[country];
  const style = numberStyle(rng, printingConvention(country, data.values.currency));
  const page: InvoicePage = { sheet, truth, rng, data, labels: pickLabels(rng, language), language, style, left: 50, right: template.page.width - 50, size, negative: data.linkedInvoice !== null && rng.chance(0.5) };
  const headBottom = letterhead(page, template.letterhead, template.legalInHead);
  const window = template.buyer === 'window';
  const blocksTop = Math.max(headBottom + 16, window ? 150 : 0);
  if (window) senderLine(page, blocksTop - 14);
  const infoX = page.left + (page.right - page.left) * 0.6;
  const grid = template.info === 'grid';
  const blocksBottom = buyerBlocks(page, template.buyer, template.buyerVat, blocksTop, (grid ? page.right : infoX - 12) - page.left);
  const infoOptions = { number: template.title !== 'with-number', buyerVat: template.buyerVat.where === 'info' };
  const infoBottom = grid ? infoBlock(page, 'grid', page.left, blocksBottom + 6, infoOptions) : infoBlock(page, template.info, infoX, blocksTop, infoOptions);
  const titleBottom = title(page, template.title, Math.max(blocksBottom, infoBottom) + 6);
  const tableBottom = itemTable(page, template.table, titleBottom);
  let y = totalsBox(page, template.totals, tableBottom + 2, template.due) + size;
  for (const text of [page.labels.terms, page.labels.thanks]) print(page, { text }, page.left, (y += size * 1.4), size - 1);
  const footerTop = footer(page, template.footer);
  print(page, { text: page.labels.page }, page.right, footerTop - 4, 7, 'right');
  return { page: sheet.page, truth, fits: y < footerTop - 12 };
}

/** The country's way of printing, with the data's currency (a German key printed by an American layout still bills in EUR). */
function printingConvention(country: Country, currency: string | null): Convention {
  const convention = CONVENTIONS[country];
  return !currency || currency === convention.currency ? convention : { ...convention, currency, sign: currency };
}

/** An invoice in a template, printed as `country` prints; a page too full for the body size is laid out again a point smaller. */
export function layOutInvoice(template: InvoiceTemplate, data: InvoiceData, rng: Rng, font: LayoutFont, country: Country): { page: LaidPage; truth: TruthBuilder } {
  for (let size = template.size; ; size--) {
    const laid = attempt(template, data, rng.fork(size), font, country, size);
    if (laid.fits || size <= 7) return laid;
  }
}
