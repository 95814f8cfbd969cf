import { describe, expect, it } from 'vitest';
import { parseText, TEXT_PAGE } from '../../../../../src/engine/pipeline/read/parse-text.js';
import { ProcessingFailure } from '../../../../../src/engine/pipeline/document/parsed-document.js';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('parseText', () => {
  it('lays lines out on a synthetic page with one box per character', () => {
    const parsed = parseText(bytes('\uFEFFInvoice\n\n  Total: 5\r\n'));
    expect(parsed.pages).toEqual([{ page: 0, angle: 0, width: TEXT_PAGE.width, height: TEXT_PAGE.height, dpi: 0 }]);
    const [first, second] = parsed.document.pages[0]!.lines;
    expect(first!.text).toBe('Invoice');
    expect(first!.position).toEqual([40, 40, 180, 40, 180, 80, 40, 80]);
    expect(first!.charPositions).toHaveLength(7);
    expect(first!.charPositions[1]).toEqual([60, 40, 80, 40, 80, 80, 60, 80]);
    // A blank row keeps its place; leading spaces shift the line to the right.
    expect(second!.text).toBe('Total: 5');
    expect(second!.position.slice(0, 2)).toEqual([80, 120]);
  });

  it('wraps long lines and continues on further pages', () => {
    const parsed = parseText(bytes(Array.from({ length: 60 }, (_, i) => `line ${i}`).join('\n') + '\n' + 'x'.repeat(100)));
    expect(parsed.pages.map((p) => p.page)).toEqual([0, 1]);
    const last = parsed.document.pages[1]!.lines;
    expect(last.slice(-2).map((l) => l.text.length)).toEqual([78, 22]);
  });

  it('keeps only the asked pages, numbered from 0', () => {
    const parsed = parseText(bytes(Array.from({ length: 60 }, (_, i) => `line ${i}`).join('\n')), [1]);
    expect(parsed.pages).toHaveLength(1);
    expect(parsed.pages[0]!.page).toBe(0);
    expect(parsed.document.pages[0]!.lines[0]!.text).toBe('line 56');
    expect(() => parseText(bytes('one page'), [3])).toThrow(ProcessingFailure);
  });
});
