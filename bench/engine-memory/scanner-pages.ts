import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import { openPdf } from '../../src/engine/pipeline/read/pdf/pdf-open.js';
import type { PDFPageProxy } from '../../src/engine/pipeline/read/pdf/pdfjs.js';

/**
 * Pages of ../shared/datasets/einvoice-dev/pdf as an office scanner writes them (issue 31): the first
 * page of each invoice drawn by pdf.js on an A4 sheet at the scanner's resolution (at 600 dpi 4961 ×
 * 7016 pixels, 210 × 297 mm), then stored as a scanner stores it, with its resolution in the file:
 * - grey-jpeg: 8-bit greyscale JPEG (quality 85), the usual setting for office documents;
 * - colour-jpeg: YCbCr JPEG, 4:2:0 (quality 85);
 * - bilevel-g4-tiff: 1 bit, CCITT Group 4, white is zero (black and white at a fixed threshold), the archive setting;
 * - grey-lzw-tiff: 8-bit greyscale, LZW.
 * Written once into a folder of the system's temporary directory and reused by later runs (drawing a
 * 600 dpi page takes seconds); sharp writes the files, @napi-rs/canvas draws the page.
 */
export type ScanFormat = 'grey-jpeg' | 'colour-jpeg' | 'bilevel-g4-tiff' | 'grey-lzw-tiff';
/** A scanner's batch: mostly JPEGs, a TIFF or two. */
export const SCAN_FORMATS: readonly ScanFormat[] = ['grey-jpeg', 'colour-jpeg', 'bilevel-g4-tiff', 'grey-lzw-tiff'];
export const EINVOICE_PDF_DIR = resolve(import.meta.dirname, '../../../shared/datasets/einvoice-dev/pdf');
/** Where the drawn pages are kept between runs; the suffix changes when the drawing does. */
const CACHE_DIR = join(tmpdir(), 'docket-scanner-pages-v1');
const MM_PER_INCH = 25.4;
const JPEG_QUALITY = 85;

export type ScannerPage = { path: string; source: string; dpi: number; format: ScanFormat; width: number; height: number };

/** An A4 sheet's size in pixels at `dpi`: 4961 × 7016 at 600, 1240 × 1754 at 150. */
export function a4Pixels(dpi: number): { width: number; height: number } {
  return { width: Math.round((210 / MM_PER_INCH) * dpi), height: Math.round((297 / MM_PER_INCH) * dpi) };
}

/** The einvoice-dev PDFs, by name; `skip` leaves out the first ones (those a batch already holds as scans). */
export async function einvoicePdfs(count: number, skip = 0): Promise<string[]> {
  const names = (await readdir(EINVOICE_PDF_DIR)).filter((name) => name.endsWith('.pdf')).sort();
  return names.slice(skip, skip + count).map((name) => join(EINVOICE_PDF_DIR, name));
}

/** The first page of `pdf` scanned at `dpi` into `format`: its file, drawn now or kept from an earlier run. */
export async function scannerPage(pdf: string, dpi: number, format: ScanFormat): Promise<ScannerPage> {
  const { width, height } = a4Pixels(dpi);
  const path = join(CACHE_DIR, `${basename(pdf, '.pdf')}-${dpi}dpi-${format}.${format.endsWith('tiff') ? 'tif' : 'jpg'}`);
  if (!existsSync(path)) {
    await mkdir(CACHE_DIR, { recursive: true });
    const rgba = await drawFirstPage(pdf, width, height);
    const image = sharp(rgba, { raw: { width, height, channels: 4 }, limitInputPixels: false }).removeAlpha();
    const tiff = { xres: dpi / MM_PER_INCH, yres: dpi / MM_PER_INCH, resolutionUnit: 'inch' } as const;
    // sharp's withMetadata would turn a grey page back into sRGB: the JPEGs get their resolution in a JFIF header of their own.
    const bytes =
      format === 'grey-jpeg'
        ? withJfifDensity(await image.toColourspace('b-w').jpeg({ quality: JPEG_QUALITY }).toBuffer(), dpi)
        : format === 'colour-jpeg'
          ? withJfifDensity(await image.jpeg({ quality: JPEG_QUALITY, chromaSubsampling: '4:2:0' }).toBuffer(), dpi)
          : format === 'bilevel-g4-tiff'
            ? await image.toColourspace('b-w').threshold(160).tiff({ compression: 'ccittfax4', bitdepth: 1, miniswhite: true, ...tiff }).toBuffer()
            : await image.toColourspace('b-w').tiff({ compression: 'lzw', ...tiff }).toBuffer();
    // Written beside and renamed: a run stopped halfway leaves no half file to reuse.
    await writeFile(`${path}.part`, bytes);
    await rename(`${path}.part`, path);
  }
  return { path, source: pdf, dpi, format, width, height };
}

/** `count` scanned pages at `dpi`, one invoice each, the formats in turn (SCAN_FORMATS). */
export async function scannerPages(count: number, dpi: number, skip = 0): Promise<ScannerPage[]> {
  const pages: ScannerPage[] = [];
  for (const [i, pdf] of (await einvoicePdfs(count, skip)).entries()) pages.push(await scannerPage(pdf, dpi, SCAN_FORMATS[i % SCAN_FORMATS.length]!));
  return pages;
}

/** The JPEG with a JFIF header saying its resolution in dots per inch (replacing one it had), as scanners write it. */
function withJfifDensity(jpeg: Buffer, dpi: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x01, dpi >> 8, dpi & 0xff, dpi >> 8, dpi & 0xff, 0x00, 0x00]);
  const hasApp0 = jpeg[2] === 0xff && jpeg[3] === 0xe0;
  const rest = jpeg.subarray(hasApp0 ? 4 + jpeg.readUInt16BE(4) : 2);
  return Buffer.concat([jpeg.subarray(0, 2), app0, rest]);
}

type RenderParameters = Parameters<PDFPageProxy['render']>[0];

/** The PDF's first page drawn on white, fitted to and centred on a sheet of width × height pixels; RGBA bytes. */
async function drawFirstPage(pdf: string, width: number, height: number): Promise<Buffer> {
  const doc = await openPdf(new Uint8Array(await readFile(pdf)), undefined);
  try {
    const page = await doc.getPage(1);
    const unit = page.getViewport({ scale: 1 });
    const scale = Math.min(width / unit.width, height / unit.height);
    const viewport = page.getViewport({ scale, offsetX: (width - unit.width * scale) / 2, offsetY: (height - unit.height * scale) / 2 });
    const canvas = createCanvas(width, height);
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    await page.render({ canvas, canvasContext: context, viewport } as unknown as RenderParameters).promise;
    page.cleanup();
    return Buffer.from(context.getImageData(0, 0, width, height).data.buffer);
  } finally {
    await doc.destroy();
  }
}
