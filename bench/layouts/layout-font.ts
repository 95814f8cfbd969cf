import { existsSync, readFileSync } from 'node:fs';
import fontkit from '@pdf-lib/fontkit';
import { CJK_COLLECTION, corpusFont, faceOfCollection, type CorpusFont } from '../corpus/font.js';

/** A font a layout is set in: the corpus font's interface, plus its vertical metrics (shares of the size) for boxes. */
export interface LayoutFont extends CorpusFont {
  ascent: number;
  descent: number;
  /** It has Chinese glyphs. */
  cjk: boolean;
}

// System faces, used where Debian's packages installed them (fonts-dejavu-core, fonts-noto-cjk): a
// machine without one generates its families in the others, so the list of fonts is part of a seed's input.
const SYSTEM_FACES = [
  { name: 'DejaVu Sans', file: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', cjk: false },
  { name: 'DejaVu Serif', file: '/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf', cjk: false },
  { name: 'DejaVu Sans Condensed', file: '/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed.ttf', cjk: false },
  { name: 'DejaVu Sans Mono', file: '/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf', cjk: false },
  { name: 'Noto Serif CJK SC', file: CJK_COLLECTION.replace('Sans', 'Serif'), face: 'NotoSerifCJKsc-Regular', cjk: true },
] as const;

const loaded = new Map<string, LayoutFont>();

/**
 * The font with its vertical metrics, measuring as pdf-lib draws: each glyph's own advance, without
 * the kerning fontkit's layout adds (pdf-lib writes no kerning), so that a box ends where its text does.
 */
function layoutFontOf(bytes: Uint8Array, name: string, cjk: boolean): LayoutFont {
  const face = fontkit.create(Buffer.from(bytes));
  const widths = new Map<string, number>();
  const measure = (text: string, size: number) => {
    if (!widths.has(text)) widths.set(text, face.layout(text).glyphs.reduce((sum, glyph) => sum + glyph.advanceWidth, 0) / face.unitsPerEm);
    return widths.get(text)! * size;
  };
  return { bytes, family: `Docket Layout ${name}`, measure, ascent: face.ascent / face.unitsPerEm, descent: -face.descent / face.unitsPerEm, cjk };
}

function systemFont(face: (typeof SYSTEM_FACES)[number]): LayoutFont {
  const file = readFileSync(face.file);
  return layoutFontOf('face' in face ? faceOfCollection(file, face.face) : new Uint8Array(file), face.name, face.cjk);
}

/** The fonts installed here, by name: the corpus's Noto Sans CJK first, then the system faces found. */
export function layoutFonts(): LayoutFont[] {
  if (loaded.size === 0) {
    loaded.set('Noto Sans CJK SC', layoutFontOf(corpusFont().bytes, 'Noto Sans CJK SC', true));
    for (const face of SYSTEM_FACES) if (existsSync(face.file)) loaded.set(face.name, systemFont(face));
  }
  return [...loaded.values()];
}

/** The font of that name (as a truth file records it). */
export function layoutFont(name: string): LayoutFont {
  const font = layoutFonts().find((f) => f.family === `Docket Layout ${name}`);
  if (!font) throw new Error(`font ${name} is not installed here`);
  return font;
}

export const fontName = (font: LayoutFont) => font.family.replace('Docket Layout ', '');
