import { describe, expect, it } from 'vitest';
import { loadLexicon, MIN_WORD, packedLexicon } from '../../../../../../src/engine/pipeline/read/ocr/lexicon.js';

describe('lexicon', () => {
  it('knows each listed word of MIN_WORD letters or more, and nothing else', () => {
    const lexicon = packedLexicon(new TextEncoder().encode('amount\ncat\ntrainee\r\ntrain\n\nzebra'));
    expect(MIN_WORD).toBe(4);
    for (const word of ['amount', 'trainee', 'train', 'zebra']) expect(lexicon.has(word)).toBe(true);
    for (const word of ['cat', 'amoun', 'amounts', 'trainee\r', 'Amount', 'zébra', '']) expect(lexicon.has(word)).toBe(false);
  });

  it('holds the English word list, lower case', async () => {
    const lexicon = await loadLexicon();
    for (const word of ['trainee', 'amount', 'invoice', 'cashier', 'receipt']) expect(lexicon.has(word)).toBe(true);
    for (const word of ['irainee', 'anount', 'sdn', 'TRAINEE']) expect(lexicon.has(word)).toBe(false);
  });
});
