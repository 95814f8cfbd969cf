import { beforeAll, describe, expect, it } from 'vitest';
import { decodeImagePage } from '../../../../../../src/engine/pipeline/read/image/decode-image.js';
import { rotateRaster, type QuarterAngle, type Raster } from '../../../../../../src/engine/pipeline/read/image/raster.js';
import { loadOcrModels, type OcrModels } from '../../../../../../src/engine/pipeline/read/ocr/ocr-models.js';
import { recognizePage, type PageText } from '../../../../../../src/engine/pipeline/read/ocr/recognize-page.js';
import type { SKRSContext2D } from '@napi-rs/canvas';
import { CLEAR_DOUBT } from '../../../../../../src/engine/pipeline/fields/header-block.js';
import { makeTextImage, registerFixtureFonts, textWidth } from '../../../../../fixtures/text-image.js';

const LINES = ['Invoice Number: INV-2026-0042', '购买方名称：北京星河科技有限公司', 'Please pay within thirty days'];

let models: OcrModels;
let page: Raster;
let upright: PageText;

beforeAll(async () => {
  models = await loadOcrModels(2);
  const image = makeTextImage({ width: 760, height: 300, lines: LINES.map((text, i) => ({ text, x: 30, y: 70 + i * 85, size: 34 })) });
  page = await decodeImagePage(image.bytes, 'png', 0);
  upright = await recognizePage(models, page);
});

describe('recognizePage', () => {
  it('reads Chinese and English lines, with the spaces between English words', () => {
    const { angle, width, height, lines } = upright;
    expect([angle, width, height]).toEqual([0, 760, 300]);
    expect(lines.map((l) => l.text)).toEqual(LINES);
  });

  it('reads Chinese brackets as the full-width forms, with no space beside them, and keeps English ones', async () => {
    const lines = ['销售方：启明生鲜店（成都店）', 'Receipt (copy) No. 7'];
    const image = makeTextImage({ width: 760, height: 220, lines: lines.map((text, i) => ({ text, x: 30, y: 80 + i * 90, size: 36 })) });
    const read = await recognizePage(models, await decodeImagePage(image.bytes, 'png', 0));
    expect(read.lines.map((l) => l.text)).toEqual(lines);
  });

  it('gives German words the umlauts and ß its character set lacks back', async () => {
    const lines = ['Lieferantenstraße 20', '80333 München', 'Verkäufer: Frühstück'];
    const image = makeTextImage({ width: 760, height: 300, lines: lines.map((text, i) => ({ text, x: 30, y: 70 + i * 85, size: 34 })) });
    const read = await recognizePage(models, await decodeImagePage(image.bytes, 'png', 0));
    expect(read.lines.map((l) => l.text)).toEqual(lines);
  });

  it('reads small print squeezed into its box again, stretched, instead of merging and dropping its letters', async () => {
    const lines = ['Fahrtkosten, Taxi Berlin', 'minimale Selbstbeteiligung', 'Handelsrechnung Nr. 280081'];
    // A condensed face, as the scans of einvoice-dev print line items: 11 px type drawn at 0.6 of its width.
    const draw = (context: SKRSContext2D) => {
      context.fillStyle = '#111111';
      context.font = `11px "${registerFixtureFonts()}"`;
      lines.forEach((text, i) => {
        context.setTransform(0.6, 0, 0, 1, 30, 40 + i * 45);
        context.fillText(text, 0, 0);
      });
    };
    const image = makeTextImage({ width: 400, height: 160, lines: [], draw });
    const read = await recognizePage(models, await decodeImagePage(image.bytes, 'png', 0));
    expect(read.lines.map((l) => l.text).slice(0, 2)).toEqual(lines.slice(0, 2));
  });

  it('says for every character how likely the recognizer found another there, and is sure of most of clean print', () => {
    for (const line of upright.lines) {
      const chars = Array.from(line.text);
      expect(line.doubts).toHaveLength(chars.length);
      line.doubts!.forEach((doubt, i) => expect(chars[i] === ' ' ? doubt === 0 : doubt >= 0 && doubt <= 1).toBe(true));
      const sorted = [...line.doubts!].sort((a, b) => a - b);
      expect(sorted[Math.floor(sorted.length / 2)]).toBeLessThan(CLEAR_DOUBT);
    }
  });

  it("gives every character a box about as tall as the type, not the detector's grown box", () => {
    for (const line of upright.lines) {
      for (const box of line.charPositions) expect(box[5]! - box[1]!).toBeLessThanOrEqual(34 * 1.25);
    }
  });

  it('gives every character a box inside its line, left to right', () => {
    const { lines } = upright;
    for (const line of lines) {
      expect(line.charPositions).toHaveLength(Array.from(line.text).length);
      const [left, top, right, , , bottom] = line.position;
      const lefts = line.charPositions.map((box) => box[0]!);
      expect(lefts).toEqual([...lefts].sort((a, b) => a - b));
      for (const box of line.charPositions) {
        expect(box[0]).toBeGreaterThanOrEqual(left! - 1);
        expect(box[2]).toBeLessThanOrEqual(right! + 1);
        expect(box[1]).toBeGreaterThanOrEqual(top! - 1);
        expect(box[5]).toBeLessThanOrEqual(bottom! + 1);
      }
    }
    // Each character's box is centred inside the cell where the fixture drew that character.
    lines.forEach((line, i) => {
      const chars = Array.from(line.text);
      chars.forEach((_, k) => {
        const [from, to] = [30 + textWidth(chars.slice(0, k).join(''), 34), 30 + textWidth(chars.slice(0, k + 1).join(''), 34)];
        const centre = (line.charPositions[k]![0]! + line.charPositions[k]![2]!) / 2;
        expect(centre, `${LINES[i]} [${k}]`).toBeGreaterThanOrEqual(from - 3);
        expect(centre, `${LINES[i]} [${k}]`).toBeLessThanOrEqual(to + 3);
      });
    });
  });

  it.each([90, 180, 270] as QuarterAngle[])('finds a page turned %i degrees and answers in the upright page', async (turn) => {
    const { angle, width, height, lines } = await recognizePage(models, rotateRaster(page, turn));
    expect([angle, width, height]).toEqual([turn, 760, 300]);
    expect(lines.map((l) => l.text)).toEqual(LINES);
    // Positions are those of the upright page: the first line is near its top left.
    expect(lines[0]!.position[0]).toBeLessThan(60);
    expect(lines[0]!.position[1]).toBeLessThan(60);
  });

  it('answers no lines for a blank page', async () => {
    const blank = { width: 200, height: 100, data: new Uint8ClampedArray(200 * 100 * 4).fill(255) };
    expect((await recognizePage(models, blank)).lines).toEqual([]);
  });
});
