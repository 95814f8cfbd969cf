import { escapedPattern } from '../document/text-match.js';
import { ATTENTION_WORDS, SALUTATIONS } from './role-vocabulary.js';

// A salutation and an attention word are printed with or without their points ("Mr" and "Mr.", "z.Hd." and "z. Hd.").
const SALUTATION_SET: ReadonlySet<string> = new Set(SALUTATIONS);
const ATTENTION = new RegExp(`^(?:${ATTENTION_WORDS.map((w) => escapedPattern(w).replace(/\\\./gu, '\\.?').replace(/ /gu, '\\s?')).join('|')})\\.?(?![\\p{L}\\p{N}])`, 'iu');

/**
 * A line that is only a salutation ("Herrn", "Frau", "Mr.", "Sig.ra"): the person it addresses is
 * named on the line under it, and the two are the name.
 */
export function isSalutation(text: string): boolean {
  const word = text.trim().toLowerCase();
  return SALUTATION_SET.has(word) || SALUTATION_SET.has(word.replace(/\.$/u, ''));
}

/** A line opening with an attention word ("z. Hd. Frau Meier", "Attn: Accounts", "c/o Hotel Adler"): whom to address, no party's name. */
export function opensWithAttention(text: string): boolean {
  return ATTENTION.test(text.trim());
}
