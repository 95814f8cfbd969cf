import type { ParsedFile } from '../../../../src/engine/pipeline/document/parsed-document.js';

type ParsedDocument = ParsedFile['document'];
type ParsedLine = ParsedDocument['pages'][number]['lines'][number];

// As the recognizer boxes a 150 dpi scan: each character's box hugs its ink (10 px wide, 17 px
// high, 12 px from one letter's left edge to the next), a word space is 15 px of paper from ink to
// ink (0.9 of the box height, where a text layer's is a third), and a column gap at least 30 px.
const [INK, PITCH, HEIGHT, WORD_GAP, COLUMN_GAP, LINE_PITCH, MARGIN] = [10, 12, 17, 15, 30, 22, 100];

/**
 * A scanned page as the engine's OCR hands it over: one recognised line per text line, its words
 * one space apart; two spaces or more in `text` are a column gap inside the same recognised line (the
 * text after it starting at its column, a letter's pitch a character), and leading spaces indent a line.
 */
export function scanDocument(...pages: string[]): ParsedDocument {
  return { pages: pages.map((text) => ({ angle: 0, width: 1190, height: 1684, lines: text.split('\n').flatMap((line, i) => (line.trim() === '' ? [] : [scanLine(line.trim(), MARGIN + (line.length - line.trimStart().length) * PITCH, MARGIN + i * LINE_PITCH)])) })) };
}

// A line of figures alone has no ascenders over its digits and no descenders: its boxes are lower.
const FIGURES_HEIGHT = 12;

function scanLine(text: string, left: number, top: number): ParsedLine {
  const chars = Array.from(text);
  const height = /^[\d\s.,%-]+$/u.test(text) ? FIGURES_HEIGHT : HEIGHT;
  const charPositions: number[][] = [];
  let [x, spaces] = [left, 0];
  chars.forEach((ch, i) => {
    if (ch === ' ') spaces++;
    else {
      // A word space is 15 px of paper; after a column gap the text starts where its column does.
      if (spaces === 1) x += WORD_GAP - (PITCH - INK);
      if (spaces > 1) x = Math.max(x + COLUMN_GAP - (PITCH - INK), left + i * PITCH);
      spaces = 0;
    }
    const at = ch === ' ' ? x - (PITCH - INK) : x;
    charPositions.push([at, top, at + INK, top, at + INK, top + height, at, top + height]);
    if (ch !== ' ') x += PITCH;
  });
  const right = Math.max(...charPositions.map((b) => b[2]!));
  return { text, position: [left, top, right, top, right, top + height, left, top + height], charPositions };
}
