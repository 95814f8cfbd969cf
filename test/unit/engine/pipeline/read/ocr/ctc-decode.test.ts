import { describe, expect, it } from 'vitest';
import { ctcDecode } from '../../../../../../src/engine/pipeline/read/ocr/ctc-decode.js';

const DICTIONARY = ['8', '0', '9', '1', '.', ',', ':', 'B', 'O'];
const CLASSES = DICTIONARY.length + 1;

/** Frames of class probabilities: each frame names its likeliest class ('' for the blank) and any others seen. */
function frames(...spec: [string, Record<string, number>?][]): Float32Array {
  const data = new Float32Array(spec.length * CLASSES);
  spec.forEach(([best, others = {}], t) => {
    const rest = Object.values(others).reduce((a, b) => a + b, 0);
    data[t * CLASSES + (best === '' ? 0 : DICTIONARY.indexOf(best) + 1)] = 1 - rest;
    for (const [char, p] of Object.entries(others)) data[t * CLASSES + DICTIONARY.indexOf(char) + 1] = p;
  });
  return data;
}

const decode = (data: Float32Array) => ctcDecode(data, data.length / CLASSES, CLASSES, DICTIONARY, 4);

describe('ctcDecode', () => {
  it('merges repeated frames and splits a doubled character at a blank', () => {
    const read = decode(frames(['8'], ['8'], [''], ['0'], [''], ['0']));
    expect(read.chars).toEqual(['8', '0', '0']);
    expect(read.centers).toEqual([4, 14, 22]);
  });

  it('keeps what else each character might have been, likeliest first, at its likeliest frame', () => {
    const read = decode(frames(['0', { O: 0.2 }], ['0', { O: 0.3, '9': 0.1 }], [''], ['8', { B: 0.25 }]));
    expect(read.guesses[0]!.map((g) => g.char)).toEqual(['O', '9']);
    expect(read.guesses[0]![0]!.p).toBeCloseTo(0.3);
    expect(read.guesses[1]).toEqual([{ char: 'B', p: expect.closeTo(0.25) }]);
  });

  it('keeps the likeliest mark half-seen in the blank frames between two characters', () => {
    const read = decode(frames(['8'], ['', { '.': 0.04 }], ['', { '.': 0.12, ',': 0.05 }], ['0'], [''], ['9']));
    expect(read.chars).toEqual(['8', '0', '9']);
    expect(read.marks[0]).toEqual({ char: '.', p: expect.closeTo(0.12) });
    expect(read.marks[1]).toBeUndefined();
  });
});
