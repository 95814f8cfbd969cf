import type { FileData, PageInfo } from '../../../shared/api/index.js';
import { ProcessingFailure } from '../../../shared-node/processing-failure.js';
import type { DocumentInvoice } from '../../../shared-node/e-invoice/invoice-data.js';

// Type aliases, not interfaces: they are answered as the shared (loose) document schema.
/** What a parser hands to the later stages: page info and the text lines with their boxes. */
export type ParsedLine = {
  text: string;
  /** 8 integers: top-left, top-right, bottom-right, bottom-left; pixel space of the page, top-left origin. */
  position: number[];
  /** One 8-integer box per character of `text` (per code point). */
  charPositions: number[][];
  /**
   * Recognised text only: per character, how likely the recognizer found another character there
   * (0 for none). Internal: the engine's answers leave it out (see answeredDocument).
   */
  doubts?: number[];
};

export type ParsedPage = {
  angle: number;
  width: number;
  height: number;
  lines: ParsedLine[];
};

export type ParsedFile = {
  pages: PageInfo[];
  /** `invoice`: the values a structured reader gave (e-invoice XML, OFD invoice data); extraction takes them over the page's text. */
  document: { pages: ParsedPage[]; invoice?: DocumentInvoice };
  /** Seals found on recognised (scanned or photographed) pages. */
  stamps?: FileData['stamps'];
  /** Separate photos or documents found on a page, when asked for (crop_flag). */
  regions?: PageRegion[];
  /** Ink and bars of each recognised page, for split to tell blank and separator sheets. */
  sheets?: PageSheet[];
};

/** What the pixels of a page with little or no text show: how much ink, and how much of it is bars (a barcode or a patch code). */
export type SheetMarks = {
  /** Share of the page's inner area (edges left out, where scanners shadow) that is dark. */
  ink: number;
  /** Share of the dark pixels that lie in bars: solid, long, thin marks. */
  barShare: number;
  /** Bars found: a barcode gives a dozen and more side by side, a patch code two to four long ones. */
  bars: number;
};

/** A page's marks, numbered as a page of the parse. */
export type PageSheet = SheetMarks & { page: number };

/** A photo or document on page `page` (0-based, of this parse): its box [left, top, right, bottom] on the upright page. */
export type PageRegion = { page: number; box: [number, number, number, number] };

export function rectVertices(left: number, top: number, right: number, bottom: number): number[] {
  const [l, t, r, b] = [left, top, right, bottom].map(Math.round) as [number, number, number, number];
  return [l, t, r, t, r, b, l, b];
}

/** The axis-aligned box around several 8-integer boxes. */
export function unionBox(boxes: readonly number[][]): number[] {
  const xs = boxes.flatMap((v) => [v[0]!, v[2]!, v[4]!, v[6]!]);
  const ys = boxes.flatMap((v) => [v[1]!, v[3]!, v[5]!, v[7]!]);
  return rectVertices(Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys));
}

/** A line from its characters and their boxes; the line's position is the union of the boxes. */
export function lineOf(chars: readonly string[], boxes: number[][], doubts?: number[]): ParsedLine {
  return { text: chars.join(''), position: unionBox(boxes), charPositions: boxes, ...(doubts ? { doubts } : {}) };
}

/** The document as the engine answers it: each line as the published schema has it, without the recognizer's doubts. */
export function answeredDocument(document: ParsedFile['document']): ParsedFile['document'] {
  return { ...document, pages: document.pages.map((page) => ({ ...page, lines: page.lines.map(({ text, position, charPositions }) => ({ text, position, charPositions })) })) };
}

/** Keeps the listed pages (0-based, in the given order) and numbers them from 0 again. */
export function selectPages(parsed: ParsedFile, indexes: readonly number[] | undefined): ParsedFile {
  if (!indexes) return parsed;
  const missing = indexes.find((i) => i >= parsed.pages.length);
  if (missing !== undefined) throw new ProcessingFailure(`Page ${missing} does not exist: the file has ${parsed.pages.length} page(s).`);
  return {
    pages: indexes.map((i, n) => ({ ...parsed.pages[i]!, page: n })),
    document: { pages: indexes.map((i) => parsed.document.pages[i]!) },
  };
}

/** The text of a document in reading order, one line per line. */
export function plainText(parsed: ParsedFile): string {
  return parsed.document.pages.flatMap((p) => p.lines.map((l) => l.text)).join('\n');
}

// The failure class lives beside the e-invoice readers that throw it, which the desk's core shares.
export { ProcessingFailure };
