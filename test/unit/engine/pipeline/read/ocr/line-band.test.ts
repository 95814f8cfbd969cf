import { describe, expect, it } from 'vitest';
import { rowsWithoutNeighbours, textRows } from '../../../../../../src/engine/pipeline/read/ocr/line-band.js';

/** A row profile: ink counts per row of a line crop, top to bottom. */
const rows = (...ink: number[]) => Uint16Array.from(ink);

describe('rowsWithoutNeighbours', () => {
  it('cuts off the half of the next line that the grown box reached into, splitting the gap', () => {
    // rows 0-1 empty, the line in 2-6, a gap in 7-8, the next line's top in 9-11 (cut by the edge).
    expect(rowsWithoutNeighbours(rows(0, 0, 40, 90, 95, 80, 30, 0, 0, 25, 60, 70))).toEqual({ from: 0, to: 8 / 12 });
  });

  it('cuts off the line above when its bottom touches the top edge', () => {
    expect(rowsWithoutNeighbours(rows(50, 20, 0, 0, 60, 90, 90, 60, 0, 0))).toEqual({ from: 3 / 10, to: 1 });
  });

  it('keeps a line whose bands stay clear of both edges (two strokes of one line, as in 二)', () => {
    expect(rowsWithoutNeighbours(rows(0, 0, 60, 0, 0, 0, 80, 0, 0))).toBeUndefined();
  });

  it('keeps a line with a single band, and specks of noise in the margin do not make a band', () => {
    expect(rowsWithoutNeighbours(rows(0, 40, 90, 40, 0))).toBeUndefined();
    expect(rowsWithoutNeighbours(rows(3, 0, 100, 100, 100, 0, 0))).toBeUndefined();
  });
});

describe('textRows', () => {
  const ink = (textTop: number, textBottom: number) => ({ columns: new Uint16Array(0), rows: new Uint16Array(48), textHeight: textBottom - textTop, textTop, textBottom });

  it("gives the rows of the quad the text's ink fills, with a small margin", () => {
    const rows = textRows({ from: 0, to: 1 }, ink(12, 32), 48);
    expect(rows.from).toBeCloseTo(9 / 48);
    expect(rows.to).toBeCloseTo(35 / 48);
  });

  it('maps a crop taken from part of the quad back onto the whole quad', () => {
    const rows = textRows({ from: 0.5, to: 1 }, ink(0, 48), 48);
    expect([rows.from, rows.to]).toEqual([0.5, 1]);
  });
});
