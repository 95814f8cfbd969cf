import { createRequire } from 'node:module';
import { createCanvas, ImageData, loadImage, type SKRSContext2D } from '@napi-rs/canvas';
import type * as Utif from 'utif2';
import { ProcessingFailure } from '../parsed-document.js';
import { imagePages, type ImageFormat } from './image-header.js';
import type { Raster } from './raster.js';

// utif2 is a CommonJS module whose members Node cannot name statically.
const UTIF = createRequire(import.meta.url)('utif2') as typeof Utif;

/** One page of a JPEG, PNG or TIFF as RGBA on white (transparency flattened); sizes are checked before decoding. */
export async function decodeImagePage(bytes: Uint8Array, format: ImageFormat, page: number): Promise<Raster> {
  const sizes = imagePages(bytes, format);
  if (page >= sizes.length) throw new ProcessingFailure(`Page ${page} does not exist: the image has ${sizes.length} page(s).`);
  try {
    return format === 'tiff' ? tiffPage(bytes, page) : await canvasDecode(bytes);
  } catch (error) {
    if (error instanceof ProcessingFailure) throw error;
    throw new ProcessingFailure(`The ${format.toUpperCase()} image could not be decoded (damaged or truncated): ${error instanceof Error ? error.message : String(error)}.`);
  }
}

async function canvasDecode(bytes: Uint8Array): Promise<Raster> {
  const image = await loadImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  return onWhite(image.width, image.height, (context) => context.drawImage(image, 0, 0));
}

function tiffPage(bytes: Uint8Array, page: number): Raster {
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  const ifd = UTIF.decode(buffer)[page];
  if (!ifd) throw new ProcessingFailure(`Page ${page + 1} of the TIFF could not be read.`);
  UTIF.decodeImage(buffer, ifd);
  const rgba = UTIF.toRGBA8(ifd);
  if (rgba.length !== ifd.width * ifd.height * 4) throw new ProcessingFailure(`Page ${page + 1} of the TIFF uses an encoding the engine cannot decode.`);
  const layer = createCanvas(ifd.width, ifd.height);
  layer.getContext('2d').putImageData(new ImageData(new Uint8ClampedArray(rgba.buffer, rgba.byteOffset, rgba.length), ifd.width, ifd.height), 0, 0);
  return onWhite(ifd.width, ifd.height, (context) => context.drawImage(layer, 0, 0));
}

/** Draws onto an opaque white page, so that transparent pixels read as paper. */
function onWhite(width: number, height: number, draw: (context: SKRSContext2D) => void): Raster {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  draw(context);
  return { width, height, data: context.getImageData(0, 0, width, height).data };
}
