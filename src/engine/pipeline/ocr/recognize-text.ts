import { Tensor, type InferenceSession } from 'onnxruntime-node';
import type { Raster } from '../image/raster.js';
import { cropLine, packCrop, type LineCrop } from './line-crop.js';
import { lineInk, type LineInk } from './line-ink.js';
import { fitDigitsAndLetters, kindOf, type Alternative } from './digit-letter-fit.js';
import { rowsWithoutNeighbours, textRows, type RowSpan } from './line-band.js';
import { quadHeight, quadRows, quadWidth, type Quad } from './quad.js';

/**
 * PP-OCRv4 recognition input: 48 px high. PaddleOCR pads every batch to at least 320 px wide; 160
 * reads as well on our page set and halves the work on forms full of short cells. Lines are read
 * one at a time: on the CPU, onnxruntime spends 30-60% more time per column in batches (measured
 * 56-81 µs per column alone, 80-110 in batches of 4-16), so batching only pays on a GPU.
 */
export const RECOGNIZER_INPUT = { height: 48, minWidth: 160, maxWidth: 48 * 60 } as const;

/** A recognised line segment: its characters and where each was read. */
export type LineReading = {
  chars: string[];
  /** Per character, the centre of the frames it was read at, in crop pixels. */
  centers: number[];
  /** Mean probability of the characters read (0..1). */
  score: number;
  crop: LineCrop;
  ink: LineInk;
  /** The rows of the line's quad that its text fills. */
  rows: RowSpan;
};

/** Reads line segments (corners in the raster's pixel space, top-left first in reading order). */
export async function readLines(recognizer: InferenceSession, dictionary: readonly string[], raster: Raster, quads: readonly Quad[]): Promise<LineReading[]> {
  const readings: LineReading[] = [];
  for (const quad of quads) {
    const { crop, span, ink } = cropWithoutNeighbours(raster, quad);
    const { scores, ...read } = await readCrop(recognizer, dictionary, crop);
    readings.push({ ...read, score: scores.length === 0 ? 0 : scores.reduce((a, b) => a + b, 0) / scores.length, crop, ink, rows: textRows(span, ink, crop.height) });
  }
  return readings;
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

/** The line's crop, its ink, and the span of its quad it was taken from. */
function cropWithoutNeighbours(raster: Raster, quad: Quad): { crop: LineCrop; ink: LineInk; span: RowSpan } {
  const whole = cropAt(raster, quad);
  const wholeInk = lineInk(whole);
  const rows = rowsWithoutNeighbours(wholeInk.rows);
  if (rows === undefined) return { crop: whole, ink: wholeInk, span: { from: 0, to: 1 } };
  const crop = cropAt(raster, quadRows(quad, rows.from, rows.to));
  return { crop, ink: lineInk(crop), span: rows };
}

function cropAt(raster: Raster, quad: Quad): LineCrop {
  return cropLine(raster, quad, cropWidth(quad), RECOGNIZER_INPUT.height);
}

function cropWidth(quad: Quad): number {
  const ratio = quadWidth(quad) / Math.max(1, quadHeight(quad));
  return Math.max(8, Math.min(RECOGNIZER_INPUT.maxWidth, Math.ceil(RECOGNIZER_INPUT.height * ratio)));
}

/** Greedy CTC decoding (blank = class 0, repeats merged) that keeps where each character was read: the centre of its frames. */
function ctcDecode(data: Float32Array, frames: number, classes: number, dictionary: readonly string[], frameWidth: number): { chars: string[]; centers: number[]; scores: number[] } {
  const chars: string[] = [];
  const others: Alternative[] = [];
  const spans: [number, number][] = [];
  const scores: number[] = [];
  let previous = 0;
  for (let t = 0; t < frames; t++) {
    let [best, bestP] = [0, -1];
    const base = t * classes;
    for (let k = 0; k < classes; k++) {
      const p = data[base + k]!;
      if (p > bestP) [best, bestP] = [k, p];
    }
    if (best !== 0 && best === previous) spans[spans.length - 1]![1] = t;
    else if (best !== 0) {
      const char = dictionary[best - 1] ?? '';
      chars.push(char);
      others.push(otherKind(data, base, char, dictionary));
      spans.push([t, t]);
      scores.push(bestP);
    }
    previous = best;
  }
  return { chars: fitDigitsAndLetters(chars, others), centers: spans.map(([a, b]) => ((a + b) / 2 + 0.5) * frameWidth), scores };
}

/** The likeliest character of the other kind (a letter for a digit, a digit for a letter) at one frame. */
function otherKind(data: Float32Array, base: number, char: string, dictionary: readonly string[]): Alternative {
  const kind = kindOf(char);
  if (kind === 'other') return undefined;
  const { digits, letters } = latinClasses(dictionary);
  let best: Alternative;
  for (const k of kind === 'digit' ? letters : digits) {
    const p = data[base + k]!;
    if (best === undefined || p > best.p) best = { char: dictionary[k - 1]!, p };
  }
  return best;
}

const LATIN_CLASSES = new WeakMap<readonly string[], { digits: number[]; letters: number[] }>();

/** The recognizer's classes (dictionary index + 1) of the ASCII digits and letters. */
function latinClasses(dictionary: readonly string[]): { digits: number[]; letters: number[] } {
  let classes = LATIN_CLASSES.get(dictionary);
  if (classes === undefined) {
    const of = (kind: 'digit' | 'letter') => dictionary.flatMap((c, i) => (kindOf(c) === kind ? [i + 1] : []));
    LATIN_CLASSES.set(dictionary, (classes = { digits: of('digit'), letters: of('letter') }));
  }
  return classes;
}
