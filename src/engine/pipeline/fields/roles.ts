import type { FieldSpec } from '../field-spec.js';
import { findTerm, remember } from '../text-match.js';
import { BUYER_WORDS, ROLE_NAME_WORDS, type FieldRole } from './role-vocabulary.js';

/** The word is in the text, as findTerm matches a label: case and full-width forms aside, whole words where the script spaces them. */
export function hasWord(text: string, word: string): boolean {
  return findTerm(text, word).length > 0;
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
