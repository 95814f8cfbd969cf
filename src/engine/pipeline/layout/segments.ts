import type { ParsedFile, ParsedLine } from '../document/parsed-document.js';
import { boxOf, unionOf, type Box } from './box.js';
import { pageSlope } from './page-skew.js';
import { middleX, type Segment, type VisualRow } from './segment.js';
import { withStackedLettersApart } from './stacked-letters.js';

export { middleX, middleY, sliceSegment, type Segment, type VisualRow } from './segment.js';

// A gap wider than this share of the text height separates segments: a word space is about a third
// of it, the two spaces a text file puts between columns a whole one.
const SEGMENT_GAP = 0.8;
// ...and wider than this many letters' pitch (left edge to left edge within a word). A recognised
// line's boxes hug the ink, so its height is about three quarters of a text layer's and its word
// spaces (ink to ink) reach 0.9 of it, while they stay under 1.4 letters' pitch in either.
const SEGMENT_PITCHES = 1.6;
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
// Boxes overlapping by this share of the smaller height sit on one row.
const ROW_OVERLAP = 0.5;

type ParsedDocument = ParsedFile['document'];

const cache = new WeakMap<ParsedDocument, VisualRow[][]>();

/** The document's rows, page by page (computed once per document object). */
export function rowsOf(document: ParsedDocument): VisualRow[][] {
  let rows = cache.get(document);
  if (!rows) {
    rows = document.pages.map((page, p) => withStackedLettersApart(groupRows(page.lines.flatMap((line) => segmentsOfLine(line, p))), groupRows));
    cache.set(document, rows);
  }
  return rows;
}

/** Character boxes of a line; a line without one box per character gets its box shared out evenly. */
function charBoxes(line: ParsedLine, chars: readonly string[]): Box[] {
  if (line.charPositions.length === chars.length) return line.charPositions.map(boxOf);
  const [left, top, right, bottom] = boxOf(line.position);
  const width = (right - left) / Math.max(1, chars.length);
  return chars.map((_, i) => [left + i * width, top, left + (i + 1) * width, bottom]);
}

function segmentsOfLine(line: ParsedLine, page: number): Segment[] {
  const chars = Array.from(line.text);
  if (chars.length === 0) return [];
  const boxes = charBoxes(line, chars);
  const heights = boxes.filter((_, i) => chars[i]!.trim() !== '').map((b) => b[3] - b[1]);
  const height = median(heights) || boxOf(line.position)[3] - boxOf(line.position)[1] || 1;
  const gap = Math.max(SEGMENT_GAP * height, SEGMENT_PITCHES * letterPitch(chars, boxes));
  const segments: Segment[] = [];
  let start = -1;
  let lastInk = -1;
  chars.forEach((ch, i) => {
    if (ch.trim() === '') return;
    if (start >= 0 && boxes[i]![0] - boxes[lastInk]![2] > gap) {
      segments.push(segmentOf(chars, boxes, start, lastInk + 1, page));
      start = -1;
    }
    if (start < 0) start = i;
    lastInk = i;
  });
  if (start >= 0) segments.push(segmentOf(chars, boxes, start, lastInk + 1, page));
  return joinSpreadLabels(segments, height);
}

// A form spreads a short Chinese label over its box, evenly ("名　　称：", "地 址、电 话："): runs of one to
// three characters, the last one character and its colon, at most this many text heights apart, gaps
// equal within this share (a vertical section label beside "名称：", "购", stands at another distance).
const SPREAD_PIECE = /^[\p{Script=Han}、]{1,3}$/u;
const SPREAD_END = /^\p{Script=Han}\s*[:：]/u;
const [SPREAD_GAP, SPREAD_EVENNESS] = [3, 0.3];

/** The line's segments with each spread label joined back into one, its value after the colon kept with it. */
function joinSpreadLabels(segments: readonly Segment[], height: number): Segment[] {
  const out: Segment[] = [];
  for (let i = 0; i < segments.length; i++) {
    const end = spreadLabelEnd(segments, i, height);
    out.push(end === i ? segments[i]! : joined(segments.slice(i, end + 1)));
    i = end;
  }
  return out;
}

/** The last segment of a spread label opening at `from` (`from` itself when none opens there). */
function spreadLabelEnd(segments: readonly Segment[], from: number, height: number): number {
  const gaps: number[] = [];
  for (let k = from + 1; k < segments.length && SPREAD_PIECE.test(segments[k - 1]!.text); k++) {
    const gap = segments[k]!.left - segments[k - 1]!.right;
    if (gap > SPREAD_GAP * height || gaps.some((g) => Math.abs(g - gap) > SPREAD_EVENNESS * Math.max(g, gap))) break;
    gaps.push(gap);
    if (SPREAD_END.test(segments[k]!.text)) return k;
  }
  return from;
}

/** Segments of one line as one, the spacing between them kept as spaces with no box. */
export function joined(pieces: readonly Segment[]): Segment {
  const text = pieces.map((p) => p.text).join(' ');
  const boxes = pieces.flatMap((p, i) => (i === 0 ? p.boxes : [[p.left, p.top, p.left, p.bottom] as Box, ...p.boxes]));
  return { page: pieces[0]!.page, text, boxes, left: pieces[0]!.left, right: pieces.at(-1)!.right, top: median(pieces.map((p) => p.top)), bottom: median(pieces.map((p) => p.bottom)) };
}

/** The median distance from a letter's left edge to the next's within words of spaced scripts (0 without such pairs). */
function letterPitch(chars: readonly string[], boxes: readonly Box[]): number {
  const inWord = (ch: string) => ch.trim() !== '' && !UNSPACED.test(ch);
  const pitches: number[] = [];
  for (let i = 1; i < chars.length; i++) if (inWord(chars[i - 1]!) && inWord(chars[i]!)) pitches.push(boxes[i]![0] - boxes[i - 1]![0]);
  return pitches.length > 0 ? median(pitches) : 0;
}

function segmentOf(chars: readonly string[], boxes: readonly Box[], start: number, end: number, page: number): Segment {
  const own = boxes.slice(start, end);
  const inked = own.filter((_, i) => chars[start + i]!.trim() !== '');
  const [left, , right] = unionOf(inked);
  // The median character's top and bottom: on a skewed scan the union of a long line's boxes is
  // far taller than its text, and would join it to the rows above and below.
  return { page, text: chars.slice(start, end).join(''), boxes: own, left, right, top: median(inked.map((b) => b[1])), bottom: median(inked.map((b) => b[3])) };
}

/**
 * Segments grouped into rows by vertical overlap, so OCR fragments of one visual line come together;
 * on a skewed scan heights are taken along its lines (page-skew.ts), else its rows would run into each other.
 */
function groupRows(segments: readonly Segment[]): VisualRow[] {
  const slope = pageSlope(segments.map((s) => s.boxes.filter((b) => b[2] > b[0])));
  const level = (s: Segment) => slope * middleX(s);
  const rows: { row: VisualRow; top: number; bottom: number }[] = [];
  for (const segment of [...segments].sort((a, b) => a.top + a.bottom - 2 * level(a) - (b.top + b.bottom - 2 * level(b)))) {
    const [top, bottom] = [segment.top - level(segment), segment.bottom - level(segment)];
    const found = rows.findLast((r) => overlapShare(r, top, bottom) >= ROW_OVERLAP);
    if (found) {
      found.row.segments.push(segment);
      found.row.top = Math.min(found.row.top, segment.top);
      found.row.bottom = Math.max(found.row.bottom, segment.bottom);
      [found.top, found.bottom] = [Math.min(found.top, top), Math.max(found.bottom, bottom)];
    } else {
      rows.push({ row: { page: segment.page, top: segment.top, bottom: segment.bottom, segments: [segment] }, top, bottom });
    }
  }
  for (const { row } of rows) row.segments.sort((a, b) => a.left - b.left);
  return rows.map((r) => r.row).sort((a, b) => a.top - b.top);
}

/** How much of the smaller height a segment (at `top`..`bottom` along the page's lines) shares with a row. */
function overlapShare(at: { row: VisualRow; top: number; bottom: number }, top: number, bottom: number): number {
  const rowHeight = Math.max(1, ...at.row.segments.map((s) => s.bottom - s.top));
  const overlap = Math.min(at.bottom, bottom) - Math.max(at.top, top);
  return overlap / Math.max(1, Math.min(rowHeight, bottom - top));
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The height of a row's text (its tallest segment), for gaps measured in lines. */
export function rowHeight(row: VisualRow): number {
  return Math.max(1, ...row.segments.map((s) => s.bottom - s.top));
}

/** The text of a row, segments joined by two spaces (a visible column gap). */
export function rowText(row: VisualRow): string {
  return row.segments.map((s) => s.text).join('  ');
}

