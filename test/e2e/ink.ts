import { createCanvas, loadImage } from '@napi-rs/canvas';

/** Share of dark pixels in a PNG: printed text under a box shows as ink, an empty margin does not. */
export async function inkShare(png: Buffer): Promise<number> {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const { data } = context.getImageData(0, 0, image.width, image.height);
  let dark = 0;
  for (let i = 0; i < data.length; i += 4) if (0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]! < 110) dark++;
  return dark / (data.length / 4);
}
