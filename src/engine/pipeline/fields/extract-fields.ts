import type { ExtractedField } from '../../../shared/api/index.js';
import type { SlashOrder } from '../../../shared/text/datetime.js';
import type { FieldSpec } from '../document/field-spec.js';
import { LabelVocabulary } from '../words/label-vocabulary.js';
import { rowsOf, rowText, type VisualRow } from '../layout/segments.js';
import { unionOf, verticesOf } from '../layout/box.js';
import { termKey } from '../document/text-match.js';
import type { ParsedFile } from '../document/parsed-document.js';
import { applyTransforms, MISMATCH_CONFIDENCE_FACTOR } from '../transforms/apply-transforms.js';
import { amountBreakdown, breakdownVerdict, roundedTotal, type AmountBreakdown } from './amount-breakdown.js';
import { assignJointly, onePerValueBox } from './assign.js';
import type { Candidate, CandidateSource } from './candidate.js';
import { fieldFeatures, type Features } from './candidate-features.js';
import { shippedScorer, type FieldScorer } from './field-scorer.js';
import { headerCandidates, type HeadParties } from './header-block.js';
import { readingDoubts } from './reading-doubt.js';
import { labelledCandidates, type LabelContext } from './labelled-candidates.js';
import { footerTaxIds } from './legal-footer.js';
import { amountCurrency } from './amount-currency.js';
import { documentSlashOrder } from './date-order.js';
import { letterWindowSections } from './letter-window.js';
import { derivedCountry } from './party-country.js';
import { partySections, sectionCandidates, type PartySection } from './party-sections.js';
import { LabelIndex, type OwnedLabel } from './phrase-role.js';
import { PAGE_LABELS, VALUE_TYPE, type FieldRole } from '../words/role-vocabulary.js';
import { roleOf } from './roles.js';
import { paymentTermDueDate } from './payment-terms.js';
import { titleLine, type TitleLine } from './title-line.js';
import { typedCandidates, typedValues } from './typed-candidates.js';
import type { TypedValue } from './typed-value.js';
import { findAmounts, withSpacedDateRead } from './value-parsers.js';
import { vatCandidates, vatChecked, vatGridOf, type VatGrid } from './vat-grid.js';

type ParsedDocument = ParsedFile['document'];

// A value that fails a cross-check stays under 0.5: for a clerk to look at.
const CONTRADICTED = 0.45;

export interface FieldContext {
  /** Every label of the category: keeps labels out of values (the fields' own labels when not given). */
  vocabulary?: LabelVocabulary | undefined;
  /** Rows that belong to a table ("page:row"): no field value is read across them. */
  tableRows?: ReadonlySet<string> | undefined;
  /** Values remembered from the clerk's confirmed documents of this layout (pipeline/learning): candidates beside the page's own. */
  recall?: { candidates(spec: FieldSpec, typed: () => readonly TypedValue[]): Candidate[] } | undefined;
  /** Weighs every candidate (the shipped model unless a bench judges another). */
  scorer?: FieldScorer | undefined;
  /** Sees each field's candidates with their features as scored: the scorer's fitting data (bench/scorer). */
  observe?: ((spec: FieldSpec, role: FieldRole | undefined, scored: readonly ScoredCandidate[]) => void) | undefined;
}

export interface ScoredCandidate {
  candidate: Candidate;
  features: Features;
}

/** What every field of one document draws on, each part computed once and only when a field needs it. */
class PageEvidence {
  private typed?: TypedValue[];
  private header?: HeadParties;
  private vat?: VatGrid;
  private breakdown?: AmountBreakdown | null;
  private sections?: PartySection[];
  private footer?: Candidate[];
  private title?: TitleLine;
  private term?: Candidate | null;

  constructor(
    readonly rows: readonly VisualRow[][],
    readonly labels: LabelIndex,
    private readonly document: ParsedDocument,
  ) {}

  typedValues(): TypedValue[] {
    return (this.typed ??= typedValues(this.rows, this.labels, this.slashOrder()));
  }

  slashOrder(): SlashOrder {
    return documentSlashOrder(this.rows);
  }

  headerCandidates(): HeadParties {
    return (this.header ??= headerCandidates(this.rows, readingDoubts(this.document)));
  }

  amountBreakdown(): AmountBreakdown | undefined {
    return (this.breakdown ??= amountBreakdown(this.typedValues()) ?? null) ?? undefined;
  }

  partySections(): PartySection[] {
    return (this.sections ??= [...partySections(this.rows), ...letterWindowSections(this.rows)]);
  }

  footerTaxIds(): Candidate[] {
    return (this.footer ??= footerTaxIds(this.rows));
  }

  titleLine(): TitleLine {
    return (this.title ??= titleLine(this.rows));
  }

  paymentTermDueDate(): Candidate | undefined {
    return (this.term ??= paymentTermDueDate(this.rows) ?? null) ?? undefined;
  }

  vatGrid(): VatGrid {
    return (this.vat ??= vatGridOf(this.rows));
  }
}

/** One entry per field (per value for multi-value fields); a field not found has an empty value. */
export function extractFields(document: ParsedDocument, specs: readonly FieldSpec[], context?: FieldContext): ExtractedField[] {
  const roles = specs.map((spec) => roleOf(spec));
  const rows = rowsOf(document);
  const printed = termKey(rows.flatMap((page) => page.map((row) => rowText(row))).join(' '));
  const mayBePrinted = (label: string) => printed.includes(termKey(label));
  const labels = new LabelIndex(specs.flatMap((spec, i) => ownLabels(spec, roles[i])), mayBePrinted);
  const evidence = new PageEvidence(rows, labels, document);
  const ctx: LabelContext = {
    vocabulary: context?.vocabulary ?? new LabelVocabulary(specs.flatMap((s) => s.labels.map((l) => l.text))),
    labels,
    tableRows: context?.tableRows,
    mayBePrinted,
  };
  const scorer = context?.scorer ?? shippedScorer();
  const choices = specs.map((spec, i) => {
    const recalled = from('recall', context?.recall?.candidates(spec, () => evidence.typedValues()) ?? []);
    const read = onePerValueBox([...recalled, ...candidatesFor(spec, roles[i], evidence, ctx)]).map((c) => transformed(c, spec, roles[i], evidence.slashOrder()));
    const scored = fieldFeatures(roles[i], read, document.pages).map((features, j) => ({ candidate: read[j]!, features }));
    context?.observe?.(spec, roles[i], scored);
    return { multiValue: spec.multiValue, distinctValues: spec.distinctValues, candidates: ranked(roles[i], scored.map(({ candidate, features }) => ({ ...candidate, confidence: scorer.probability(features) }))) };
  });
  return assignJointly(choices).flatMap((chosen, i) => answers(specs[i]!, chosen));
}

function ownLabels(spec: FieldSpec, role: FieldRole | undefined): OwnedLabel[] {
  return role ? spec.labels.filter((l) => l.kind !== 'prompt').map((l) => ({ role, label: l.text })) : [];
}

function candidatesFor(spec: FieldSpec, role: FieldRole | undefined, evidence: PageEvidence, ctx: LabelContext): Candidate[] {
  const labelled = from('label', labelledCandidates(evidence.rows, spec, role, ctx, role ? PAGE_LABELS[role] : []));
  if (!role) return labelled;
  const header = headCandidate(role, evidence.headerCandidates());
  const sections = evidence.partySections();
  const inBlocks = (r: FieldRole) => [...from('section', sectionCandidates(r, sections)), ...(r === 'issuer_tax_id' ? from('footer', evidence.footerTaxIds()) : [])];
  // The page's own labels for a party's VAT id, whether or not the category has a field for it.
  const taxIds = (r: FieldRole) => [...labelledCandidates(evidence.rows, { ...spec, labels: [] }, r, ctx, PAGE_LABELS[r]), ...inBlocks(r)];
  const addresses = (r: FieldRole) => [...inBlocks(r), ...[headCandidate(r, evidence.headerCandidates())].flatMap((c) => c ?? [])];
  const country = from('country', derivedCountry(role, { taxIds, countries: inBlocks, addresses }));
  const currency = from('currency', role === 'currency' ? amountCurrency(evidence.rows) : []);
  const typed = from('typed', typedCandidates(role, evidence.typedValues(), evidence.amountBreakdown()));
  const all = [...labelled, ...typed, ...from('head', header ? [header] : []), ...from('vat-grid', vatCandidates(role, evidence.vatGrid())), ...inBlocks(role), ...country, ...currency, ...from('due-as-total', amountDueOfTotal(role, evidence)), ...placedCandidates(role, evidence)];
  return vatChecked(role, evidence.vatGrid(), all, sections.map((s) => s.band)).map((c) => crossChecked(role, c, evidence.amountBreakdown()));
}

/** The document's number and date from its title line; its due date from its payment term. */
function placedCandidates(role: FieldRole, evidence: PageEvidence): Candidate[] {
  const byRole: Partial<Record<FieldRole, () => Candidate | undefined>> = {
    document_number: () => evidence.titleLine().number,
    date: () => evidence.titleLine().date,
    due_date: () => evidence.paymentTermDueDate(),
  };
  const found = byRole[role]?.();
  return found ? from(role === 'due_date' ? 'term' : 'title', [found]) : [];
}

// With no deduction printed, the amount due is the total: surer than a guess, not sure enough to be left unchecked.
const DUE_AS_TOTAL = 0.85;

/** The breakdown's total, as the amount due a page prints no other amount for (the same printed text as the total's). */
function amountDueOfTotal(role: FieldRole, evidence: PageEvidence): Candidate[] {
  const total = role === 'amount_due' ? evidence.amountBreakdown()?.total : undefined;
  return total ? [{ value: total.value, page: total.segment.page, boxes: total.segment.boxes, confidence: DUE_AS_TOTAL, labelLength: 0, order: total.order, shared: true }] : [];
}

/**
 * An amount that contradicts the page's net + tax = total is suspect. A total printed after the
 * breakdown's total, or within cash rounding of it, may be the amount paid (after rounding or a
 * deposit): the sum does not decide it, and the scorer weighs each case on its own.
 */
function crossChecked(role: FieldRole, candidate: Candidate, breakdown: AmountBreakdown | undefined): Candidate {
  const printed = findAmounts(candidate.value).at(-1);
  const verdict = printed && breakdown ? breakdownVerdict(breakdown, role, printed.value) : undefined;
  if (!printed || !breakdown || !verdict) return candidate;
  if (verdict === 'confirmed') return { ...candidate, breakdown: verdict };
  if (role === 'total' && roundedTotal(breakdown, printed.value)) return { ...candidate, breakdown: 'rounded' };
  if (role === 'total' && candidate.order > breakdown.total.order) return { ...candidate, breakdown: 'after' };
  return { ...candidate, breakdown: verdict, confidence: candidate.confidence * CONTRADICTED };
}

function headCandidate(role: FieldRole, head: HeadParties): Candidate | undefined {
  const parts = head.addressParts ?? {};
  const byRole: Partial<Record<FieldRole, Candidate | undefined>> = { issuer_name: head.name, issuer_address: head.address, buyer_name: head.buyerName, buyer_address: head.buyerAddress, issuer_street: parts.street, issuer_postcode: parts.postcode, issuer_city: parts.city, issuer_country: parts.country };
  return byRole[role];
}

/** Surest first; on a tie the longer label, then for a total the larger amount (a total is no smaller than its parts), then the first read. */
function ranked(role: FieldRole | undefined, candidates: Candidate[]): Candidate[] {
  const size = (c: Candidate) => (role === 'total' ? (findAmounts(c.value)[0]?.value ?? 0) : 0);
  return candidates.sort((a, b) => b.confidence - a.confidence || b.labelLength - a.labelLength || size(b) - size(a) || a.order - b.order);
}

function transformed(candidate: Candidate, spec: FieldSpec, role: FieldRole | undefined, slashes: SlashOrder): Candidate {
  const printed = role && VALUE_TYPE[role] === 'date' ? withSpacedDateRead(candidate.value) : candidate.value;
  const { value, fits } = applyTransforms(printed, spec.transforms, slashes);
  return fits ? { ...candidate, value } : { ...candidate, value, misfit: true, confidence: candidate.confidence * MISMATCH_CONFIDENCE_FACTOR };
}

/** The reader a list of candidates came from: the scorer's first piece of evidence. */
function from(source: CandidateSource, candidates: readonly Candidate[]): Candidate[] {
  return candidates.map((c) => ({ ...c, source }));
}

function answers(spec: FieldSpec, chosen: readonly Candidate[]): ExtractedField[] {
  if (chosen.length === 0) return [{ key: spec.key, identifier: spec.identifier, value: applyTransforms('', spec.transforms).value, position: [], confidence: 0 }];
  return chosen.map((c) => ({
    key: spec.key,
    identifier: spec.identifier,
    value: c.value,
    position: [{ page: c.page, vertices: verticesOf(unionOf(c.boxes)) }],
    confidence: Math.round(c.confidence * 1000) / 1000,
  }));
}
