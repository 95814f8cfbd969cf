import { partyLines, vatLine, type InvoicePage, type Who } from './invoice-page.js';
import { print, printLines, type Printed } from './print.js';

export type BuyerPlace = 'window' | 'headed' | 'no-heading-beside-delivery' | 'side-by-side' | 'vertical-labels';

/** Where the customer's VAT id is printed: in its address block (under `label`) or in the info block. */
export type BuyerVat = { where: 'block'; label: 'customerVatId' | 'vatId' } | { where: 'info' };

const pitchOf = (page: InvoicePage) => page.size * 1.35;

/** A party's address block, with its VAT id when asked; answers the baseline under it. */
function partyBlock(page: InvoicePage, who: Who, x: number, y: number, vatLabel: string | null, width: number): number {
  const foreign = page.data.buyerCountry !== page.data.sellerCountry;
  const lines: Printed[] = [...partyLines(page, who, { country: who === 'Buyer' ? foreign || page.rng.chance(0.2) : false, contact: who === 'Buyer' ? page.data.buyerContact : null }), ...(vatLabel ? vatLine(page, who, vatLabel) : [])];
  return printLines(page, lines, x, y, page.size, pitchOf(page), 'left', width);
}

/** The delivery address (the buyer's own again when the data has none): a second block the buyer must not be taken from. */
function deliveryBlock(page: InvoicePage, x: number, y: number, width: number): number {
  const delivery = page.data.delivery ?? { ...page.data.values.buyer, name: page.data.values.buyer.name ?? '' };
  const decoy = (text: string | null): Printed[] => (text ? [{ text, decoys: [{ what: 'delivery address', part: text }] }] : []);
  const postal = [delivery.postcode, delivery.city].filter(Boolean).join(' ');
  return printLines(page, [...decoy(delivery.name), ...decoy(delivery.street), ...decoy(postal)], x, y, page.size, pitchOf(page), 'left', width);
}

function heading(page: InvoicePage, text: string, x: number, y: number): number {
  print(page, { text: page.rng.chance(0.4) ? text.toUpperCase() : `${text}:` }, x, y, page.size - 1);
  return y + pitchOf(page);
}

/**
 * A section label set vertically, one character under another, in a narrow column left of its block,
 * from its first baseline `y` to `bottom`: a long word is set smaller to fit, as a designer fits it (it
 * never runs into the text under the block).
 */
function verticalLabel(page: InvoicePage, text: string, x: number, y: number, bottom: number): void {
  const letters = [...text.toUpperCase()];
  const size = Math.min(page.size - 2, (bottom - y) / Math.max(1, (letters.length - 1) * 1.05));
  letters.forEach((ch, i) => page.sheet.text(ch, x, y + i * size * 1.05, size, 'center'));
}

/**
 * The buyer's block (and the delivery address, and for vertical labels the seller's block too) from
 * `y`, in the left part of the page up to `width`; answers the baseline under the lowest block.
 */
export function buyerBlocks(page: InvoicePage, place: BuyerPlace, vat: BuyerVat, y: number, width: number): number {
  const { labels } = page;
  const vatLabel = vat.where === 'block' ? labels[vat.label] : null;
  const half = width / 2 - 6;
  switch (place) {
    case 'window':
      return partyBlock(page, 'Buyer', page.left, y, vatLabel, width);
    case 'headed':
      return partyBlock(page, 'Buyer', page.left, heading(page, labels.buyer, page.left, y), vatLabel, width);
    case 'no-heading-beside-delivery': {
      // The French layout the issue names: the buyer's block carries no heading; the delivery address beside it does.
      const deliveryFirst = page.rng.chance(0.5);
      const [buyerX, deliveryX] = deliveryFirst ? [page.left + half + 12, page.left] : [page.left, page.left + half + 12];
      const deliveryBottom = deliveryBlock(page, deliveryX, heading(page, labels.delivery, deliveryX, y), half);
      return Math.max(deliveryBottom, partyBlock(page, 'Buyer', buyerX, y + pitchOf(page), vatLabel, half));
    }
    case 'side-by-side': {
      const buyerBottom = partyBlock(page, 'Buyer', page.left, heading(page, labels.buyer, page.left, y), vatLabel, half);
      const deliveryX = page.left + half + 12;
      return Math.max(buyerBottom, deliveryBlock(page, deliveryX, heading(page, labels.delivery, deliveryX, y), half));
    }
    case 'vertical-labels': {
      const x = page.left + 14;
      const sellerBottom = partyBlock(page, 'Seller', x, y, labels.vatId, half - 14);
      const buyerBottom = partyBlock(page, 'Buyer', page.left + half + 26, y, vatLabel, half - 14);
      const bottom = Math.max(sellerBottom, buyerBottom) - pitchOf(page);
      verticalLabel(page, labels.seller, page.left + 4, y, bottom);
      verticalLabel(page, labels.buyer, page.left + half + 16, y, bottom);
      return Math.max(sellerBottom, buyerBottom);
    }
  }
}
