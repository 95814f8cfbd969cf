import { formatMoney } from '../locale-format.js';
import { partyLines, vatLine, type InvoicePage } from './invoice-page.js';
import { joined, printLines, type Printed } from './print.js';

// The seller's legal and bank lines, in a letterhead line or a footer: the share capital, registry and
// bank numbers a reader must not take for amounts, and the seller's VAT id it must take.

export const capitalPiece = (page: InvoicePage): Printed => {
  const amount = formatMoney(page.data.seller.capital, page.style);
  return { text: `${page.labels.shareCapital} ${amount}`, decoys: [{ what: 'share capital', part: amount }] };
};

export const registryPiece = (page: InvoicePage): Printed => ({ text: page.data.seller.registry, decoys: [{ what: 'registry number', part: page.data.seller.registry }] });

export function bankPieces(page: InvoicePage): Printed[] {
  const { iban, bic } = page.data.seller;
  return [...(iban ? [{ text: `IBAN ${iban}`, decoys: [{ what: 'iban' as const, part: iban }] }] : []), ...(bic ? [{ text: `BIC ${bic}`, decoys: [{ what: 'bic' as const, part: bic }] }] : [])];
}

export const phonePiece = (page: InvoicePage): Printed => ({ text: `${page.labels.phone} ${page.data.seller.phone}`, decoys: [{ what: 'phone', part: page.data.seller.phone }] });

/** The letterhead's legal line: share capital, registry and VAT id run together. */
export function headLegalLine(page: InvoicePage): Printed {
  return joined([capitalPiece(page), registryPiece(page), ...vatLine(page, 'Seller', page.labels.vatId)], page.rng.pick([' · ', ' – ', ' | ', ' - ']));
}

const FOOTER_SIZE = 7;

/** Three columns at the foot of the page: the company, its bank, its numbers. */
function footerColumns(page: InvoicePage, top: number): void {
  const width = (page.right - page.left) / 3;
  const pitch = FOOTER_SIZE * 1.35;
  const column = (lines: Printed[], i: number) => printLines(page, lines, page.left + i * width, top, FOOTER_SIZE, pitch, 'left', width - 6);
  column([...partyLines(page, 'Seller', { country: false }), registryPiece(page)], 0);
  column([{ text: page.labels.bank }, ...bankPieces(page)], 1);
  column([...vatLine(page, 'Seller', page.labels.vatId), phonePiece(page), capitalPiece(page)], 2);
}

/** Two or three centred lines run together with a separator, as many invoicing tools print them. */
function footerLines(page: InvoicePage, top: number): void {
  const separator = page.rng.pick([' · ', ' – ', ' | ']);
  const address = partyLines(page, 'Seller', { country: false });
  const lines = [joined([...address, phonePiece(page)], separator), joined([registryPiece(page), capitalPiece(page), ...vatLine(page, 'Seller', page.labels.vatId)], separator), joined(bankPieces(page), separator)];
  printLines(page, lines.filter((l) => l.text !== ''), (page.left + page.right) / 2, top, FOOTER_SIZE, FOOTER_SIZE * 1.4, 'center', page.right - page.left);
}

export type FooterStyle = 'columns' | 'lines' | 'none';

/** The footer under a rule at the bottom of the page; answers where it starts (nothing else may reach it). */
export function footer(page: InvoicePage, style: FooterStyle): number {
  const top = page.sheet.page.height - 62;
  if (style === 'none') return page.sheet.page.height - 40;
  page.sheet.rule(page.left, top - 10, page.right, top - 10);
  if (style === 'columns') footerColumns(page, top);
  else footerLines(page, top);
  return top - 14;
}
