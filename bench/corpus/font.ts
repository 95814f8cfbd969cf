import { readFileSync } from 'node:fs';
import fontkit from '@pdf-lib/fontkit';

/** Debian's fonts-noto-cjk: a collection (.ttc) of which pdf-lib needs one face as a plain OpenType file. */
export const CJK_COLLECTION = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
const SIMPLIFIED_CHINESE_FACE = 'NotoSansCJKsc-Regular';

export interface CorpusFont {
  /** The Simplified Chinese face (with Latin glyphs) as an OpenType file. */
  bytes: Uint8Array;
  family: string;
  /** Advance width of a text in points at a font size. */
  measure(text: string, size: number): number;
}

let loaded: CorpusFont | undefined;

export function corpusFont(): CorpusFont {
  if (loaded) return loaded;
  let collection: Buffer;
  try {
    collection = readFileSync(CJK_COLLECTION);
  } catch {
    throw new Error(`the corpus needs the Noto CJK fonts (${CJK_COLLECTION}): apt-get install -y fonts-noto-cjk`);
  }
  const bytes = faceOfCollection(collection, SIMPLIFIED_CHINESE_FACE);
  const font = fontkit.create(Buffer.from(bytes));
  const widths = new Map<string, number>();
  const measure = (text: string, size: number) => {
    let width = widths.get(text);
    if (width === undefined) {
      width = font.layout(text).advanceWidth / font.unitsPerEm;
      widths.set(text, width);
    }
    return width * size;
  };
  loaded = { bytes, family: 'Docket Corpus CJK', measure };
  return loaded;
}

/** One face of a TrueType/OpenType collection, copied out as a standalone font file (tables re-laid, 4-byte aligned). */
export function faceOfCollection(collection: Buffer, postscriptName: string): Uint8Array {
  if (collection.toString('latin1', 0, 4) !== 'ttcf') return new Uint8Array(collection);
  const faces = collection.readUInt32BE(8);
  for (let index = 0; index < faces; index++) {
    const face = copyFace(collection, collection.readUInt32BE(12 + 4 * index));
    if ((fontkit.create(Buffer.from(face)) as { postscriptName?: string }).postscriptName === postscriptName) return face;
  }
  throw new Error(`${postscriptName} is not in the font collection`);
}

function copyFace(collection: Buffer, offset: number): Uint8Array {
  const count = collection.readUInt16BE(offset + 4);
  const tables = Array.from({ length: count }, (_, i) => {
    const record = offset + 12 + 16 * i;
    return { record, at: collection.readUInt32BE(record + 8), length: collection.readUInt32BE(record + 12) };
  });
  let position = 12 + 16 * count;
  const placed = tables.map((t) => {
    const at = position;
    position += Math.ceil(t.length / 4) * 4;
    return { ...t, newAt: at };
  });
  const out = Buffer.alloc(position);
  collection.copy(out, 0, offset, offset + 12);
  placed.forEach((t, i) => {
    collection.copy(out, 12 + 16 * i, t.record, t.record + 8);
    out.writeUInt32BE(t.newAt, 12 + 16 * i + 8);
    out.writeUInt32BE(t.length, 12 + 16 * i + 12);
    collection.copy(out, t.newAt, t.at, t.at + t.length);
  });
  return new Uint8Array(out);
}
