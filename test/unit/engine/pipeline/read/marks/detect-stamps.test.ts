import { beforeAll, describe, expect, it } from 'vitest';
import { decodeImagePage } from '../../../../../../src/engine/pipeline/read/image/decode-image.js';
import type { Raster } from '../../../../../../src/engine/pipeline/read/image/raster.js';
import { loadOcrModels, type OcrModels } from '../../../../../../src/engine/pipeline/read/ocr/ocr-models.js';
import { findStamps } from '../../../../../../src/engine/pipeline/read/marks/detect-stamps.js';
import { readStamp } from '../../../../../../src/engine/pipeline/read/marks/read-stamp.js';
import { drawFrameStamp, drawRoundSeal } from '../../../../../fixtures/stamp-drawing.js';
import { makeTextImage } from '../../../../../fixtures/text-image.js';

let models: OcrModels;
let page: Raster;

beforeAll(async () => {
  models = await loadOcrModels(2);
  const image = makeTextImage({
    width: 1000,
    height: 700,
    lines: [
      { text: '销售方：北京星河科技有限公司', x: 40, y: 80, size: 30 },
      { text: 'A red heading is no stamp', x: 40, y: 640, size: 30, color: '#d01010' },
    ],
    draw: (context) => {
      drawRoundSeal(context, 300, 330, 150, '北京星河科技有限公司', '发票专用章');
      drawFrameStamp(context, 600, 250, 320, 120, ['APPROVED', '2026-03-15']);
      // Red ruling (as on VAT invoice forms): long thin lines, no seal.
      context.fillStyle = '#c83c3c';
      context.fillRect(20, 560, 960, 3);
    },
  });
  page = await decodeImagePage(image.bytes, 'png', 0);
});

describe('findStamps', () => {
  it('finds a red round seal and a blue frame stamp, and nothing else', () => {
    const found = findStamps(page).map(({ color, shape, left, top, right, bottom }) => ({ color, shape, box: [left, top, right, bottom].map(Math.round) }));
    expect(found).toHaveLength(2);
    const [seal, frame] = found;
    expect(seal).toMatchObject({ color: 'red', shape: 'circle' });
    // The ring is 285 px across (radius 150 × 0.95), drawn about (300, 330).
    expect(Math.abs(seal!.box[0]! - 157)).toBeLessThan(12);
    expect(Math.abs(seal!.box[2]! - 443)).toBeLessThan(12);
    expect(Math.abs(seal!.box[1]! - 187)).toBeLessThan(12);
    expect(frame).toMatchObject({ color: 'blue', shape: 'rectangle' });
    expect(Math.abs(frame!.box[0]! - 600)).toBeLessThan(12);
    expect(Math.abs(frame!.box[3]! - 370)).toBeLessThan(12);
  });

  it('reads a frame stamp’s lines, and a round seal’s name along its ring and title across it', async () => {
    const [seal, frame] = findStamps(page);
    const round = await readStamp(models, page, seal!);
    expect(round).toMatchObject({ text: '北京星河科技有限公司 发票专用章', type: '发票专用章', color: 'red', shape: 'circle', angel: 0 });
    expect(round.position).toHaveLength(8);
    expect(await readStamp(models, page, frame!)).toMatchObject({ text: 'APPROVED 2026-03-15', color: 'blue', shape: 'rectangle' });
  });
});
