import { describe, expect, it } from 'vitest';
import { isSalutation, opensWithAttention } from '../../../../../src/engine/pipeline/words/addressee.js';
import { SALUTATIONS } from '../../../../../src/engine/pipeline/words/role-vocabulary.js';

describe('salutations and attention lines', () => {
  it.each(SALUTATIONS)('reads "%s" alone on its line as a salutation, in capitals and with a point too', (word) => {
    expect([word, word.toUpperCase(), word.endsWith('.') ? word : `${word}.`].map(isSalutation)).toEqual([true, true, true]);
  });

  it('reads no name as a salutation, nor a line that holds the name too', () => {
    expect(['Herr Max Mustermann', 'Herrmann', 'Mister', 'Max Mustermann', ''].map(isSalutation)).toEqual([false, false, false, false, false]);
  });

  it('reads a line opening with an attention word as an attention line, however it is spaced and pointed', () => {
    expect(['z. Hd. Frau Meier', 'z.Hd. Frau Meier', 'zHd Frau Meier', 'Attn: Accounts', 'ATTN. Accounts', 'c/o Hotel Adler', "à l'attention de M. Durand"].map(opensWithAttention)).toEqual([true, true, true, true, true, true, true]);
    expect(['Zhdanov Trading', 'Attnborough Ltd', 'Herr Max Mustermann'].map(opensWithAttention)).toEqual([false, false, false]);
  });
});
