import { createCanvas, GlobalFonts, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { CorpusFont } from './font.js';
import type { LaidPage, PlacedSeal } from './layout.js';
import type { Rng } from './rng.js';

export interface ScanSettings {
  dpi: number;
  /** A page put on the scanner sideways or upside down: 0, 90, 180 or 270 (clockwise). */
  rotation: 0 | 90 | 180 | 270;
  /** A slightly crooked page, in degrees. */
  skew: number;
  blur: number;
  /** Share of pixels hit by speckle noise. */
  noise: number;
  format: 'jpeg' | 'png';
}

export interface Scan {
  bytes: Uint8Array;
  /** Pixel size of the image. */
  width: number;
  height: number;
}

const registered = new Set<string>();

function register(font: CorpusFont): void {
  if (registered.has(font.family)) return;
  GlobalFonts.register(Buffer.from(font.bytes), font.family);
  registered.add(font.family);
}

/** Settings of a typical desk scan or phone photo, drawn from the seed. */
export function scanSettings(rng: Rng): ScanSettings {
  const turned = rng.chance(0.25);
  return {
    dpi: rng.pick([150, 200]),
    rotation: turned ? rng.pick([90, 180, 270] as const) : 0,
    skew: (rng.next() - 0.5) * 3,
    blur: rng.pick([0, 0.4, 0.7]),
    noise: rng.pick([0.002, 0.006, 0.012]),
    format: rng.chance(0.7) ? 'jpeg' : 'png',
  };
}

/** The page as a scanner or camera would see it: rasterised, a little crooked, blurred and speckled. */
export async function renderScan(page: LaidPage, font: CorpusFont, settings: ScanSettings, rng: Rng): Promise<Scan> {
  register(font);
  const flat = drawPage(page, font, settings.dpi / 72);
  const turned = settings.rotation === 90 || settings.rotation === 270;
  const [width, height] = turned ? [flat.height, flat.width] : [flat.width, flat.height];
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#f4f2ec';
  ctx.fillRect(0, 0, width, height);
  ctx.translate(width / 2, height / 2);
  ctx.rotate(((settings.rotation + settings.skew) * Math.PI) / 180);
  if (settings.blur > 0) ctx.filter = `blur(${settings.blur}px)`;
  ctx.drawImage(flat, -flat.width / 2, -flat.height / 2);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.filter = 'none';
  speckle(canvas, settings.noise, rng);
  const bytes = settings.format === 'jpeg' ? await canvas.encode('jpeg', 72) : await canvas.encode('png');
  return { bytes: new Uint8Array(bytes), width, height };
}

function drawPage(page: LaidPage, font: CorpusFont, scale: number): Canvas {
  const canvas = createCanvas(Math.round(page.width * scale), Math.round(page.height * scale));
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.lineWidth = Math.max(1, 0.6 * scale);
  for (const line of page.lines) {
    ctx.strokeStyle = line.color ?? '#777777';
    ctx.beginPath();
    ctx.moveTo(line.x1 * scale, line.y1 * scale);
    ctx.lineTo(line.x2 * scale, line.y2 * scale);
    ctx.stroke();
  }
  for (const t of page.texts) {
    ctx.fillStyle = t.color ?? '#1a1a1a';
    ctx.font = `${t.size * scale}px "${font.family}"`;
    ctx.fillText(t.text, t.x * scale, t.y * scale);
  }
  for (const seal of page.seals ?? []) drawSeal(ctx, seal, font, scale);
  return canvas;
}

const SEAL_RED = 'rgba(214, 30, 30, 0.82)';

/** A seal as ink stamped over the text: an oval ring, the name set round its upper arc, a star, a line under it. */
function drawSeal(ctx: SKRSContext2D, seal: PlacedSeal, font: CorpusFont, scale: number): void {
  const [left, top, right, bottom] = seal.box.map((v) => v * scale) as [number, number, number, number];
  const [cx, cy, rx, ry] = [(left + right) / 2, (top + bottom) / 2, (right - left) / 2, (bottom - top) / 2];
  ctx.save();
  ctx.strokeStyle = SEAL_RED;
  ctx.fillStyle = SEAL_RED;
  ctx.lineWidth = Math.max(2, 1.6 * scale);
  ctx.beginPath();
  ctx.ellipse(cx, cy, rx, ry, 0, 0, 2 * Math.PI);
  ctx.stroke();
  const size = ry * 0.32;
  ctx.font = `${size}px "${font.family}"`;
  ctx.textAlign = 'center';
  const chars = [...seal.around];
  // The name runs over the upper 240 degrees of the ring, each character upright to the centre.
  chars.forEach((ch, i) => {
    const angle = Math.PI * (-7 / 6 + (4 / 3) * ((i + 0.5) / chars.length));
    ctx.save();
    ctx.translate(cx + (rx - size * 0.9) * Math.cos(angle), cy + (ry - size * 0.9) * Math.sin(angle));
    ctx.rotate(angle + Math.PI / 2);
    ctx.fillText(ch, 0, size / 2);
    ctx.restore();
  });
  ctx.font = `${size * 1.6}px "${font.family}"`;
  ctx.fillText('★', cx, cy + size * 0.5);
  ctx.font = `${size * 0.85}px "${font.family}"`;
  ctx.fillText(seal.below, cx, cy + ry * 0.62);
  ctx.restore();
}

/** Dark and light specks, as dust and sensor noise leave them. */
function speckle(canvas: Canvas, share: number, rng: Rng): void {
  const ctx = canvas.getContext('2d');
  const image = ctx.getImageData(0, 0, canvas.width, canvas.height);
  const pixels = canvas.width * canvas.height;
  for (let n = Math.round(pixels * share); n > 0; n--) {
    const at = Math.floor(rng.next() * pixels) * 4;
    const value = rng.chance(0.5) ? rng.int(0, 90) : rng.int(200, 255);
    image.data[at] = image.data[at + 1] = image.data[at + 2] = value;
  }
  ctx.putImageData(image, 0, 0);
}
