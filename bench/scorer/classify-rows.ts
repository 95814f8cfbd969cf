import { kindOf, rankCategories, rivalsOf } from '../../src/engine/pipeline/classify/classify.js';
import { structureSignals, type StructureSignals } from '../../src/engine/pipeline/classify/document-structure.js';
import type { Evidence } from '../../src/engine/pipeline/classify/classify-weights.js';
import { plainText } from '../../src/engine/pipeline/document/parsed-document.js';
import { DESK_LANGUAGES, type DeskLanguage } from '../../src/engine/starter/desk-language.js';
import { classifiableStarterCategories, starterCategoryName } from '../../src/engine/starter/starter-categories.js';
import type { ScorerDocument } from './scorer-set.js';

/** One document in one desk language: its structure signals and every starter category's evidence. */
export interface ClassifyRow {
  family: string;
  keptOut: boolean;
  id: string;
  language: DeskLanguage;
  receipt: boolean;
  /** null when the document shows no commercial structure. */
  signals: StructureSignals | null;
  categories: { name: string; features: Evidence; kind: string | null; kindSpecificity: number; right: boolean }[];
}

/** The starter category (its English name) a document of the sets belongs to. */
export function starterCategoryOf(doc: Pick<ScorerDocument, 'family' | 'category'>): string {
  if (doc.category === 'receipt') return 'Receipt';
  if (/^gen-zh-(?:rail|air)/.test(doc.family)) return 'Travel e-ticket';
  return doc.family.startsWith('gen-zh-') ? 'VAT invoice' : 'Invoice';
}

/**
 * Classification's fitting rows of a document, one per desk language, with each category's kind and
 * that kind's specificity among them: fit-classifier.py recomputes the structure evidence from them with
 * the kind model fitted without the document's family.
 */
export function classifyRows(doc: ScorerDocument): ClassifyRow[] {
  const text = plainText(doc.parsed);
  const signals = structureSignals(text) ?? null;
  return DESK_LANGUAGES.map((language) => {
    const expected = starterCategoryName(starterCategoryOf(doc), language);
    const starter = classifiableStarterCategories(language);
    const rivals = rivalsOf(starter);
    const kinds = new Map(starter.map((c) => [c.name, kindOf(c)]));
    const categories = rankCategories(text, starter).map(({ name, features }) => {
      const kind = kinds.get(name);
      return { name, features, kind: kind ?? null, kindSpecificity: kind ? rivals.specificity(rivals.kinds.get(kind) ?? 1) : 0, right: name === expected };
    });
    return { family: doc.family, keptOut: doc.keptOut, id: doc.id, language, receipt: doc.category === 'receipt', signals, categories };
  });
}
