import { vatIdCountry } from '../words/vat-id.js';
import type { Candidate } from './candidate.js';
import type { FieldRole } from '../words/field-role.js';

// A country read off the party's VAT id, not printed as its country: right as far as the id is the party's.
const OF_VAT_ID = 0.85;
// An address printed without a country is in the other party's country (the country line is for mail abroad): a guess to check.
const DOMESTIC = 0.6;

type Sources = (role: FieldRole) => readonly Candidate[];

const PARTY_OF: Partial<Record<FieldRole, { taxId: FieldRole; address: FieldRole; other: FieldRole }>> = {
  issuer_country: { taxId: 'issuer_tax_id', address: 'issuer_address', other: 'buyer_country' },
  buyer_country: { taxId: 'buyer_tax_id', address: 'buyer_address', other: 'issuer_country' },
};

const surest = (candidates: readonly Candidate[]) => [...candidates].sort((a, b) => b.confidence - a.confidence)[0];

/**
 * A party's country where its address prints none: its VAT id's prefix ("DE123456789" is DE,
 * pointing at the id); else, when the party's address is printed, the other party's country
 * (printed or from its VAT id), pointing at the address.
 */
export function derivedCountry(role: FieldRole, sources: { taxIds: Sources; countries: Sources; addresses: Sources }): Candidate[] {
  const party = PARTY_OF[role];
  if (!party) return [];
  const own = ofTaxId(party.taxId, sources.taxIds);
  if (own) return [own];
  const other = PARTY_OF[party.other]!;
  const otherCountry = surest([...sources.countries(party.other), ...[ofTaxId(other.taxId, sources.taxIds)].flatMap((c) => c ?? [])]);
  const address = surest(sources.addresses(party.address));
  return address && otherCountry ? [{ ...address, value: otherCountry.value, confidence: otherCountry.confidence * DOMESTIC, labelLength: 0, shared: true }] : [];
}

function ofTaxId(taxRole: FieldRole, taxIds: Sources): Candidate | undefined {
  const id = surest(taxIds(taxRole));
  const country = id && vatIdCountry(id.value.toUpperCase());
  return id && country ? { ...id, value: country, confidence: id.confidence * OF_VAT_ID, labelLength: 0, shared: true } : undefined;
}
