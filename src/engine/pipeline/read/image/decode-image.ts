import { createCanvas, loadImage, type SKRSContext2D } from '@napi-rs/canvas';
import { ProcessingFailure } from '../../document/parsed-document.js';
import { decodeTiffPage } from './decode-tiff.js';
import { imagePages, type ImageFormat } from './image-header.js';
import { rasterOfCanvas, type Raster } from './raster.js';

/** One page of a JPEG, PNG or TIFF as RGBA on white (transparency flattened); sizes are checked before decoding. */
export async function decodeImagePage(bytes: Uint8Array, format: ImageFormat, page: number): Promise<Raster> {
  const sizes = imagePages(bytes, format);
  if (page >= sizes.length) throw new ProcessingFailure(`Page ${page} does not exist: the image has ${sizes.length} page(s).`);
  try {
    return format === 'tiff' ? decodeTiffPage(bytes, page) : await canvasDecode(bytes);
  } catch (error) {
    if (error instanceof ProcessingFailure) throw error;
    throw new ProcessingFailure(`The ${format.toUpperCase()} image could not be decoded (damaged or truncated): ${error instanceof Error ? error.message : String(error)}.`);
  }
}

async function canvasDecode(bytes: Uint8Array): Promise<Raster> {
  const image = await loadImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  return onWhite(image.width, image.height, (context) => context.drawImage(image, 0, 0));
}

/** Draws onto an opaque white page, so that transparent pixels read as paper. */
function onWhite(width: number, height: number, draw: (context: SKRSContext2D) => void): Raster {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  draw(context);
  return rasterOfCanvas(canvas);
}
