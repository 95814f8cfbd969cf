import type { FieldSpec } from '../document/field-spec.js';
import { findTerm, hasWord, remember } from '../document/text-match.js';
import { BUYER_WORDS, PARTY_ROLES, partyPartOf, QUALIFIER_WORDS, ROLE_NAME_WORDS, type FieldRole } from '../words/role-vocabulary.js';

const roles = new Map<string, FieldRole | undefined>();

/**
 * What a field is for: its name decides, else its aliases, else its prompt. A name, address or tax
 * id belongs to the buyer when a buyer word says so, else to the issuer (the shop, the seller).
 */
export function roleOf(spec: Pick<FieldSpec, 'labels' | 'prompt'>): FieldRole | undefined {
  return remember(roles, JSON.stringify([spec.labels, spec.prompt]), () => readRole(spec));
}

function readRole(spec: Pick<FieldSpec, 'labels' | 'prompt'>): FieldRole | undefined {
  const byKind = (kind: string) => spec.labels.filter((l) => l.kind === kind).map((l) => l.text);
  for (const text of [...byKind('name'), ...byKind('alias')]) {
    const role = roleOfText(text);
    if (role) return role;
  }
  // The prompt's short phrases first, then its sentences: "Gesamtbetrag inklusive MwSt" is too long to be printed, not to be read.
  for (const text of [...byKind('prompt'), ...(spec.prompt ?? '').split(/[,;，；、。\n]|\.\s/u)]) {
    const role = roleOfPhrase(text);
    if (role) return role;
  }
  return undefined;
}

/** A prompt's phrase names its role before a qualifier ("Gesamtbetrag inklusive MwSt", "the total including tax"). */
function roleOfPhrase(text: string): FieldRole | undefined {
  const qualified = Math.min(...QUALIFIER_WORDS.flatMap((w) => findTerm(text, w).map((m) => m.start)), text.length);
  return (qualified > 0 && roleOfText(text.slice(0, qualified))) || roleOfText(text);
}

function roleOfText(text: string): FieldRole | undefined {
  const entry = ROLE_NAME_WORDS.find((e) => e.words.some((w) => hasWord(text, w)));
  if (!entry) return undefined;
  const part = partyPartOf(entry.role);
  if (!part) return entry.role as FieldRole;
  return PARTY_ROLES[BUYER_WORDS.some((w) => hasWord(text, w)) ? 'buyer' : 'issuer'][part];
}
