import type { DroppedPage, SplitBoundary } from '../../../shared/api/split.js';
import { rankCategories, type ClassifiableCategory } from '../classify/classify.js';
import { rowsOf } from '../layout/segments.js';
import type { ParsedFile } from '../document/parsed-document.js';
import { compact, pageSigns, type PageSigns } from './page-signs.js';
import type { PageSheet } from '../document/parsed-document.js';
import type { ChildPart } from './split.js';

export type SplitPlan = { parts: ChildPart[]; boundaries: SplitBoundary[]; dropped: DroppedPage[] };

type Page = PageSigns & { index: number; category: string; width: number; height: number };
/** `named`: the document's text, compacted, to find an issuer already named on it. */
type Document = { pages: Page[]; numbers: Set<string>; named: string };

/** Weights of the signs, in points for a new document (negative: for a continuation). */
const WEIGHT = {
  separator: 10,
  firstPage: 6,
  laterPage: -6,
  previousNotLast: -5,
  previousLast: 3,
  sameNumber: -5,
  sameNumberCopy: -1,
  otherNumber: 1,
  fullHeader: 3,
  someHeader: 1,
  noHeader: -3,
  tableGoesOn: -4,
  previousCloses: 2,
  previousOpen: -2,
  otherCategory: 2,
  otherSize: 2,
} as const;
/** An issuer's name shorter than this is no name to find again ("tel", "kg"). */
const ISSUER_NAME_LENGTH = 6;
/** Sheets of one document are cut alike: a page this much wider or taller than the one before is another sheet of paper. */
const SIZE_CHANGE = 0.08;
/** A header of this many marks (title, number, date, issuer) is a first page's. */
const FULL_HEADER = 2;
/** Points at which a decision is as sure as the logistic curve makes it: 1.5 points ≈ 73%, 4.5 ≈ 95%. */
const CONFIDENCE_SCALE = 1.5;
// A blank back may show a few specks or show-through read as characters; a separator its code's digits.
// A page with no dark pixel at all is blank whatever the reader made of its show-through.
const BLANK = { characters: 8, ink: 0.002, noInk: 0.0003 } as const;
const SEPARATOR = { bars: 2, barShare: 0.6, characters: 40 } as const;
const SEPARATOR_WORD = /separator|trennblatt|trennseite|deckblatt|intercalaire|separador|separatore|scheidingsblad|分隔|隔页/iu;

/**
 * Where the documents of a scanned stack begin. Blank pages and separator sheets are dropped (a
 * separator also starts a new document); for every other page the signs it prints are weighed:
 * "page 1 of N" or a later page number, the same or another document number, a first page's header
 * (title, number, date, issuer; an issuer already named on the document does not count), whether
 * the previous page closed its document (a total, a greeting) or ended in a table head with no row
 * under it (the table carries on), a change of paper size or category. The sum decides, and its
 * size is the boundary's confidence.
 */
export function detectDocuments(parsed: Pick<ParsedFile, 'document' | 'sheets'>, categories: readonly ClassifiableCategory[]): SplitPlan {
  const { document } = parsed;
  const sheets = new Map((parsed.sheets ?? []).map((s) => [s.page, s]));
  const rows = rowsOf(document);
  const documents: Document[] = [];
  const boundaries: SplitBoundary[] = [];
  const dropped: DroppedPage[] = [];
  let separated = false;
  rows.forEach((pageRows, index) => {
    const signs = pageSigns(pageRows, document.pages[index]!.height);
    const kind = sheetKind(signs, sheets.get(index));
    if (kind) {
      dropped.push({ page: index, reason: kind });
      separated ||= kind === 'separator';
      return;
    }
    const { width, height } = document.pages[index]!;
    const page: Page = { ...signs, index, width, height, category: bestCategory(signs.text, categories) };
    const current = documents[documents.length - 1];
    const boundary = current && weigh(page, current, separated);
    if (boundary) boundaries.push(boundary);
    if (!current || boundary?.starts) documents.push({ pages: [page], numbers: new Set(page.numbers), named: compact(page.text) });
    else {
      current.pages.push(page);
      for (const n of page.numbers) current.numbers.add(n);
      current.named += compact(page.text);
    }
    separated = false;
  });
  return { parts: documents.map((d) => ({ pages: d.pages.map((p) => p.index) })), boundaries, dropped };
}

function sheetKind(signs: PageSigns, sheet: PageSheet | undefined): DroppedPage['reason'] | undefined {
  if (signs.characters <= SEPARATOR.characters && SEPARATOR_WORD.test(signs.text)) return 'separator';
  if (sheet && sheet.bars >= SEPARATOR.bars && sheet.barShare >= SEPARATOR.barShare && signs.characters <= SEPARATOR.characters) return 'separator';
  if (sheet && sheet.ink < BLANK.noInk) return 'blank';
  if (signs.characters < BLANK.characters && (!sheet || sheet.ink < BLANK.ink)) return 'blank';
  return undefined;
}

function weigh(page: Page, current: Document, separated: boolean): SplitBoundary {
  const previous = current.pages[current.pages.length - 1]!;
  const signs: [string, number][] = [];
  if (separated) signs.push(['separator sheet before', WEIGHT.separator]);
  if (page.pageNumber) signs.push(page.pageNumber.index === 1 ? ['page 1', WEIGHT.firstPage] : [`page ${page.pageNumber.index}`, WEIGHT.laterPage]);
  const before = previous.pageNumber;
  if (before?.count !== undefined && !page.pageNumber) signs.push(before.index < before.count ? [`previous page ${before.index} of ${before.count}`, WEIGHT.previousNotLast] : ['previous page was the last', WEIGHT.previousLast]);
  // A letterhead already named on the document (a continuation page's running head, the seller's account name) is no new issuer.
  const knownIssuer = page.issuers.length > 0 && page.issuers.every((name) => name.length >= ISSUER_NAME_LENGTH && current.named.includes(name));
  if (knownIssuer) signs.push(['issuer already named on the document', 0]);
  const marks = knownIssuer ? page.header.filter((mark) => mark !== 'issuer') : page.header;
  const shared = [...page.numbers].find((n) => current.numbers.has(n));
  // The same number under a first page's title, after a page that closed its document: the document again (a copy, a reminder).
  const copy = previous.closes && marks.includes('title') && marks.length >= FULL_HEADER;
  if (shared) signs.push(copy ? [`same number ${shared}, under a title after a closed page`, WEIGHT.sameNumberCopy] : [`same number ${shared}`, WEIGHT.sameNumber]);
  else if (page.numbers.size > 0 && current.numbers.size > 0) signs.push(['another number', WEIGHT.otherNumber]);
  signs.push(marks.length >= FULL_HEADER ? [`header (${marks.join(', ')})`, WEIGHT.fullHeader] : marks.length === 1 ? [`header (${marks[0]})`, WEIGHT.someHeader] : ['no header', WEIGHT.noHeader]);
  signs.push(previous.closes ? ['previous page closes', WEIGHT.previousCloses] : ['previous page open', WEIGHT.previousOpen]);
  if (previous.endsInTableHead) signs.push(['previous page ends in a table head', WEIGHT.tableGoesOn]);
  if (Math.abs(page.width / previous.width - 1) > SIZE_CHANGE || Math.abs(page.height / previous.height - 1) > SIZE_CHANGE) signs.push(['another paper size', WEIGHT.otherSize]);
  const first = current.pages[0]!;
  if (page.category !== '' && first.category !== '' && page.category !== first.category) signs.push([`category ${page.category}`, WEIGHT.otherCategory]);
  const points = signs.reduce((sum, [, w]) => sum + w, 0);
  return { page: page.index, starts: points > 0, confidence: round(1 / (1 + Math.exp(-Math.abs(points) / CONFIDENCE_SCALE))), reasons: signs.map(([reason]) => reason) };
}

function bestCategory(text: string, categories: readonly ClassifiableCategory[]): string {
  const best = rankCategories(text, categories)[0];
  return best?.fits ? best.name : '';
}

const round = (n: number) => Math.round(n * 100) / 100;
