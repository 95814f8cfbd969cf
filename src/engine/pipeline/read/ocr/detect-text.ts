import { Tensor, type InferenceSession } from 'onnxruntime-node';
import { scaleRaster, type Raster } from '../image/raster.js';
import type { Quad } from './quad.js';
import { boxesFromProbabilities } from './text-boxes.js';

/**
 * The detector's input is bounded (PaddleOCR's det_limit_side_len 960, and at most 0.8 megapixels):
 * raw PaddleOCR in @gutenye/ocr-node runs it at full resolution, which costs seconds on a 300 dpi
 * scan and finds no more lines (see docs/benchmarks.md). Recognition still reads the
 * full-resolution image, so small print is read from the original pixels.
 */
export const DETECTOR_INPUT = { maxSide: 960, maxPixels: 800_000, multiple: 32 } as const;

// ImageNet statistics, applied to B, G, R in that order as PaddleOCR (OpenCV images) does.
const MEAN = [0.485, 0.456, 0.406] as const;
const STD = [0.229, 0.224, 0.225] as const;

/** Text line boxes of a page, in the raster's pixel space, in no particular order. */
export async function detectText(detector: InferenceSession, raster: Raster): Promise<Quad[]> {
  const { width, height } = detectorSize(raster.width, raster.height);
  const scaled = scaleRaster(raster, width, height);
  const output = await detector.run({ [detector.inputNames[0]!]: new Tensor('float32', detectorInput(scaled), [1, 3, height, width]) });
  const map = output[detector.outputNames[0]!]!.data as Float32Array;
  const [sx, sy] = [raster.width / width, raster.height / height];
  return boxesFromProbabilities(map, width, height).map((quad) => quad.map(([x, y]) => [x * sx, y * sy]) as Quad);
}

function detectorSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, DETECTOR_INPUT.maxSide / Math.max(width, height), Math.sqrt(DETECTOR_INPUT.maxPixels / (width * height)));
  const snap = (n: number) => Math.max(DETECTOR_INPUT.multiple, Math.round((n * scale) / DETECTOR_INPUT.multiple) * DETECTOR_INPUT.multiple);
  return { width: snap(width), height: snap(height) };
}

function detectorInput(raster: Raster): Float32Array {
  const plane = raster.width * raster.height;
  const input = new Float32Array(3 * plane);
  const { data } = raster;
  for (let p = 0, i = 0; p < plane; p++, i += 4) {
    input[p] = (data[i + 2]! / 255 - MEAN[0]) / STD[0];
    input[plane + p] = (data[i + 1]! / 255 - MEAN[1]) / STD[1];
    input[2 * plane + p] = (data[i]! / 255 - MEAN[2]) / STD[2];
  }
  return input;
}
