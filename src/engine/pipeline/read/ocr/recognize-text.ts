import { Tensor, type InferenceSession } from 'onnxruntime-node';
import type { Raster } from '../image/raster.js';
import { cropLine, packCrop, type LineCrop } from './line-crop.js';
import { lineInk, type LineInk } from './line-ink.js';
import { ctcDecode, type CtcReading } from './ctc-decode.js';
import { fitDigitsAndLetters } from './digit-letter-fit.js';
import { restoreMarks } from './mark-fit.js';
import { rowsWithoutNeighbours, textRows, type RowSpan } from './line-band.js';
import { quadHeight, quadRows, quadWidth, type Quad } from './quad.js';

/**
 * PP-OCRv4 recognition input: 48 px high. PaddleOCR pads every batch to at least 320 px wide; 160
 * reads as well on our page set and halves the work on forms full of short cells. Lines are read
 * one at a time: on the CPU, onnxruntime spends 30-60% more time per column in batches (measured
 * 56-81 µs per column alone, 80-110 in batches of 4-16), so batching only pays on a GPU.
 */
export const RECOGNIZER_INPUT = { height: 48, minWidth: 160, maxWidth: 48 * 60 } as const;

/**
 * Small print in a tall box leaves the recognizer too few frames per letter (it reads 8 pixels of
 * width a frame): letters merge or drop and spaces vanish ("Fahrtkosten, Taxi Nürnberg" read as
 * "FahrtkostenTaxiNunrg" at 0.75). A line read with less mean confidence than `below` is read again
 * `stretch` times as wide, and that reading kept when it is surer by `margin` (0.95 there). A receipt's
 * monospaced print gains nothing: there a reading barely surer is as often worse ("CO." as "C0.").
 */
export const RE_READ = { below: 0.9, stretch: 1.5, margin: 0.05 } as const;

/** A recognised line segment: its characters (marks restored, look-alikes fitted), where each was read and what else it might be. */
export type LineReading = ReadChars & {
  /** Mean probability of the characters read (0..1). */
  score: number;
  crop: LineCrop;
  ink: LineInk;
  /** The rows of the line's quad that its text fills. */
  rows: RowSpan;
};

type ReadChars = Pick<CtcReading, 'chars' | 'centers' | 'guesses' | 'marks'>;

/** Reads line segments (corners in the raster's pixel space, top-left first in reading order). */
export async function readLines(recognizer: InferenceSession, dictionary: readonly string[], raster: Raster, quads: readonly Quad[]): Promise<LineReading[]> {
  const readings: LineReading[] = [];
  for (const quad of quads) readings.push(await readLine(recognizer, dictionary, raster, quad, 1));
  return readings;
}

/** The readings with each unsure one read again stretched (RE_READ), kept when clearly surer; `quads[i]` is where `readings[i]` was read. */
export async function reReadUnsure(recognizer: InferenceSession, dictionary: readonly string[], raster: Raster, quads: readonly Quad[], readings: readonly LineReading[]): Promise<LineReading[]> {
  const kept: LineReading[] = [];
  for (const [i, line] of readings.entries()) {
    const wide = line.score < RE_READ.below ? await readLine(recognizer, dictionary, raster, quads[i]!, RE_READ.stretch) : undefined;
    kept.push(wide !== undefined && wide.score >= line.score + RE_READ.margin ? wide : line);
  }
  return kept;
}

async function readLine(recognizer: InferenceSession, dictionary: readonly string[], raster: Raster, quad: Quad, stretch: number): Promise<LineReading> {
  const { crop, span, ink } = cropWithoutNeighbours(raster, quad, stretch);
  const read = await readCrop(recognizer, dictionary, crop);
  return { ...fitted(read), score: meanOf(read.scores), crop, ink, rows: textRows(span, ink, crop.height) };
}

async function readCrop(recognizer: InferenceSession, dictionary: readonly string[], crop: LineCrop) {
  const width = Math.max(RECOGNIZER_INPUT.minWidth, crop.width);
  const output = await recognizer.run({ [recognizer.inputNames[0]!]: new Tensor('float32', packCrop(crop, width), [1, 3, RECOGNIZER_INPUT.height, width]) });
  const probabilities = output[recognizer.outputNames[0]!]!;
  const [, frames, classes] = probabilities.dims as [number, number, number];
  const frameWidth = width / frames;
  const used = Math.min(frames, Math.ceil(crop.width / frameWidth) + 1);
  return ctcDecode((probabilities.data as Float32Array).subarray(0, used * classes), used, classes, dictionary, frameWidth);
}

/** The characters read, with half-seen marks between digits restored and look-alikes fitted to their neighbours. */
function fitted(read: CtcReading): ReadChars {
  const { chars, centers, guesses, marks } = restoreMarks(read);
  return { chars: fitDigitsAndLetters(chars, guesses), centers, guesses, marks };
}

const meanOf = (scores: readonly number[]) => (scores.length === 0 ? 0 : scores.reduce((a, b) => a + b, 0) / scores.length);

/** The line's crop, its ink, and the span of its quad it was taken from. */
function cropWithoutNeighbours(raster: Raster, quad: Quad, stretch: number): { crop: LineCrop; ink: LineInk; span: RowSpan } {
  const whole = cropAt(raster, quad, stretch);
  const wholeInk = lineInk(whole);
  const rows = rowsWithoutNeighbours(wholeInk.rows);
  if (rows === undefined) return { crop: whole, ink: wholeInk, span: { from: 0, to: 1 } };
  const crop = cropAt(raster, quadRows(quad, rows.from, rows.to), stretch);
  return { crop, ink: lineInk(crop), span: rows };
}

function cropAt(raster: Raster, quad: Quad, stretch: number): LineCrop {
  return cropLine(raster, quad, cropWidth(quad, stretch), RECOGNIZER_INPUT.height);
}

function cropWidth(quad: Quad, stretch: number): number {
  const ratio = (stretch * quadWidth(quad)) / Math.max(1, quadHeight(quad));
  return Math.max(8, Math.min(RECOGNIZER_INPUT.maxWidth, Math.ceil(RECOGNIZER_INPUT.height * ratio)));
}
