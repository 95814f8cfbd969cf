import { rankCategories, type CategoryScore, type ClassifiableCategory } from './classify.js';
import { median, rowHeight, rowsOf, rowText, type VisualRow } from './layout/segments.js';
import type { ParsedFile } from './parsed-document.js';
import { looseKey } from './text-match.js';
import type { ChildPart } from './split.js';

type ParsedDocument = ParsedFile['document'];

interface PageSigns {
  /** The page's best-fitting category, '' when none fits. */
  category: string;
  scores: CategoryScore[];
  /** The page's title: a short first line, set larger or centred near the top. */
  title: string | undefined;
}

// A title is short, narrow (one or two segments, not a table row across the page), in the top
// quarter, and taller than the page's usual line or centred.
const TITLE = { maxLength: 40, maxSegments: 2, maxWidthShare: 0.6, topShare: 0.25, tallerBy: 1.2, centreTolerance: 0.1 } as const;
/** A page of the same category opens a new document when it scores this share of the document's first page. */
const FRESH_START_SHARE = 0.6;

/**
 * Where the documents of a multi-document file begin. A page starts a new document when
 * - it fits another category than the current document and has a title, or most of the signs of a
 *   first page (a score of at least 60% of the current document's first page);
 * - it fits the current document's category, has a title and most of the signs of a first page (a
 *   second invoice after the first);
 * - it fits no category but has a title other than the current document's.
 * Other pages (continuations: no title, or few signs) continue the current document.
 */
export function detectDocuments(document: ParsedDocument, categories: readonly ClassifiableCategory[]): ChildPart[] {
  const rows = rowsOf(document);
  const signs = rows.map((pageRows, p) => pageSigns(pageRows, document.pages[p]!, categories));
  const parts: { pages: number[]; first: PageSigns }[] = [];
  signs.forEach((page, p) => {
    const current = parts[parts.length - 1];
    if (!current || startsDocument(page, current.first)) parts.push({ pages: [p], first: page });
    else current.pages.push(p);
  });
  return parts.map((part) => ({ pages: part.pages }));
}

function startsDocument(page: PageSigns, first: PageSigns): boolean {
  if (page.category === '') return page.title !== undefined && looseKey(page.title) !== looseKey(first.title ?? '');
  const strong = scoreOf(page, page.category) >= FRESH_START_SHARE * scoreOf(first, first.category);
  if (page.category === first.category) return page.title !== undefined && strong;
  // A continuation page (no title) that happens to fit another category better needs most of a first page's signs.
  return page.title !== undefined || strong;
}

function scoreOf(page: PageSigns, category: string): number {
  return page.scores.find((s) => s.name === category)?.score ?? 0;
}

function pageSigns(rows: readonly VisualRow[], page: { width: number; height: number }, categories: readonly ClassifiableCategory[]): PageSigns {
  const scores = rankCategories(rows.map(rowText).join('\n'), categories);
  const best = scores[0];
  return { category: best?.fits ? best.name : '', scores, title: titleOf(rows, page) };
}

function titleOf(rows: readonly VisualRow[], page: { width: number; height: number }): string | undefined {
  const first = rows[0];
  if (!first) return undefined;
  const text = rowText(first).trim();
  const left = Math.min(...first.segments.map((s) => s.left));
  const right = Math.max(...first.segments.map((s) => s.right));
  if (Array.from(text).length > TITLE.maxLength || first.segments.length > TITLE.maxSegments || right - left > TITLE.maxWidthShare * page.width) return undefined;
  if (first.top > TITLE.topShare * page.height) return undefined;
  const taller = rows.length > 1 && rowHeight(first) >= TITLE.tallerBy * median(rows.map(rowHeight));
  const centred = Math.abs((left + right) / 2 - page.width / 2) <= TITLE.centreTolerance * page.width;
  return taller || centred ? text : undefined;
}
