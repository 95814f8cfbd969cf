import { describe, expect, it } from 'vitest';
import { groupLines, layoutLine, type TextRun } from '../../../../../../src/engine/pipeline/read/pdf/pdf-text-layer.js';

describe('groupLines and layoutLine', () => {
  const run = (text: string, left: number, right: number, baseline: number): TextRun => ({ text, left, right, top: baseline - 10, bottom: baseline + 2, baseline });

  it('groups runs by baseline, top to bottom and left to right, with a space where they leave a gap', () => {
    const lines = groupLines([run('World', 200, 250, 101), run('Below', 100, 150, 140), run('Hello', 100, 150, 100)]);
    expect(lines.map((l) => l.map((r) => r.text))).toEqual([['Hello', 'World'], ['Below']]);
    const line = layoutLine(lines[0]!);
    expect(line.text).toBe('Hello World');
    expect(line.charPositions).toHaveLength(11);
    expect(line.charPositions[5]).toEqual([150, 90, 200, 90, 200, 103, 150, 103]);
    expect(line.position).toEqual([100, 90, 250, 90, 250, 103, 100, 103]);
  });
});
