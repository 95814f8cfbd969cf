import { describe, expect, it } from 'vitest';
import { cellsOfRow } from '../../../../../src/engine/pipeline/tables/body.js';
import type { Segment, VisualRow } from '../../../../../src/engine/pipeline/layout/segments.js';

/** A segment whose characters stand at these centres (10 px wide, on one line). */
function segment(text: string, centres: readonly number[]): Segment {
  const boxes = centres.map((x): [number, number, number, number] => [x - 5, 100, x + 5, 117]);
  return { page: 0, text, boxes, left: boxes[0]![0], right: boxes.at(-1)![2], top: 100, bottom: 117 };
}
const rowOf = (...segments: Segment[]): VisualRow => ({ page: 0, top: 100, bottom: 117, segments });
const texts = (row: VisualRow, bounds: number[]) => cellsOfRow(row, bounds, bounds.length + 1).map((c) => c.pieces.map((p) => p.text).join(' '));

describe('the cells of a scanned table row', () => {
  it('cuts a run of figures a scan read over two columns at its widest gap (an amount and a rate, the gap read as a speck)', () => {
    // As the recognizer placed "1146.96.13%": the amount right-aligned past the middle between the heads, the speck in the gap.
    const run = segment('1146.96.13%', [1170, 1182, 1193, 1207, 1216, 1227, 1243, 1280, 1312, 1324, 1340]);
    expect(texts(rowOf(run), [1210])).toEqual(['1146.96', '.13%']);
  });

  it('keeps whole a run with no wide gap, and a run with letters on one side', () => {
    expect(texts(rowOf(segment('12507.12', [1160, 1172, 1184, 1196, 1208, 1220, 1232, 1244])), [1210])).toEqual(['12507.12', '']);
    expect(texts(rowOf(segment('KX-88.13%', [1170, 1182, 1193, 1205, 1217, 1260, 1290, 1302, 1314])), [1210])).toEqual(['', 'KX-88.13%']);
  });

  it("cuts a quantity and its unit run into one segment across the quantity's and the unit's columns", () => {
    // "8 Stück" under "Anzahl | ME": the 8 left of the boundary, the unit right of it.
    expect(texts(rowOf(segment('8 Stück', [615, 630, 640, 650, 660, 670, 680])), [625])).toEqual(['8', 'Stück']);
    expect(texts(rowOf(segment('8 Stück', [640, 650, 660, 670, 680, 690, 700])), [625])).toEqual(['', '8 Stück']);
  });
});
