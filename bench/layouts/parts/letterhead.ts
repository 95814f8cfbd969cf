import { headLegalLine, phonePiece } from './legal-lines.js';
import { partyLines, vatLine, type InvoicePage } from './invoice-page.js';
import { joined, print, printLines, type Printed } from './print.js';

export type LetterheadPlace = 'left' | 'right' | 'centre';

/**
 * The seller's letterhead at the top of the page: its name large, its address, phone and VAT id in
 * small lines at the left or right margin, or run together in one centred line; `legal` adds the
 * line with share capital, registry and VAT id under it. Answers the baseline under it.
 */
export function letterhead(page: InvoicePage, place: LetterheadPlace, legal: boolean): number {
  const [name, ...address] = partyLines(page, 'Seller', { country: page.rng.chance(0.3) });
  const nameSize = page.rng.pick([14, 16, 18]);
  const small = page.size - 1;
  let y = 58 + nameSize;
  const x = place === 'left' ? page.left : place === 'right' ? page.right : (page.left + page.right) / 2;
  const align = place === 'left' ? 'left' : place === 'right' ? 'right' : 'center';
  if (name) printLines(page, [name], x, y, nameSize, nameSize, align, page.right - page.left);
  y += nameSize * 0.6 + small * 1.2;
  const contact: Printed[] = [phonePiece(page), ...(legal ? [] : vatLine(page, 'Seller', page.labels.vatId))];
  if (place === 'centre') {
    y = printLines(page, [joined([...address, ...contact], page.rng.pick([' · ', ' | ', ', ']))], x, y, small, small * 1.35, align, page.right - page.left);
  } else {
    y = printLines(page, [...address, ...contact], x, y, small, small * 1.35, align);
  }
  if (legal) y = printLines(page, [headLegalLine(page)], (page.left + page.right) / 2, y + 2, small - 1.5, small * 1.35, 'center', page.right - page.left);
  return y;
}

/** The small sender line over a window envelope's address field, underlined. */
export function senderLine(page: InvoicePage, y: number): void {
  const separator = page.rng.pick([' · ', ' - ', ', ']);
  const line = joined(partyLines(page, 'Seller', { country: false }), separator);
  const box = print(page, line, page.left, y, 6.5);
  page.sheet.rule(page.left, box[3] + 1, Math.max(box[2], page.left + 200), box[3] + 1);
}
