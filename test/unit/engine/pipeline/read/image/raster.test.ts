import { createCanvas, ImageData, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { decodeImagePage } from '../../../../../../src/engine/pipeline/read/image/decode-image.js';
import { canvasOf, scaleRaster, type Raster } from '../../../../../../src/engine/pipeline/read/image/raster.js';
import { makeTextImage } from '../../../../../fixtures/text-image.js';

/** Scaling from a fresh canvas: the pixels put on a new canvas, drawn smaller, read back with getImageData. */
function scaledAfresh(raster: Raster, width: number, height: number): Uint8ClampedArray {
  const source = createCanvas(raster.width, raster.height);
  source.getContext('2d').putImageData(new ImageData(raster.data, raster.width, raster.height), 0, 0);
  const context = createCanvas(width, height).getContext('2d');
  context.imageSmoothingQuality = 'high';
  context.drawImage(source, 0, 0, width, height);
  return context.getImageData(0, 0, width, height).data;
}

describe('scaleRaster', () => {
  const lines = [
    { text: 'Invoice 2026-0042 total 1,234.56', x: 40, y: 120, size: 34 },
    { text: 'Seal', x: 400, y: 400, size: 90, color: '#d01010' },
    { text: 'Paid', x: 80, y: 520, size: 60, color: '#1030c0' },
  ];

  for (const format of ['png', 'jpeg'] as const) {
    it(`decodes a ${format} page to the pixels @napi-rs/canvas draws it with on white`, async () => {
      const { bytes } = makeTextImage({ width: 300, height: 200, lines, background: 'rgba(0,0,0,0)' }, format);
      const image = await loadImage(Buffer.from(bytes));
      const context = createCanvas(300, 200).getContext('2d');
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, 300, 200);
      context.drawImage(image, 0, 0);
      const [want, got] = [context.getImageData(0, 0, 300, 200).data, (await decodeImagePage(bytes, format, 0)).data];
      // libvips and Skia round a transparent pixel laid over white apart by one level at most.
      expect(want.reduce((max, v, i) => Math.max(max, Math.abs(v - got[i]!)), 0)).toBeLessThanOrEqual(format === 'png' ? 1 : 0);
    });

    it(`scales a decoded ${format} page to the same pixels as a fresh canvas copy of it`, async () => {
      const page = await decodeImagePage(makeTextImage({ width: 900, height: 640, lines }, format).bytes, format, 0);
      for (const [width, height] of [[448, 320], [213, 151]] as const) {
        expect(Buffer.from(scaleRaster(page, width, height).data).equals(Buffer.from(scaledAfresh(page, width, height)))).toBe(true);
      }
    });
  }

  it('draws a raster made in memory on a canvas of its own, the same one each time', () => {
    const raster: Raster = { width: 3, height: 2, data: new Uint8ClampedArray([255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 9, 9, 9, 255, 200, 100, 50, 255, 255, 255, 255, 255]) };
    const canvas = canvasOf(raster);
    expect(canvasOf(raster)).toBe(canvas);
    expect([...canvas.getContext('2d').getImageData(0, 0, 3, 2).data]).toEqual([...raster.data]);
    expect(Buffer.from(scaleRaster(raster, 2, 1).data).equals(Buffer.from(scaledAfresh(raster, 2, 1)))).toBe(true);
  });
});
