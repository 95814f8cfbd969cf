import type { CategoryModel } from '../store/category-models.js';
import { findTerm, wordsOf } from './text-match.js';

/** What classification reads of a category. */
export type ClassifiableCategory = Pick<CategoryModel, 'name' | 'categoryPrompt' | 'sampleTexts'> & {
  fields: { name: string; definition: { alias?: string[] | undefined } }[];
};

// The category's own name printed on the document is the strongest sign; its field labels come
// next; the words of its prompt and sample files only tip the balance.
export const CLASSIFY_WEIGHTS = { nameOccurrence: 10, fieldLabel: 3, vocabulary: 5 } as const;
const MAX_NAME_OCCURRENCES = 5;

export function scoreCategory(text: string, category: ClassifiableCategory): number {
  const nameHits = Math.min(findTerm(text, category.name).length, MAX_NAME_OCCURRENCES);
  const labels = new Set(category.fields.flatMap((f) => [f.name, ...(f.definition.alias ?? [])]).map((l) => l.trim().toLowerCase()));
  const labelHits = [...labels].filter((label) => findTerm(text, label).length > 0).length;
  const vocabulary = wordsOf([category.categoryPrompt, ...category.sampleTexts].join('\n'));
  const documentWords = wordsOf(text);
  const overlap = vocabulary.size === 0 ? 0 : [...vocabulary].filter((w) => documentWords.has(w)).length / vocabulary.size;
  return nameHits * CLASSIFY_WEIGHTS.nameOccurrence + labelHits * CLASSIFY_WEIGHTS.fieldLabel + overlap * CLASSIFY_WEIGHTS.vocabulary;
}

/** The best-scoring category's name, the first listed on a tie; '' (unclassified) when none scores. */
export function classify(text: string, categories: readonly ClassifiableCategory[]): string {
  let best = { name: '', score: 0 };
  for (const category of categories) {
    const score = scoreCategory(text, category);
    if (score > best.score) best = { name: category.name, score };
  }
  return best.name;
}
