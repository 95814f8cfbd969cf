import { describe, expect, it } from 'vitest';
import type { ClassifiableCategory } from '../../../../src/engine/pipeline/classify.js';
import { detectDocuments } from '../../../../src/engine/pipeline/split-detect.js';
import { textDocument } from './document-fixture.js';

const field = (name: string) => ({ name, definition: {} });
const CATEGORIES: ClassifiableCategory[] = [
  { name: 'Invoice', categoryPrompt: '', sampleTexts: [], fields: [field('Invoice number'), field('Invoice date'), field('Total')], tables: [{ fields: [field('Item'), field('Amount')] }] },
  { name: 'Receipt', categoryPrompt: '', sampleTexts: [], fields: [field('Merchant'), field('Date'), field('Payment method')] },
];
// Titles are centred on the 1654 px wide text page (82 characters of 20 px from a 40 px margin).
const title = (text: string) => `${' '.repeat(Math.round((80 - text.length) / 2))}${text}`;
const invoice = (n: number) => [title('INVOICE'), `Invoice number: ${n}`, 'Invoice date: 2025-01-02', 'Item      Amount', 'Desk      10.00', 'Total: 10.00'].join('\n');
const receipt = [title('RECEIPT'), 'Merchant: Corner Shop', 'Date: 2025-01-03', 'Payment method: Card'].join('\n');
const pages = (parts: { pages: number[] }[]) => parts.map((p) => p.pages);

describe('detectDocuments', () => {
  it('starts a new document where the category changes', () => {
    expect(pages(detectDocuments(textDocument(invoice(1), receipt), CATEGORIES))).toEqual([[0], [1]]);
  });

  it('starts a new document at a titled page that carries the signs of a first page, even of the same category', () => {
    expect(pages(detectDocuments(textDocument(invoice(1), invoice(2), receipt), CATEGORIES))).toEqual([[0], [1], [2]]);
  });

  it('keeps continuation pages with their document, even when they happen to fit another category a little', () => {
    const continued = 'Chair     20.00\nLamp      5.00\nTotal: 35.00\nPlease pay within 30 days of the invoice date.';
    expect(pages(detectDocuments(textDocument(invoice(1), continued, receipt), CATEGORIES))).toEqual([[0, 1], [2]]);
  });

  it('starts an unclassified document at a page with a title of its own, and keeps one document whole', () => {
    const letter = `${title('LETTER')}\nDear Sir, thank you for your order.`;
    expect(pages(detectDocuments(textDocument(invoice(1), letter, 'and kind regards'), CATEGORIES))).toEqual([[0], [1, 2]]);
    expect(pages(detectDocuments(textDocument(invoice(1)), CATEGORIES))).toEqual([[0]]);
  });
});
