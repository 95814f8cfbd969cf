import { describe, expect, it } from 'vitest';
import { keptRange } from '../../../../../src/engine/pipeline/layout/edge-noise.js';

const kept = (text: string, edges?: { start: boolean; end: boolean }) => {
  const chars = Array.from(text);
  const [start, end] = keptRange(chars, edges);
  return chars.slice(start, end).join('');
};

describe('keptRange', () => {
  it('drops the punctuation a scan leaves at the edges of a value', () => {
    expect(kept('：91320102B19UND752R：')).toBe('91320102B19UND752R');
    expect(kept('91440300MKDHL7XU40..')).toBe('91440300MKDHL7XU40');
    expect(kept('13%.')).toBe('13%');
    expect(kept('..')).toBe('');
  });

  it('keeps a full stop after a word, and an edge it is told to leave', () => {
    expect(kept('Summit Electronics Co., Ltd.')).toBe('Summit Electronics Co., Ltd.');
    expect(kept('.5 kg,', { start: false, end: true })).toBe('.5 kg');
  });

  it('drops a dot after a Chinese character: no abbreviation ends so', () => {
    expect(kept('*信息技术服务*软件维护服务费.')).toBe('*信息技术服务*软件维护服务费');
  });
});
