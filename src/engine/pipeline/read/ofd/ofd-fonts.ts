import { createHash } from 'node:crypto';
import { GlobalFonts } from '@napi-rs/canvas';
import type { OfdFont } from './ofd-document.js';

/** Embedded font programs registered in this process, by content hash: the family name each got. */
const registered = new Map<string, string | null>();
/** The same by the program's bytes as unpacked, so that a font is hashed once per package, not once per text object drawn. */
const byFile = new WeakMap<Uint8Array, string | null>();

// Fonts OFD names without embedding them, mapped to the CJK families installed with the engine.
const SYSTEM_FAMILIES: [RegExp, string][] = [
  [/黑|hei|sans|arial|helvetica|微软雅黑|yahei/i, '"Noto Sans CJK SC"'],
  [/courier|mono/i, 'monospace'],
  [/宋|song|仿宋|fangsong|楷|kai|serif|times|roman/i, '"Noto Serif CJK SC"'],
];

/**
 * The CSS family list to draw a font with: the embedded TrueType/OpenType program when the package
 * carries one that loads (registered once per process under a name of its own), else the nearest
 * installed family, and a CJK family last so that no glyph is left out.
 */
export function fontFamilyOf(font: OfdFont | undefined): string {
  const embedded = font?.file && registerEmbedded(font.file);
  const named = `${font?.family ?? ''} ${font?.name ?? ''}`;
  const system = SYSTEM_FAMILIES.find(([pattern]) => pattern.test(named))?.[1] ?? '"Noto Sans CJK SC"';
  return [embedded && `"${embedded}"`, system, '"Noto Sans CJK SC"', 'sans-serif'].filter(Boolean).join(', ');
}

function registerEmbedded(file: Uint8Array): string | null {
  let family = byFile.get(file);
  if (family === undefined) byFile.set(file, (family = registerByHash(file)));
  return family;
}

function registerByHash(file: Uint8Array): string | null {
  const hash = createHash('sha1').update(file).digest('hex').slice(0, 16);
  if (!registered.has(hash)) {
    const family = `ofd-${hash}`;
    // register() answers null for a program Skia cannot load (bare CFF, damaged): then the named family is used.
    registered.set(hash, GlobalFonts.register(Buffer.from(file.buffer, file.byteOffset, file.byteLength), family) ? family : null);
  }
  return registered.get(hash) ?? null;
}
