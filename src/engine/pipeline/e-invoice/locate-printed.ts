import type { Position } from '../../../shared/api/index.js';
import { findAmounts, findDates } from '../fields/value-parsers.js';
import { unionBox, type ParsedFile, type ParsedLine } from '../document/parsed-document.js';
import { codePointIndex, findTerm } from '../document/text-match.js';

type ParsedDocument = ParsedFile['document'];

/** How a value is looked for in the printed text: amounts and dates by what they mean, the rest as words. */
export type PrintedKind = 'text' | 'amount' | 'date';

/** One place a value is printed: the page, the line and the code-unit span in its text. */
export interface PrintedAt {
  page: number;
  line: ParsedLine;
  start: number;
  end: number;
}

// An amount printed to the cent is the value when it differs by less than half a cent.
const HALF_CENT = 0.005;

/** Every place the page prints the value, in reading order. Credit notes may print amounts negative or without their sign. */
export function findPrinted(document: ParsedDocument, value: string, kind: PrintedKind): PrintedAt[] {
  if (value.trim() === '') return [];
  const found: PrintedAt[] = [];
  document.pages.forEach((page, p) => {
    for (const line of page.lines) for (const span of spansIn(line.text, value, kind)) found.push({ page: p, line, ...span });
  });
  return found;
}

function spansIn(text: string, value: string, kind: PrintedKind): { start: number; end: number }[] {
  switch (kind) {
    case 'amount': {
      const wanted = Math.abs(Number(value));
      return findAmounts(text).filter((a) => Math.abs(Math.abs(a.value) - wanted) < HALF_CENT);
    }
    case 'date':
      return findDates(text).filter((d) => d.iso === value);
    case 'text':
      return findTerm(text, value);
  }
}

/** The box of a printed occurrence, from its characters' boxes. */
export function positionOf(at: PrintedAt): Position {
  const from = codePointIndex(at.line.text, at.start);
  const to = codePointIndex(at.line.text, at.end);
  const boxes = at.line.charPositions.slice(from, to);
  return { page: at.page, vertices: boxes.length > 0 ? unionBox(boxes) : at.line.position };
}
