import { groupLines, layoutLine, type TextRun } from '../pdf/pdf-text-layer.js';
import { rectVertices, type ParsedPage } from '../../document/parsed-document.js';
import { applyMatrix, type OfdObject, type OfdText } from './ofd-objects.js';

// Of a font's size, above and below the baseline (no font metrics are read for text boxes).
const ASCENT = 0.8;
const DESCENT = 0.2;
export const MM_PER_INCH = 25.4;

/** A text object's text and its box on the page (pixels): what an invoice tag pointing at it means. */
export type OfdTextObject = { text: string; box: number[] };

/**
 * The page's text as the PDF text layer gives it: each glyph placed exactly (Boundary, CTM, DeltaX,
 * DeltaY, millimetres to pixels at the dpi), then glyphs on one baseline joined into lines.
 * Annotations (watermarks, stamps) are drawn but not read as the page's text.
 */
export function ofdTextPage(objects: readonly OfdObject[], size: [number, number], dpi: number): { page: ParsedPage; objects: Map<string, OfdTextObject> } {
  const scale = dpi / MM_PER_INCH;
  const texts = objects.filter((o): o is OfdText => o.kind === 'text' && o.origin !== 'annotation');
  const byObject = new Map<string, OfdTextObject>();
  const runs: TextRun[] = [];
  for (const text of texts) {
    const glyphRuns = text.glyphs.map((g) => glyphRun(text, g.char, g.x, g.y, g.advance, scale));
    runs.push(...glyphRuns.filter((r) => r.text.trim() !== ''));
    if (glyphRuns.length > 0 && text.id) byObject.set(text.id, { text: text.glyphs.map((g) => g.char).join(''), box: boundsOf(glyphRuns) });
  }
  const page: ParsedPage = { angle: 0, width: Math.round(size[0] * scale), height: Math.round(size[1] * scale), lines: groupLines(runs).map(layoutLine) };
  return { page, objects: byObject };
}

function glyphRun(text: OfdText, char: string, x: number, y: number, advance: number, scale: number): TextRun {
  const corners = [
    [x, y - ASCENT * text.size],
    [x + advance, y - ASCENT * text.size],
    [x + advance, y + DESCENT * text.size],
    [x, y + DESCENT * text.size],
  ].map(([cx, cy]) => applyMatrix(text.matrix, cx!, cy!).map((v) => v * scale) as [number, number]);
  const [xs, ys] = [corners.map((c) => c[0]), corners.map((c) => c[1])];
  const baseline = applyMatrix(text.matrix, x, y)[1] * scale;
  return { text: char, left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys), baseline };
}

function boundsOf(runs: readonly TextRun[]): number[] {
  return rectVertices(Math.min(...runs.map((r) => r.left)), Math.min(...runs.map((r) => r.top)), Math.max(...runs.map((r) => r.right)), Math.max(...runs.map((r) => r.bottom)));
}
