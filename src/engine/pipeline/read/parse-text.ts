import { LIMITS } from '../../../shared/api/index.js';
import { lineOf, ProcessingFailure, rectVertices, selectPages, type ParsedFile, type ParsedLine, type ParsedPage } from '../document/parsed-document.js';

// A text file has no geometry of its own: it is laid out on synthetic A4 pages (200 dpi size) in a
// monospaced grid, so positions are meaningful to a viewer and to the extraction stage.
export const TEXT_PAGE = { width: 1654, height: 2339, margin: 40, lineHeight: 40, charWidth: 20 } as const;
const CHARS_PER_LINE = Math.floor((TEXT_PAGE.width - 2 * TEXT_PAGE.margin) / TEXT_PAGE.charWidth);
const LINES_PER_PAGE = Math.floor((TEXT_PAGE.height - 2 * TEXT_PAGE.margin) / TEXT_PAGE.lineHeight);

export function parseText(bytes: Uint8Array, pageIndexes?: readonly number[]): ParsedFile {
  const text = new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
  return layoutText([text.split(/\r\n|\r|\n/)], pageIndexes);
}

/** Lays text out on synthetic pages; each section (a sheet of a workbook) starts on a new page. */
export function layoutText(sections: readonly (readonly string[])[], pageIndexes?: readonly number[]): ParsedFile {
  // Counted before any row is built, so that a huge text fails without filling memory first.
  const pageCount = sections.reduce((n, lines) => n + Math.max(1, Math.ceil(lines.reduce((rows, line) => rows + Math.max(1, Math.ceil(line.length / CHARS_PER_LINE)), 0) / LINES_PER_PAGE)), 0);
  if (pageCount > LIMITS.filePages) throw new ProcessingFailure(`The document fills ${pageCount} pages; the engine reads at most ${LIMITS.filePages} pages per file.`);
  const pageRows = sections.flatMap((lines) => {
    const rows = lines.flatMap((line) => wrap(Array.from(line.replace(/\t/g, '    ').trimEnd())));
    return Array.from({ length: Math.max(1, Math.ceil(rows.length / LINES_PER_PAGE)) }, (_, p) => rows.slice(p * LINES_PER_PAGE, (p + 1) * LINES_PER_PAGE));
  });
  const pages: ParsedPage[] = pageRows.map((rows) => ({
    angle: 0,
    width: TEXT_PAGE.width,
    height: TEXT_PAGE.height,
    lines: rows.flatMap((chars, row) => laidOut(chars, row)),
  }));
  const parsed: ParsedFile = {
    pages: pages.map((p, page) => ({ page, angle: 0, width: p.width, height: p.height, dpi: 0 })),
    document: { pages },
  };
  return selectPages(parsed, pageIndexes);
}

function wrap(chars: string[]): string[][] {
  return Array.from({ length: Math.max(1, Math.ceil(chars.length / CHARS_PER_LINE)) }, (_, i) => chars.slice(i * CHARS_PER_LINE, (i + 1) * CHARS_PER_LINE));
}

/** Blank rows keep their place on the grid but are not lines of the document. */
function laidOut(chars: string[], row: number): ParsedLine[] {
  const first = chars.findIndex((c) => c.trim() !== '');
  if (first < 0) return [];
  const kept = chars.slice(first);
  const top = TEXT_PAGE.margin + row * TEXT_PAGE.lineHeight;
  const boxes = kept.map((_, i) => {
    const left = TEXT_PAGE.margin + (first + i) * TEXT_PAGE.charWidth;
    return rectVertices(left, top, left + TEXT_PAGE.charWidth, top + TEXT_PAGE.lineHeight);
  });
  return [lineOf(kept, boxes)];
}
