import { checkTaxId } from '../../../shared/invoice/tax-id.js';
import { termKey } from '../document/text-match.js';
import { unionOf } from '../layout/box.js';
import type { ParsedPage } from '../document/parsed-document.js';
import { VALUE_TYPE, type FieldRole, type ValueType } from '../words/role-vocabulary.js';
import { vatIds } from '../words/vat-id.js';
import type { Candidate } from './candidate.js';
import { findAmounts, findDates } from './value-parsers.js';

/** A candidate's evidence as named numbers: what the fitted scorer (field-scorer.ts) weighs. */
export type Features = Record<string, number>;

/** A field without a role is read by its labels alone: its candidates share the weights of every field. */
export type FeatureKind = ValueType | 'other';

// The reader's own confidence enters as a log-odds, kept off the ends where the logit runs away.
const PRIOR_BOUND = 0.01;

/**
 * The features of every candidate of one field. Each evidence counts once across all fields, once
 * within its kind of value and once within its role, so the model shares what is common (a label,
 * agreement between readers) and still learns what differs (a total sits low on the page, a seller
 * high; a VAT id's shape is right for a tax id and wrong for an invoice number).
 */
export function fieldFeatures(role: FieldRole | undefined, candidates: readonly Candidate[], pages: readonly Pick<ParsedPage, 'width' | 'height'>[]): Features[] {
  const kind: FeatureKind = role ? VALUE_TYPE[role] : 'other';
  // Two readings agree as a clerk compares them: letters and digits, case aside.
  const keys = candidates.map((c) => termKey(c.value).replace(/[^\p{L}\p{N}]/gu, ''));
  const best = Math.max(0, ...candidates.map((c) => c.confidence));
  const largest = Math.max(0, ...candidates.map((c) => amountOf(c) ?? 0));
  return candidates.map((c, i) => {
    const base = { ...evidenceOf(c, kind, pages[c.page]), ...agreementOf(i, candidates, keys), best: c.confidence >= best ? 1 : 0, gap: best - c.confidence, candidates: Math.log1p(candidates.length), largest: kind === 'amount' && amountOf(c) === largest && largest > 0 ? 1 : 0 };
    return withKind(base, kind, role);
  });
}

function withKind(base: Features, kind: FeatureKind, role: FieldRole | undefined): Features {
  const groups = role ? [kind, role] : [kind];
  const features: Features = Object.fromEntries(groups.map((g) => [`${g}|bias`, 1]));
  for (const [name, value] of Object.entries(base)) {
    if (value === 0) continue;
    features[name] = value;
    for (const g of groups) features[`${g}|${name}`] = value;
  }
  return features;
}

function evidenceOf(c: Candidate, kind: FeatureKind, page: Pick<ParsedPage, 'width' | 'height'> | undefined): Features {
  const [left, top, right, bottom] = c.boxes.length > 0 ? unionOf(c.boxes) : [0, 0, 0, 0];
  const x = page ? (left + right) / 2 / page.width : 0.5;
  const y = page ? (top + bottom) / 2 / page.height : 0.5;
  const chars = Array.from(c.value);
  const prior = Math.min(1 - PRIOR_BOUND, Math.max(PRIOR_BOUND, c.confidence));
  return {
    prior: Math.log(prior / (1 - prior)),
    [`source:${c.source ?? 'label'}`]: 1,
    labelled: c.labelLength > 0 ? 1 : 0,
    labelLength: Math.log1p(c.labelLength),
    ...(c.reach && { [`label:${c.reach.kind}`]: 1, [`place:${c.reach.place}`]: 1, colon: c.reach.colon ? 1 : 0, inside: c.reach.inside ? 1 : 0, skipped: Math.log1p(c.reach.skipped), loose: c.reach.loose ? 1 : 0 }),
    x,
    y,
    top: y < 0.25 ? 1 : 0,
    bottom: y > 0.75 ? 1 : 0,
    right: x > 0.5 ? 1 : 0,
    laterPage: c.page > 0 ? 1 : 0,
    length: Math.log1p(chars.length),
    digits: chars.filter((ch) => /\p{N}/u.test(ch)).length / Math.max(1, chars.length),
    typeFits: typeFits(kind, c.value) ? 1 : 0,
    // A VAT id of its country's pattern, or a Chinese tax id whose check character matches.
    taxIdShaped: kind === 'id' && (vatIds(c.value).length > 0 || checkTaxId(c.value).valid) ? 1 : 0,
    ...(c.breakdown && { [`breakdown:${c.breakdown}`]: 1 }),
    ...(c.typed && Object.fromEntries(Object.entries(c.typed).map(([name, on]) => [`typed:${name}`, on ? 1 : 0]))),
    misfit: c.misfit ? 1 : 0,
    shared: c.shared ? 1 : 0,
  };
}

/** How many other candidates of the field read the same value, and through how many other readers. */
function agreementOf(i: number, candidates: readonly Candidate[], keys: readonly string[]): Features {
  const same = candidates.filter((_, j) => j !== i && keys[j] !== '' && keys[j] === keys[i]);
  const readers = new Set(same.map((c) => c.source)).add(candidates[i]!.source);
  return { agree: Math.log1p(same.length), readers: readers.size - 1 };
}

function typeFits(kind: FeatureKind, value: string): boolean {
  switch (kind) {
    case 'date':
      return findDates(value)[0]?.start === 0;
    case 'amount':
      return findAmounts(value).length > 0;
    case 'currency':
      return /^[\p{Lu}\p{Sc}]{1,3}$/u.test(value.trim());
    case 'id':
      return /\d/u.test(value);
    case 'name':
    case 'address':
      return /\p{L}{2}/u.test(value);
    case 'phone':
      return (value.match(/\d/gu)?.length ?? 0) >= 6;
    case 'other':
      return value.trim() !== '';
  }
}

function amountOf(c: Candidate): number | undefined {
  const found = findAmounts(c.value)[0];
  return found ? Math.abs(found.value) : undefined;
}
