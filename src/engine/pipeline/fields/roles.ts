import type { FieldSpec } from '../field-spec.js';
import { fold, remember } from '../text-match.js';
import { BUYER_WORDS, ROLE_NAME_WORDS, type FieldRole } from './role-vocabulary.js';

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

const wordPatterns = new Map<string, RegExp | undefined>();
const foldedTexts = new Map<string, string>();

// CJK words are looked for as substrings (no spaces between words), other scripts as whole words.
function patternOf(word: string): RegExp | undefined {
  return remember(wordPatterns, word, () => {
    if (CJK.test(word)) return undefined;
    const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '[\\s_-]*');
    return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'u');
  });
}

/** The word is in the text, case and full-width forms aside. */
export function hasWord(text: string, word: string): boolean {
  const haystack = remember(foldedTexts, text, () => fold(text).toLowerCase());
  const pattern = patternOf(word);
  return pattern ? pattern.test(haystack) : haystack.includes(word);
}

const roles = new Map<string, FieldRole | undefined>();

/**
 * What a field is for: its name decides, else its aliases, else its prompt. A name, address or tax
 * id belongs to the buyer when a buyer word says so, else to the issuer (the shop, the seller).
 */
export function roleOf(spec: Pick<FieldSpec, 'labels'>): FieldRole | undefined {
  return remember(roles, JSON.stringify(spec.labels), () => readRole(spec));
}

function readRole(spec: Pick<FieldSpec, 'labels'>): FieldRole | undefined {
  const byKind = (kind: string) => spec.labels.filter((l) => l.kind === kind).map((l) => l.text);
  for (const texts of [byKind('name'), byKind('alias'), byKind('prompt')]) {
    for (const text of texts) {
      const role = roleOfText(text);
      if (role) return role;
    }
  }
  return undefined;
}

function roleOfText(text: string): FieldRole | undefined {
  const entry = ROLE_NAME_WORDS.find((e) => e.words.some((w) => hasWord(text, w)));
  if (!entry) return undefined;
  const buyer = BUYER_WORDS.some((w) => hasWord(text, w));
  switch (entry.role) {
    case 'party_name':
      return buyer ? 'buyer_name' : 'issuer_name';
    case 'party_address':
      return buyer ? 'buyer_address' : 'issuer_address';
    case 'party_tax_id':
      return buyer ? 'buyer_tax_id' : 'issuer_tax_id';
    default:
      return entry.role;
  }
}
