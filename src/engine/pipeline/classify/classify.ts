import type { CategoryModel } from '../../store/category-models.js';
import { fold } from '../../../shared/text/fold.js';
import { kindProbabilities, type DocumentKind } from './document-structure.js';
import { roleOf } from '../fields/roles.js';
import type { FieldRole } from '../words/role-vocabulary.js';
import { findTerm, looseKey, wordsOf, type TermMatch } from '../document/text-match.js';
import { shippedWeights, weighed, type Evidence } from './classify-weights.js';

type LabelledField = { name: string; definition: { alias?: string[] | undefined } };

/** What classification reads of a category. */
export type ClassifiableCategory = Pick<CategoryModel, 'name' | 'categoryPrompt' | 'sampleTexts'> & {
  fields: LabelledField[];
  tables?: { fields: LabelledField[] }[] | undefined;
};

// One of the category's titles printed as a title (a line of its own) is a strong sign, a title in
// running text ("…within five days of receipt") a weak one; each of its fields whose name or alias is
// printed, and their share of the category's fields; the words of its prompt and sample files (a till
// slip titled "TAX INVOICE" that says cash, change, cashier); and a structure of the kind the category's
// fields describe (priced lines with a total for a shop's receipt, a VAT id and a document number for
// an invoice), in any language. Evidence that several of the categories ranked share (the label
// "Total", the word "date") tells them apart less, by its specificity among them. How much each kind of
// evidence weighs is fitted on documents of layout families held out one at a time
// (bench/scorer/fit-classifier.py): an Austrian till slip is titled "Rechnung".
export const CLASSIFY_WEIGHTS: Evidence = shippedWeights();
const MAX_NAME_OCCURRENCES = 3;
/** A table's column header counts for this share of a field label: item tables look alike in every kind of document. */
export const COLUMN_SHARE = 0.5;
/**
 * Whether a category fits at all is judged on its own evidence weighed by hand, not by the fitted
 * ranking: the sets hold no document that belongs to no category to fit it on. A category fits with
 * this much, and with a title printed, two of its fields found, or its typical words and a field: a
 * letter that mentions a date and a total is no receipt.
 */
export const FIT_WEIGHTS: Evidence = { nameAsTitle: 10, nameInText: 3, field: 3, coverage: 10, vocabulary: 25, structure: 12 };
export const MIN_FIT_SCORE = 12;
const MIN_FIELDS_WITHOUT_NAME = 2;
/** Typical words (prompt and samples) that, with one field label, stand in for a second label: a till slip's cash, change, cashier. */
const MIN_WORDS_WITH_ONE_FIELD = 4;
/**
 * This many of a category's own words (prompt and samples) in a document give the whole vocabulary
 * weight: a document shows some of its kind's typical words, never all of a long sample's.
 */
export const FULL_VOCABULARY_WORDS = 5;

/** The evidence behind a score, for the reason a document stays unclassified. */
export interface CategoryEvidence {
  /** Lines that are one of the category's titles; lines naming it in running text. */
  nameAsTitle: number;
  nameInText: number;
  /** Fields (and table columns) whose name or alias is printed, and how many there are. */
  fieldsFound: number;
  fieldCount: number;
  /** Words of the prompt and samples the document holds. */
  wordsFound: number;
  /** The document's structure is the kind of document the category's fields describe. */
  structure: boolean;
}

export interface CategoryScore {
  name: string;
  /** The evidence among the categories ranked, each kind weighed by CLASSIFY_WEIGHTS into the score. */
  features: Evidence;
  /** Its score among the categories ranked: what orders them. */
  score: number;
  /** Its score on its own evidence, shared or not, by FIT_WEIGHTS: what MIN_FIT_SCORE is compared to. */
  fitScore: number;
  fits: boolean;
  evidence: CategoryEvidence;
}

/** What the categories ranked together share: titles, labels (loose keys) and words, with how many hold each. */
export interface Rivals {
  titles: Map<string, number>;
  /** How many of the categories describe each kind of document. */
  kinds: Map<DocumentKind, number>;
  labels: Map<string, number>;
  labelTexts: string[];
  words: Map<string, number>;
  specificity: (holders: number) => number;
}

/**
 * The category's score among its rivals (evidence they share discounted), and whether it fits the
 * document on its own evidence: a fit does not depend on which other categories the workspace holds.
 */
export function scoreCategory(text: string, category: ClassifiableCategory, documentWords: ReadonlySet<string> = wordsOf(text), rivals?: Rivals): CategoryScore {
  return scoreIn(viewOf(text, documentWords, [...(rivals ?? rivalsOf([category])).titles.keys()]), category, rivals);
}

/**
 * A document as classification reads it, prepared once for all categories: its words, its text
 * without title lines (where labels are looked for), and the labels already looked for.
 */
interface DocumentView {
  text: string;
  words: ReadonlySet<string>;
  labelText: string;
  /** labelText folded and in lower case: a label whose first word is not in it is not looked for. */
  labelLower: string;
  labelsFound: Map<string, boolean>;
  /** How likely the document is each kind by its structure (both 0 for neither). */
  kinds: Record<DocumentKind, number>;
}

function viewOf(text: string, words: ReadonlySet<string>, titles: readonly string[]): DocumentView {
  const labelText = withoutTitles(text, titles);
  return { text, words, labelText, labelLower: fold(labelText).toLowerCase(), labelsFound: new Map(), kinds: kindProbabilities(text) };
}

function labelPrinted(view: DocumentView, label: string): boolean {
  let found = view.labelsFound.get(label);
  if (found === undefined) {
    const head = fold(label.trim()).toLowerCase().split(/\s/)[0] ?? '';
    found = view.labelLower.includes(head) && findTerm(view.labelText, label).length > 0;
    view.labelsFound.set(label, found);
  }
  return found;
}

function scoreIn(view: DocumentView, category: ClassifiableCategory, rivals?: Rivals): CategoryScore {
  const alone = measure(view, category, rivalsOf([category]));
  const among = rivals ? measure(view, category, rivals) : alone;
  // The structure of its kind counts whole when it is the likelier kind, as it did before the kind model.
  const fitScore = weighed({ ...alone.features, structure: alone.evidence.structure ? 1 : 0 }, FIT_WEIGHTS);
  return { name: category.name, features: among.features, score: weighed(among.features), fitScore, fits: fitScore >= MIN_FIT_SCORE && enoughKinds(alone.evidence), evidence: alone.evidence };
}

interface Measure {
  features: Evidence;
  evidence: CategoryEvidence;
}

/** A title printed as a title, the structure of its kind, two field labels, or a field label and several of the category's typical words. */
function enoughKinds({ nameAsTitle, structure, fieldsFound, wordsFound }: CategoryEvidence): boolean {
  return nameAsTitle > 0 || structure || fieldsFound >= MIN_FIELDS_WITHOUT_NAME || (fieldsFound > 0 && wordsFound >= MIN_WORDS_WITH_ONE_FIELD);
}

function measure(view: DocumentView, category: ClassifiableCategory, rivals: Rivals): Measure {
  const { asTitle, inText, titleLines } = titleOccurrences(view.text, titlesOf(category), rivals);
  const fields = fieldsOf(category);
  const columns = new Set((category.tables ?? []).flatMap((t) => t.fields));
  const found = fields.flatMap((f) => {
    const weight = fieldWeight(view, f, rivals);
    return weight === undefined ? [] : [columns.has(f) ? weight * COLUMN_SHARE : weight];
  });
  const fieldEvidence = found.reduce((sum, w) => sum + w, 0);
  const coverage = fields.length === 0 ? 0 : fieldEvidence / fields.length;
  const words = [...vocabularyOf(category)].filter((w) => view.words.has(w));
  const vocabulary = Math.min(1, words.reduce((sum, w) => sum + rivals.specificity(rivals.words.get(w) ?? 1), 0) / FULL_VOCABULARY_WORDS);
  const kind = kindOf(category);
  const likely = kind === undefined ? 0 : view.kinds[kind];
  const features: Evidence = {
    nameAsTitle: asTitle,
    nameInText: inText,
    field: fieldEvidence,
    coverage,
    vocabulary,
    structure: kind === undefined ? 0 : likely * rivals.specificity(rivals.kinds.get(kind) ?? 1),
  };
  const structure = likely >= 0.5;
  return { features, evidence: { nameAsTitle: titleLines, nameInText: inText, fieldsFound: found.length, fieldCount: fields.length, wordsFound: words.length, structure } };
}

function fieldsOf(category: ClassifiableCategory): LabelledField[] {
  return [...category.fields, ...(category.tables ?? []).flatMap((t) => t.fields)];
}

const INVOICE_PARTIES: ReadonlySet<FieldRole> = new Set(['issuer_tax_id', 'buyer_tax_id', 'buyer_name', 'buyer_address']);
// A Chinese VAT invoice has its own printed codes: its structure is not that of a commercial invoice.
const OWN_CODES: ReadonlySet<FieldRole> = new Set(['document_code', 'check_code', 'machine_number']);

/**
 * The kind of document the category's fields describe, by their roles: a document number with a tax id
 * or the buyer is an invoice; a total with the issuer and no buyer is a shop's receipt.
 */
export function kindOf(category: ClassifiableCategory): DocumentKind | undefined {
  const roles = new Set(category.fields.map((f) => roleOf({ labels: labelsOf(f).map((text, i) => ({ text, kind: i === 0 ? 'name' : 'alias' })) })));
  if ([...OWN_CODES].some((r) => roles.has(r))) return undefined;
  const toBuyer = [...INVOICE_PARTIES].some((r) => roles.has(r));
  if (roles.has('document_number') && toBuyer && (roles.has('issuer_tax_id') || roles.has('buyer_tax_id'))) return 'invoice';
  if (roles.has('total') && !toBuyer) return 'receipt';
  return undefined;
}

function labelsOf(field: LabelledField): string[] {
  return [field.name, ...(field.definition.alias ?? [])];
}

// The prompt may open with the titles such documents print, separated by "/", before a colon
// ("Receipt / Cash bill / 收据: …"); a phrase longer than this is a sentence, not a title.
const MAX_TITLE_LENGTH = 40;

/** The category's name and the titles its prompt lists. */
export function titlesOf(category: Pick<ClassifiableCategory, 'name' | 'categoryPrompt'>): string[] {
  const head = /^([^:：]*)[:：]/u.exec(category.categoryPrompt)?.[1] ?? '';
  const listed = head.split('/').map((t) => t.trim()).filter((t) => t !== '' && Array.from(t).length <= MAX_TITLE_LENGTH);
  return [...new Set([category.name, ...listed])];
}

/** undefined when none of the field's labels is printed, else its weight by its most particular printed label. */
function fieldWeight(view: DocumentView, field: LabelledField, rivals: Rivals): number | undefined {
  let weight: number | undefined;
  for (const label of labelsOf(field)) if (labelPrinted(view, label)) weight = Math.max(weight ?? 0, rivals.specificity(rivals.labels.get(looseKey(label)) ?? 1));
  return weight;
}

/** The titles, labels and vocabulary words of the categories, each with how many categories hold it. */
export function rivalsOf(categories: readonly ClassifiableCategory[]): Rivals {
  const labels = new Map<string, number>();
  const words = new Map<string, number>();
  const count = (map: Map<string, number>, keys: Iterable<string>) => {
    for (const key of new Set(keys)) map.set(key, (map.get(key) ?? 0) + 1);
  };
  const titleKeys = new Map<string, number>();
  const kinds = new Map<DocumentKind, number>();
  for (const category of categories) {
    const kind = kindOf(category);
    if (kind) kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    count(titleKeys, titlesOf(category).map(looseKey));
    count(labels, fieldsOf(category).flatMap(labelsOf).map(looseKey));
    count(words, vocabularyOf(category));
  }
  const titles = new Map(categories.flatMap(titlesOf).map((title) => [title, titleKeys.get(looseKey(title)) ?? 1]));
  const labelTexts = [...new Set(categories.flatMap((c) => fieldsOf(c).flatMap(labelsOf)))];
  return { titles, kinds, labels, labelTexts, words, specificity: specificityAmong(categories.length) };
}

/**
 * How much a sign held by `holders` of `total` categories tells them apart: 1 when one category
 * holds it, nothing when all do (an inverse document frequency). A lone category's signs count fully.
 */
function specificityAmong(total: number): (holders: number) => number {
  return (holders) => (total <= 1 ? 1 : Math.max(0, Math.log(total / holders) / Math.log(total)));
}

// A title is a line that is little more than the title, and no "label: value" pair.
const TITLE_LENGTH_FACTOR = 2;
const TITLE_LENGTH_SLACK = 6;

function isTitleLine(line: string, title: string): boolean {
  return Array.from(line.trim()).length <= Array.from(title).length * TITLE_LENGTH_FACTOR + TITLE_LENGTH_SLACK && !/[:：]/u.test(line);
}

/** A title inside a longer field label printed there ("INVOICE NO", "Invoice #") names a value, not the document. */
function insideLabel(line: string, match: TermMatch & { title: string }, rivals: Rivals): boolean {
  return rivals.labelTexts.some((label) => label.length > match.title.length && findTerm(line, label).some((m) => m.start <= match.start && match.end <= m.end));
}

/** The text without its title lines: "TAX INVOICE" names the document, it is no "Tax" label. */
function withoutTitles(text: string, titles: readonly string[]): string {
  return text
    .split('\n')
    .filter((line) => !titles.some((title) => isTitleLine(line, title) && findTerm(line, title).length > 0))
    .join('\n');
}

/**
 * Lines naming the category, by how particular the title printed is: as a title, or inside running
 * text and label/value lines. A title inside a longer title of any category printed there belongs to
 * that one ("Invoice" in "VAT Invoice"); a title several categories list counts for each in part.
 */
function titleOccurrences(text: string, own: readonly string[], rivals: Rivals): { asTitle: number; inText: number; titleLines: number } {
  const ownKeys = new Set(own.map(looseKey));
  let [asTitle, inText, titleLines, textLines] = [0, 0, 0, 0];
  for (const line of text.split('\n')) {
    const printed = [...rivals.titles.keys()].flatMap((title) => findTerm(line, title).map((m) => ({ ...m, title })));
    const mine = printed.filter((m) => ownKeys.has(looseKey(m.title)) && !printed.some((o) => o.start <= m.start && m.end <= o.end && o.end - o.start > m.end - m.start));
    if (mine.length === 0) continue;
    const weight = Math.max(...mine.map((m) => rivals.specificity(rivals.titles.get(m.title) ?? 1)));
    if (mine.some((m) => isTitleLine(line, m.title) && !insideLabel(line, m, rivals))) {
      if (titleLines++ < MAX_NAME_OCCURRENCES) asTitle += weight;
    } else if (textLines++ < MAX_NAME_OCCURRENCES) inText += weight;
  }
  return { asTitle, inText, titleLines };
}

/** Every category's score, best first (the first listed on a tie). */
export function rankCategories(text: string, categories: readonly ClassifiableCategory[]): CategoryScore[] {
  const rivals = rivalsOf(categories);
  const view = viewOf(text, wordsOf(text), [...rivals.titles.keys()]);
  return categories.map((c) => scoreIn(view, c, rivals)).sort((a, b) => b.score - a.score);
}

export interface Classification {
  /** The best-fitting category's name; '' (unclassified) when none fits. */
  category: string;
  /** Why the document stays unclassified, in words; '' when it was classified. */
  reason: string;
}

/** The best-fitting category, or none with the reason. */
export function classifyWithReason(text: string, categories: readonly ClassifiableCategory[]): Classification {
  const best = rankCategories(text, categories)[0];
  if (best?.fits) return { category: best.name, reason: '' };
  return { category: '', reason: unclassifiedReason(best) };
}

/** The best-fitting category's name; '' (unclassified) when none fits. */
export function classify(text: string, categories: readonly ClassifiableCategory[]): string {
  return classifyWithReason(text, categories).category;
}

function unclassifiedReason(best: CategoryScore | undefined): string {
  if (!best) return 'no category is enabled in this workspace';
  const { nameAsTitle, nameInText, fieldsFound, fieldCount, wordsFound } = best.evidence;
  const title = nameAsTitle > 0 ? 'a title of it printed' : nameInText > 0 ? 'its title only in running text' : 'no title of it printed';
  const found = `${title}, ${fieldsFound} of ${fieldCount} field labels and ${wordsFound} of its typical words found`;
  const lacking = best.fitScore < MIN_FIT_SCORE ? `scored ${best.fitScore.toFixed(1)} of the ${MIN_FIT_SCORE} needed` : `needs a title, ${MIN_FIELDS_WITHOUT_NAME} field labels, or a field label and ${MIN_WORDS_WITH_ONE_FIELD} typical words`;
  return `no category fits: the closest, '${best.name}', ${lacking} (${found})`;
}

// Sample files can be long: their words are kept for the categories classified most recently.
const VOCABULARY_CACHE_SIZE = 64;
const vocabularies = new Map<string, Set<string>>();

/**
 * The words of the category's prompt and samples beyond its name and field labels: those already
 * count as title and fields, and "total" in a letter is no sign of an invoice.
 */
function vocabularyOf(category: ClassifiableCategory): Set<string> {
  const own = [category.name, ...fieldsOf(category).flatMap(labelsOf)].join('\n');
  const text = [category.categoryPrompt, ...category.sampleTexts].join('\n');
  const key = `${own}\u0000${text}`;
  let words = vocabularies.get(key);
  if (!words) {
    const labelWords = wordsOf(own);
    words = new Set([...wordsOf(text)].filter((w) => !labelWords.has(w)));
    if (vocabularies.size >= VOCABULARY_CACHE_SIZE) vocabularies.delete(vocabularies.keys().next().value!);
    vocabularies.set(key, words);
  }
  return words;
}
