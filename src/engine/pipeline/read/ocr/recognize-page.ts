import type { QuarterAngle, Raster } from '../image/raster.js';
import type { ParsedLine } from '../../document/parsed-document.js';
import { detectText } from './detect-text.js';
import { segmentText } from './line-text.js';
import { fitCommas } from './mark-fit.js';
import { fitUmlauts, mostlyGerman } from './umlaut-fit.js';
import { fitWords } from './word-fit.js';
import type { OcrModels } from './ocr-models.js';
import { lineDirection, uprightQuads } from './page-angle.js';
import { quadRows, quadWidth, uprightTransform, type Quad } from './quad.js';
import { readLines, reReadUnsure, type LineReading } from './recognize-text.js';
import { rowsOf } from './text-rows.js';

/** The text of one page image, in the pixel space of the page turned upright. */
export type PageText = { angle: QuarterAngle; width: number; height: number; lines: ParsedLine[] };

/** Segments read with less mean confidence are dropped, as PaddleOCR's drop_score does. */
export const MIN_SEGMENT_SCORE = 0.5;
/**
 * Upright text reads at 0.95 mean confidence and more, even degraded; the same text upside down
 * at 0.4 and less. Below this, the page is also read upside down (a sample of lines) to compare.
 */
export const UPRIGHT_SCORE = 0.75;
const FLIP_SAMPLE_LINES = 8;

export async function recognizePage(models: OcrModels, raster: Raster): Promise<PageText> {
  const quads = await detectText(models.detector, raster);
  const read = (angle: QuarterAngle, boxes: readonly Quad[]) => readPlaced(models, raster, angle, boxes);
  const base = lineDirection(quads);
  let reading = await read(base, quads);
  if (meanScore(reading.readings) < UPRIGHT_SCORE) {
    const flipped = ((base + 180) % 360) as QuarterAngle;
    const sample = quads.map((_, i) => i).sort((a, b) => quadWidth(quads[b]!) - quadWidth(quads[a]!)).slice(0, FLIP_SAMPLE_LINES);
    const flippedSample = await read(flipped, sample.map((i) => quads[i]!));
    if (meanScore(flippedSample.readings) > meanScore(sample.map((i) => reading.readings[i]!))) reading = await read(flipped, quads);
  }
  const { angle, placed } = reading;
  const readings = await reReadUnsure(models.recognizer, models.dictionary, raster, placed.map((p) => p.source), reading.readings);
  const fitted = readings.flatMap((r, i) => {
    if (r.score < MIN_SEGMENT_SCORE) return [];
    const quad = quadRows(placed[i]!.upright, r.rows.from, r.rows.to);
    const text = segmentText(r, quad);
    return [{ ...text, chars: fitCommas(fitWords(text.chars, text.guesses, models.lexicon), text.guesses), quad }];
  });
  const inGerman = mostlyGerman(fitted.map((s) => s.chars), models.german, models.lexicon);
  const segments = fitted.map((s) => ({ ...s, chars: fitUmlauts(s.chars, s.guesses, models.german, models.lexicon, inGerman) }));
  const { width, height } = uprightTransform(angle, raster.width, raster.height);
  return { angle, width, height, lines: rowsOf(segments) };
}

async function readPlaced(models: OcrModels, raster: Raster, angle: QuarterAngle, quads: readonly Quad[]) {
  const placed = uprightQuads(quads, angle, raster);
  const readings = await readLines(models.recognizer, models.dictionary, raster, placed.map((p) => p.source));
  return { angle, placed, readings };
}

/** Mean character confidence, each segment weighted by its characters. */
function meanScore(readings: readonly LineReading[]): number {
  const chars = readings.reduce((n, r) => n + r.chars.length, 0);
  return chars === 0 ? 0 : readings.reduce((sum, r) => sum + r.score * r.chars.length, 0) / chars;
}
