import type { CategoryModel } from '../store/category-models.js';
import { findTerm, wordsOf } from './text-match.js';

type LabelledField = { name: string; definition: { alias?: string[] | undefined } };

/** What classification reads of a category. */
export type ClassifiableCategory = Pick<CategoryModel, 'name' | 'categoryPrompt' | 'sampleTexts'> & {
  fields: LabelledField[];
  tables?: { fields: LabelledField[] }[] | undefined;
};

// The category's own name printed as a title (a line of its own) is the strongest sign, the name in
// running text ("…within five days of receipt") a weak one; each of its fields whose name or alias is
// printed comes next, more so when they are most of the category's fields; the words of its prompt
// and sample files tip the balance.
export const CLASSIFY_WEIGHTS = { nameAsTitle: 10, nameInText: 3, field: 3, coverage: 10, vocabulary: 10 } as const;
const MAX_NAME_OCCURRENCES = 3;
/**
 * A category fits a document only with this much evidence, and with its name printed or two of its
 * fields found: a letter that mentions a date and a total is no receipt.
 */
export const MIN_FIT_SCORE = 12;
const MIN_FIELDS_WITHOUT_NAME = 2;

export interface CategoryScore {
  name: string;
  score: number;
  fits: boolean;
}

export function scoreCategory(text: string, category: ClassifiableCategory, documentWords: ReadonlySet<string> = wordsOf(text)): CategoryScore {
  const { asTitle, inText } = nameOccurrences(text, category.name);
  const fields = [...category.fields, ...(category.tables ?? []).flatMap((t) => t.fields)];
  const found = fields.filter((f) => [f.name, ...(f.definition.alias ?? [])].some((label) => findTerm(text, label).length > 0)).length;
  const coverage = fields.length === 0 ? 0 : found / fields.length;
  const vocabulary = vocabularyOf(category);
  const overlap = vocabulary.size === 0 ? 0 : [...vocabulary].filter((w) => documentWords.has(w)).length / vocabulary.size;
  const score =
    asTitle * CLASSIFY_WEIGHTS.nameAsTitle +
    inText * CLASSIFY_WEIGHTS.nameInText +
    found * CLASSIFY_WEIGHTS.field +
    coverage * CLASSIFY_WEIGHTS.coverage +
    overlap * CLASSIFY_WEIGHTS.vocabulary;
  return { name: category.name, score, fits: score >= MIN_FIT_SCORE && (asTitle > 0 || found >= MIN_FIELDS_WITHOUT_NAME) };
}

// A title is a line that is little more than the name, and no "label: value" pair.
const TITLE_LENGTH_FACTOR = 2;
const TITLE_LENGTH_SLACK = 6;

/** Lines naming the category: as a title, or inside running text and label/value lines. */
function nameOccurrences(text: string, name: string): { asTitle: number; inText: number } {
  let asTitle = 0;
  let inText = 0;
  const limit = Array.from(name).length * TITLE_LENGTH_FACTOR + TITLE_LENGTH_SLACK;
  for (const line of text.split('\n')) {
    if (findTerm(line, name).length === 0) continue;
    if (Array.from(line.trim()).length <= limit && !/[:：]/u.test(line)) asTitle++;
    else inText++;
  }
  return { asTitle: Math.min(asTitle, MAX_NAME_OCCURRENCES), inText: Math.min(inText, MAX_NAME_OCCURRENCES) };
}

/** Every category's score, best first (the first listed on a tie). */
export function rankCategories(text: string, categories: readonly ClassifiableCategory[]): CategoryScore[] {
  const words = wordsOf(text);
  return categories.map((c) => scoreCategory(text, c, words)).sort((a, b) => b.score - a.score);
}

/** The best-fitting category's name; '' (unclassified) when none fits. */
export function classify(text: string, categories: readonly ClassifiableCategory[]): string {
  const best = rankCategories(text, categories)[0];
  return best?.fits ? best.name : '';
}

// Sample files can be long: their words are kept for the categories classified most recently.
const VOCABULARY_CACHE_SIZE = 64;
const vocabularies = new Map<string, Set<string>>();

function vocabularyOf(category: ClassifiableCategory): Set<string> {
  const text = [category.categoryPrompt, ...category.sampleTexts].join('\n');
  let words = vocabularies.get(text);
  if (!words) {
    words = wordsOf(text);
    if (vocabularies.size >= VOCABULARY_CACHE_SIZE) vocabularies.delete(vocabularies.keys().next().value!);
    vocabularies.set(text, words);
  }
  return words;
}
