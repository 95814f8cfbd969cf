import { components, type Component } from '../image/components.js';
import type { Raster } from '../image/raster.js';

/** What the pixels of a page with little or no text show: how much ink, and how much of it is bars (a barcode or a patch code). */
export type SheetMarks = {
  /** Share of the page's inner area (edges left out, where scanners shadow) that is dark. */
  ink: number;
  /** Share of the dark pixels that lie in bars: solid, long, thin marks. */
  barShare: number;
  /** Bars found: a barcode gives a dozen and more side by side, a patch code two to four long ones. */
  bars: number;
};

/** A page's marks, numbered as a page of the parse. */
export type PageSheet = SheetMarks & { page: number };

/** Dark: well below the paper, so that show-through and grain are not ink. */
const DARK = 120;
const EDGE_SHARE = 0.04;
/** Every second pixel of every second row: a 3 px bar at 150 dpi still shows, and a page costs a few milliseconds. */
const STRIDE = 2;
/** A bar is filled, at least this many times longer than wide, and long against the page. */
const BAR = { fill: 0.8, aspect: 5, lengthShare: 0.04 } as const;

export function sheetMarks(raster: Raster): SheetMarks {
  const { width, height, data } = raster;
  const [x0, y0] = [Math.round(width * EDGE_SHARE), Math.round(height * EDGE_SHARE)];
  const [w, h] = [Math.floor((width - 2 * x0) / STRIDE), Math.floor((height - 2 * y0) / STRIDE)];
  const mask = new Uint8Array(w * h);
  let dark = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = ((y0 + y * STRIDE) * width + x0 + x * STRIDE) * 4;
      if ((data[i]! * 299 + data[i + 1]! * 587 + data[i + 2]! * 114) / 1000 < DARK) {
        mask[y * w + x] = 1;
        dark++;
      }
    }
  }
  if (dark === 0) return { ink: 0, barShare: 0, bars: 0 };
  const bars = components(mask, w, h).filter((c) => isBar(c, Math.min(w, h)));
  return { ink: dark / (w * h), barShare: bars.reduce((n, c) => n + c.pixels, 0) / dark, bars: bars.length };
}

function isBar(c: Component, shortSide: number): boolean {
  const [across, along] = [c.right - c.left, c.bottom - c.top].sort((a, b) => a - b) as [number, number];
  return c.pixels >= BAR.fill * across * along && along >= BAR.aspect * across && along >= BAR.lengthShare * shortSide;
}
