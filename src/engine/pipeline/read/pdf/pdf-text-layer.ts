import { Util, type PDFDocumentProxy, type PDFPageProxy } from './pdfjs.js';
import type { TextItem, TextStyle } from 'pdfjs-dist/types/src/display/api.js';
import { LIMITS } from '../../../../shared/api/index.js';
import { lineOf, ProcessingFailure, rectVertices, type ParsedLine, type ParsedPage } from '../../document/parsed-document.js';

/** A text item placed in the page's pixel space. */
export interface TextRun {
  text: string;
  left: number;
  right: number;
  top: number;
  bottom: number;
  baseline: number;
}

/**
 * The 0-based pages to read (every page when `asked` is absent), checked against the document before
 * any page is read: too many pages or a page that does not exist fail with a cause for the user.
 */
export function pageIndexesOf(doc: PDFDocumentProxy, asked: readonly number[] | undefined): number[] {
  if (doc.numPages > LIMITS.filePages) throw new ProcessingFailure(`The PDF has ${doc.numPages} pages; the engine reads at most ${LIMITS.filePages} pages per file.`);
  const indexes = asked ? [...asked] : Array.from({ length: doc.numPages }, (_, i) => i);
  const missing = indexes.find((i) => i >= doc.numPages);
  if (missing !== undefined) throw new ProcessingFailure(`Page ${missing} does not exist: the PDF has ${doc.numPages} page(s).`);
  return indexes;
}

/** The text layer of one page, in the pixel space of the dpi: lines top to bottom with character boxes. */
export async function textPage(page: PDFPageProxy, dpi: number): Promise<ParsedPage> {
  const viewport = page.getViewport({ scale: dpi / 72 });
  const content = await page.getTextContent();
  const runs = content.items.filter((item): item is TextItem => 'str' in item && item.str.trim() !== '').map((item) => runOf(item, viewport.transform, content.styles[item.fontName], dpi / 72));
  return { angle: 0, width: Math.round(viewport.width), height: Math.round(viewport.height), lines: groupLines(runs).map(layoutLine) };
}
// Horizontal text is assumed: rotated and vertical text still lands in a line, with a box that is
// only approximate. Ascent and descent come from the font when pdf.js knows them.
function runOf(item: TextItem, viewportTransform: number[], style: TextStyle | undefined, scale: number): TextRun {
  const m = Util.transform(viewportTransform, item.transform) as number[];
  const fontHeight = Math.hypot(m[2]!, m[3]!);
  const baseline = m[5]!;
  const ascent = style?.ascent || 0.8;
  const descent = style?.descent || -0.2;
  return { text: item.str, left: m[4]!, right: m[4]! + item.width * scale, top: baseline - ascent * fontHeight, bottom: baseline - descent * fontHeight, baseline };
}

/** Runs on the same baseline form a line; lines from top to bottom, runs from left to right. */
export function groupLines(runs: readonly TextRun[]): TextRun[][] {
  const lines: TextRun[][] = [];
  for (const run of [...runs].sort((a, b) => a.baseline - b.baseline || a.left - b.left)) {
    const line = lines[lines.length - 1];
    const first = line?.[0];
    if (line && first && Math.abs(run.baseline - first.baseline) <= 0.3 * (first.bottom - first.top)) line.push(run);
    else lines.push([run]);
  }
  return lines.map((line) => line.sort((a, b) => a.left - b.left));
}

/** One line's text and character boxes; a space is inserted where runs leave a visible gap. */
export function layoutLine(runs: readonly TextRun[]): ParsedLine {
  const chars: string[] = [];
  const boxes: number[][] = [];
  runs.forEach((run, i) => {
    const previous = runs[i - 1];
    if (previous && run.left - previous.right > 0.1 * (run.bottom - run.top) && chars[chars.length - 1] !== ' ' && !run.text.startsWith(' ')) {
      chars.push(' ');
      boxes.push(rectVertices(previous.right, Math.min(previous.top, run.top), run.left, Math.max(previous.bottom, run.bottom)));
    }
    const runChars = Array.from(run.text);
    splitWidth(run.left, run.right, runChars).forEach(([left, right], k) => {
      chars.push(runChars[k]!);
      boxes.push(rectVertices(left, run.top, right, run.bottom));
    });
  });
  const first = chars.findIndex((c) => c.trim() !== '');
  const end = chars.findLastIndex((c) => c.trim() !== '') + 1;
  return lineOf(chars.slice(first, end), boxes.slice(first, end));
}

/** Splits a run's width over its characters in proportion to their typical widths in a proportional font. */
export function splitWidth(left: number, right: number, chars: readonly string[]): [number, number][] {
  const weights = chars.map(charWeight);
  const total = weights.reduce((a, b) => a + b, 0) || 1;
  let x = left;
  return weights.map((w) => {
    const start = x;
    x += ((right - left) * w) / total;
    return [start, x];
  });
}

// Relative advance widths (em fractions) close to Helvetica/Arial; wide for CJK and full-width forms.
function charWeight(ch: string): number {
  if (ch.codePointAt(0)! >= 0x2e80) return 1;
  if (/[il.,:;|!'`]/.test(ch)) return 0.25;
  if (/[\s\-()[\]/fjrt]/.test(ch)) return 0.3;
  if (/[mwMW@%]/.test(ch)) return 0.85;
  if (/[A-Z]/.test(ch)) return 0.68;
  if (/[0-9]/.test(ch)) return 0.56;
  return 0.52;
}
