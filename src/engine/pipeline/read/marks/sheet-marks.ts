import { components, type Component } from '../image/components.js';
import type { Raster } from '../image/raster.js';
import type { SheetMarks } from '../../document/parsed-document.js';

/** Dark: well below the paper, so that show-through and grain are not ink; bars are darker still. */
const DARK = { ink: 170, bar: 120 } as const;
const EDGE_SHARE = 0.04;
/** Every second pixel of every second row: a 3 px bar at 150 dpi still shows. */
const STRIDE = 2;
/** Ink alone is counted on a sparser grid: a page of text costs a millisecond or two. */
const INK_STRIDE = 4;
/** Bars are looked for on pages whose text says little (a separator's digits or word, a blank back's stray reads). */
export const SPARSE_TEXT_LINES = 8;
/** A bar is filled, at least this many times longer than wide, and long against the page. */
const BAR = { fill: 0.8, aspect: 5, lengthShare: 0.04 } as const;

/** The page's marks; bars only when asked (a page with little text), ink always. */
export function sheetMarks(raster: Raster, findBars: boolean): SheetMarks {
  const ink = darkMask(raster, INK_STRIDE, DARK.ink).dark / gridSize(raster, INK_STRIDE);
  if (!findBars) return { ink, barShare: 0, bars: 0 };
  const { mask, dark, w, h } = darkMask(raster, STRIDE, DARK.bar);
  if (dark === 0) return { ink, barShare: 0, bars: 0 };
  const bars = components(mask, w, h).filter((c) => isBar(c, Math.min(w, h)));
  return { ink, barShare: bars.reduce((n, c) => n + c.pixels, 0) / dark, bars: bars.length };
}

function gridSize(raster: Raster, stride: number): number {
  const { w, h } = grid(raster, stride);
  return Math.max(1, w * h);
}

function grid(raster: Raster, stride: number) {
  const [x0, y0] = [Math.round(raster.width * EDGE_SHARE), Math.round(raster.height * EDGE_SHARE)];
  return { x0, y0, w: Math.floor((raster.width - 2 * x0) / stride), h: Math.floor((raster.height - 2 * y0) / stride) };
}

/** The dark pixels of the inner page on a grid of every `stride`th pixel and row. */
function darkMask(raster: Raster, stride: number, threshold: number) {
  const { width, data } = raster;
  const { x0, y0, w, h } = grid(raster, stride);
  const mask = new Uint8Array(w * h);
  let dark = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = ((y0 + y * stride) * width + x0 + x * stride) * 4;
      if ((data[i]! * 299 + data[i + 1]! * 587 + data[i + 2]! * 114) / 1000 < threshold) {
        mask[y * w + x] = 1;
        dark++;
      }
    }
  }
  return { mask, dark, w, h };
}

function isBar(c: Component, shortSide: number): boolean {
  const [across, along] = [c.right - c.left, c.bottom - c.top].sort((a, b) => a - b) as [number, number];
  return c.pixels >= BAR.fill * across * along && along >= BAR.aspect * across && along >= BAR.lengthShare * shortSide;
}
