import type * as Pdfjs from 'pdfjs-dist';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import type { FileDocument } from '../../../shared/api/files';
import { originalSize, originalTurn, turnMatrix } from './geometry';
import type { PagePicture } from './page-pictures';

/**
 * What a file's pages are drawn from: the original this desk uploaded (a PDF or a decoded image),
 * or, when there is none the browser can show, each page's picture from the image cache.
 */
export type PageSource = { kind: 'pdf'; pdf: PDFDocumentProxy } | { kind: 'image'; bitmap: ImageBitmap } | { kind: 'pictures' };

/**
 * What one page is drawn from: the original, its picture (already upright, in the page's pixel
 * space), or its recognised text on a blank page when no picture can be had.
 */
export type PageDrawing = Exclude<PageSource, { kind: 'pictures' }> | { kind: 'picture'; bitmap: ImageBitmap } | { kind: 'text' };

/** The drawing of a page, or undefined while its picture is on its way. */
export function pageDrawing(source: PageSource, picture: PagePicture | undefined): PageDrawing | undefined {
  if (source.kind !== 'pictures') return source;
  if (picture?.state === 'ready') return { kind: 'picture', bitmap: picture.bitmap };
  return picture?.state === 'unavailable' ? { kind: 'text' } : undefined;
}

const IMAGE_TYPES: Readonly<Record<string, string>> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', bmp: 'image/bmp', gif: 'image/gif', webp: 'image/webp' };

let pdfjs: Promise<{ lib: typeof Pdfjs; worker: Pdfjs.PDFWorker }> | undefined;

/**
 * pdf.js is loaded on first use, so the first screen does not wait for it; its worker is our own
 * asset, started once for every file opened (a new one per file cost more than drawing the page).
 */
function loadPdfjs(): Promise<{ lib: typeof Pdfjs; worker: Pdfjs.PDFWorker }> {
  pdfjs ??= Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]).then(([lib, worker]) => {
    lib.GlobalWorkerOptions.workerSrc = worker.default;
    return { lib, worker: new lib.PDFWorker() };
  });
  return pdfjs;
}

/** The uploaded original as a source, or undefined for a format the browser cannot show. */
export async function openSource(format: string, bytes: Uint8Array, password?: string): Promise<Exclude<PageSource, { kind: 'pictures' }> | undefined> {
  const kind = format.toLowerCase();
  if (kind === 'pdf') {
    const { lib, worker } = await loadPdfjs();
    // pdf.js hands the buffer to its worker, so it gets a copy; destroying the document leaves a worker it was given running.
    const pdf = await lib.getDocument({ data: bytes.slice(), worker, isEvalSupported: false, ...(password ? { password } : {}) }).promise;
    return { kind: 'pdf', pdf };
  }
  const type = IMAGE_TYPES[kind];
  return type === undefined ? undefined : { kind: 'image', bitmap: await createImageBitmap(new Blob([bytes.slice()], { type })) };
}

export function closeSource(source: PageSource): void {
  if (source.kind === 'pdf') void source.pdf.destroy();
  if (source.kind === 'image') source.bitmap.close();
}

/** A canvas sized for the screen's pixel density, its context scaled to CSS pixels. */
function prepare(canvas: HTMLCanvasElement, width: number, height: number): CanvasRenderingContext2D {
  const density = window.devicePixelRatio || 1;
  canvas.width = Math.max(1, Math.round(width * density));
  canvas.height = Math.max(1, Math.round(height * density));
  canvas.style.width = `${width}px`;
  canvas.style.height = `${height}px`;
  const context = canvas.getContext('2d');
  if (context === null) throw new Error('no 2D canvas');
  context.setTransform(density, 0, 0, density, 0, 0);
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  return context;
}

export interface DrawRequest {
  /** The page of the source to draw (a split child shows pages of its parent's file). */
  page: number;
  /** The page's pixel space (pages[], upright) and the scale it is shown at. */
  width: number;
  height: number;
  scale: number;
  /** How far the original was turned clockwise: it is drawn turned back, upright. */
  angle: number;
  /** Recognised lines, drawn when the page has no picture. */
  lines: FileDocument['pages'][number]['lines'] | undefined;
}

/** Draws one page, unturned, at width × scale by height × scale; answers a function that cancels it. */
export function drawPage(source: PageDrawing, canvas: HTMLCanvasElement, request: DrawRequest): { done: Promise<void>; cancel: () => void } {
  const cssWidth = request.width * request.scale;
  const cssHeight = request.height * request.scale;
  const context = prepare(canvas, cssWidth, cssHeight);
  const frame = { width: request.width, height: request.height, angle: request.angle };
  const turn = originalTurn(frame);
  if (source.kind === 'image') {
    const original = originalSize(frame);
    const [width, height] = [original.width * request.scale, original.height * request.scale];
    context.transform(...turnMatrix(turn, width, height));
    context.drawImage(source.bitmap, 0, 0, width, height);
    return { done: Promise.resolve(), cancel: () => undefined };
  }
  if (source.kind === 'picture') {
    // Whatever its pixel size, the picture covers the page's pixel space, so the boxes sit on it.
    context.drawImage(source.bitmap, 0, 0, cssWidth, cssHeight);
    return { done: Promise.resolve(), cancel: () => undefined };
  }
  if (source.kind === 'text') {
    drawLines(context, request);
    return { done: Promise.resolve(), cancel: () => undefined };
  }
  let task: RenderTask | undefined;
  let cancelled = false;
  const done = source.pdf.getPage(request.page + 1).then(async (page) => {
    if (cancelled) return;
    const rotation = (page.rotate + turn) % 360;
    const natural = page.getViewport({ scale: 1, rotation });
    // The page's pixel width (at its dpi) over its width in points gives the scale without trusting dpi.
    const viewport = page.getViewport({ scale: cssWidth / natural.width, rotation });
    const density = window.devicePixelRatio || 1;
    task = page.render({ canvas, canvasContext: context, viewport, transform: [density, 0, 0, density, 0, 0] });
    await task.promise;
  });
  return {
    done: done.catch((error: unknown) => {
      if ((error as Error).name !== 'RenderingCancelledException') throw error;
    }),
    cancel: () => {
      cancelled = true;
      task?.cancel();
    },
  };
}

function drawLines(context: CanvasRenderingContext2D, request: DrawRequest): void {
  context.fillStyle = '#222222';
  context.textBaseline = 'top';
  for (const line of request.lines ?? []) {
    const xs = line.position.filter((_, i) => i % 2 === 0);
    const ys = line.position.filter((_, i) => i % 2 === 1);
    if (xs.length === 0) continue;
    const top = Math.min(...ys) * request.scale;
    const height = (Math.max(...ys) - Math.min(...ys)) * request.scale;
    context.font = `${Math.max(6, height * 0.8)}px sans-serif`;
    context.fillText(line.text, Math.min(...xs) * request.scale, top, (Math.max(...xs) - Math.min(...xs)) * request.scale || undefined);
  }
}
