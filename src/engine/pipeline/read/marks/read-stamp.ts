import { blankRaster, cropRaster, type Raster } from '../image/raster.js';
import type { OcrModels } from '../ocr/ocr-models.js';
import { rectVertices } from '../../document/parsed-document.js';
import { recognizePage } from '../ocr/recognize-page.js';
import { readLines } from '../ocr/recognize-text.js';
import { inkMask, type PageStamp, type StampOutline } from './detect-stamps.js';

/** A round seal's lettering runs clockwise over the top, from about 8 to 4 o'clock, between these shares of its radius. */
const RING_TEXT = { from: -125, to: 125, outer: 0.93, inner: 0.6 } as const;
/** Read text below this confidence is not reported: a seal's text is often faint or overprinted. */
const MIN_TEXT_SCORE = 0.6;

/** The stamp's text where it can be read: a frame's lines, or a round seal's lettering along its ring and across its middle. */
export async function readStamp(models: OcrModels, page: Raster, outline: StampOutline): Promise<PageStamp> {
  const stamp = inkOnly(cropRaster(page, outline.left, outline.top, outline.right, outline.bottom), outline.color);
  const parts = outline.shape === 'rectangle' ? [await linesText(models, stamp)] : [await ringText(models, stamp), await linesText(models, innerDisk(stamp))];
  const text = parts.filter(Boolean).join(' ');
  return {
    angel: 0,
    type: /\S*(?:专用章|公章)/u.exec(text)?.[0] ?? '',
    text,
    color: outline.color,
    shape: outline.shape,
    position: rectVertices(outline.left, outline.top, outline.right, outline.bottom),
  };
}

async function linesText(models: OcrModels, raster: Raster): Promise<string> {
  const { lines } = await recognizePage(models, raster);
  return lines.map((l) => l.text).join(' ');
}

/** The ring of lettering unrolled into a straight strip (outer edge on top), read as one line. */
async function ringText(models: OcrModels, stamp: Raster): Promise<string> {
  const [rx, ry] = [stamp.width / 2, stamp.height / 2];
  const radius = Math.min(rx, ry);
  const height = Math.max(8, Math.round((RING_TEXT.outer - RING_TEXT.inner) * radius));
  const span = ((RING_TEXT.to - RING_TEXT.from) * Math.PI) / 180;
  const width = Math.round(((RING_TEXT.outer + RING_TEXT.inner) / 2) * radius * span);
  const strip = blankRaster(width, height);
  for (let v = 0; v < height; v++) {
    const share = RING_TEXT.outer - ((RING_TEXT.outer - RING_TEXT.inner) * (v + 0.5)) / height;
    for (let u = 0; u < width; u++) {
      const angle = (RING_TEXT.from * Math.PI) / 180 + (span * (u + 0.5)) / width;
      const [x, y] = [Math.floor(rx + Math.sin(angle) * rx * share), Math.floor(ry - Math.cos(angle) * ry * share)];
      const [s, t] = [(y * stamp.width + x) * 4, (v * width + u) * 4];
      strip.data.set(stamp.data.subarray(s, s + 4), t);
    }
  }
  const [reading] = await readLines(models.recognizer, models.dictionary, strip, [[[0, 0], [width, 0], [width, height], [0, height]]]);
  return reading && reading.score >= MIN_TEXT_SCORE ? reading.chars.join('').trim() : '';
}

/** The middle of a round seal, inside its ring of lettering, where a title or a number runs straight. */
function innerDisk(stamp: Raster): Raster {
  const [cx, cy] = [stamp.width / 2, stamp.height / 2];
  const [hx, hy] = [(stamp.width / 2) * RING_TEXT.inner, (stamp.height / 2) * RING_TEXT.inner];
  return cropRaster(stamp, cx - hx, cy - hy * 0.2, cx + hx, cy + hy);
}

/** Ink of the seal's colour as black on white: overprinted black text and lines drop out. */
function inkOnly(raster: Raster, color: PageStamp['color']): Raster {
  const mask = inkMask(raster, color);
  const out = blankRaster(raster.width, raster.height);
  out.data.fill(255);
  for (let p = 0; p < mask.length; p++) if (mask[p]) out.data.fill(0, p * 4, p * 4 + 3);
  return out;
}
