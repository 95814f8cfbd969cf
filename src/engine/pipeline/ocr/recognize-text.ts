import { Tensor, type InferenceSession } from 'onnxruntime-node';
import type { Raster } from '../image/raster.js';
import { cropLine, packCrops, type LineCrop } from './line-crop.js';
import { quadHeight, quadWidth, type Quad } from './quad.js';

/** PP-OCRv4 recognition input: 48 px high; PaddleOCR pads a batch to at least 320 px wide. */
export const RECOGNIZER_INPUT = { height: 48, minBatchWidth: Number(process.env.MINW ?? 320), maxWidth: 48 * 60, maxBatch: 16, maxBatchPixels: 48 * 320 * 24 } as const;

/** A recognised line segment: its characters with the recognizer frames each was read at. */
export type LineReading = {
  chars: string[];
  /** Per character: first and last frame (0-based) of its CTC run; a frame covers `frameWidth` crop pixels. */
  frames: [number, number][];
  frameWidth: number;
  /** Mean probability of the characters read (0..1). */
  score: number;
  crop: LineCrop;
};

/**
 * Reads line segments (corners in the raster's pixel space, top-left first in reading order) in
 * batches of similar width, so that little of each batch is padding.
 */
export async function readLines(recognizer: InferenceSession, dictionary: readonly string[], raster: Raster, quads: readonly Quad[]): Promise<LineReading[]> {
  const crops = quads.map((quad) => cropLine(raster, quad, cropWidth(quad), RECOGNIZER_INPUT.height));
  const readings: LineReading[] = new Array(crops.length);
  for (const batch of batchesBySize(crops.map((c) => c.width))) {
    const width = Math.max(RECOGNIZER_INPUT.minBatchWidth, ...batch.map((i) => crops[i]!.width));
    const input = packCrops(batch.map((i) => crops[i]!), width, RECOGNIZER_INPUT.height);
    (globalThis as any).COLS = ((globalThis as any).COLS ?? 0) + width * batch.length;
    const output = await recognizer.run({ [recognizer.inputNames[0]!]: new Tensor('float32', input, [batch.length, 3, RECOGNIZER_INPUT.height, width]) });
    const probabilities = output[recognizer.outputNames[0]!]!;
    const [, frames, classes] = probabilities.dims as [number, number, number];
    batch.forEach((index, n) => {
      const crop = crops[index]!;
      const frameWidth = width / frames;
      const used = Math.min(frames, Math.ceil(crop.width / frameWidth) + 1);
      const data = (probabilities.data as Float32Array).subarray(n * frames * classes, n * frames * classes + used * classes);
      readings[index] = { ...ctcDecode(data, used, classes, dictionary), frameWidth, crop };
    });
  }
  return readings;
}

function cropWidth(quad: Quad): number {
  const ratio = quadWidth(quad) / Math.max(1, quadHeight(quad));
  return Math.max(8, Math.min(RECOGNIZER_INPUT.maxWidth, Math.ceil(RECOGNIZER_INPUT.height * ratio)));
}

/** Indexes grouped into batches of neighbouring widths, each within the batch and pixel budgets. */
export function batchesBySize(widths: readonly number[]): number[][] {
  const order = widths.map((_, i) => i).sort((a, b) => widths[a]! - widths[b]!);
  const batches: number[][] = [];
  let current: number[] = [];
  for (const index of order) {
    const width = Math.max(RECOGNIZER_INPUT.minBatchWidth, widths[index]!);
    const fits = current.length < RECOGNIZER_INPUT.maxBatch && (current.length + 1) * width * RECOGNIZER_INPUT.height <= RECOGNIZER_INPUT.maxBatchPixels;
    if (current.length > 0 && !fits) {
      batches.push(current);
      current = [];
    }
    current.push(index);
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/** Greedy CTC decoding (blank = class 0, repeats merged) that keeps where each character was read. */
export function ctcDecode(data: Float32Array, frames: number, classes: number, dictionary: readonly string[]): Pick<LineReading, 'chars' | 'frames' | 'score'> {
  const chars: string[] = [];
  const spans: [number, number][] = [];
  let [sum, previous] = [0, 0];
  for (let t = 0; t < frames; t++) {
    let [best, bestP] = [0, -1];
    const base = t * classes;
    for (let k = 0; k < classes; k++) {
      const p = data[base + k]!;
      if (p > bestP) [best, bestP] = [k, p];
    }
    if (best !== 0 && best === previous) spans[spans.length - 1]![1] = t;
    else if (best !== 0) {
      chars.push(dictionary[best - 1] ?? '');
      spans.push([t, t]);
      sum += bestP;
    }
    previous = best;
  }
  return { chars, frames: spans, score: chars.length === 0 ? 0 : sum / chars.length };
}
