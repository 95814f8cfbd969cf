import { boxOf, type Box } from '../layout/box.js';
import type { ParsedFile } from '../document/parsed-document.js';

/** How much the recognizer doubted a value's characters: the highest chance it gave another character at one of them. */
export type ReadingDoubt = (page: number, boxes: readonly Box[]) => number;

/**
 * The doubts of a document's recognised characters, found by their boxes: a value's boxes are its
 * characters' own (layout/segments). Text a PDF or a file carried is read as written: doubt 0.
 */
export function readingDoubts(document: ParsedFile['document']): ReadingDoubt {
  const doubts = new Map<string, number>();
  document.pages.forEach((page, p) =>
    page.lines.forEach((line) =>
      line.doubts?.forEach((doubt, i) => {
        const box = line.charPositions[i];
        if (doubt > 0 && box) doubts.set(keyOf(p, boxOf(box)), doubt);
      }),
    ),
  );
  return (page, boxes) => Math.max(0, ...boxes.map((box) => doubts.get(keyOf(page, box)) ?? 0));
}

const keyOf = (page: number, box: Box) => `${page}:${box.join(',')}`;
