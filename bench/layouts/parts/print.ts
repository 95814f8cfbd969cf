import type { Box, DecoyKind } from '../layout-document.js';
import type { Align, Sheet } from '../sheet.js';
import type { TruthBuilder } from '../truth-builder.js';

/** A value a printed text holds: the field it is true for, the value as the key holds it, the characters that print it. */
export interface Mark {
  field: string;
  value: string | number | null;
  part: string;
  /** Where in the text to look for `part` (past a label that might hold the same characters). */
  from?: number;
}

/** A text to print with the values and decoys inside it, in the order they appear. */
export interface Printed {
  text: string;
  marks?: Mark[];
  decoys?: { what: DecoyKind; part: string }[];
}

/** A page and its truth, drawn together. */
export interface Page {
  sheet: Sheet;
  truth: TruthBuilder;
}

/** Prints a text and records the box of every value and decoy in it; answers the text's box. */
export function print(page: Page, line: Printed, x: number, y: number, size: number, align: Align = 'left'): Box {
  const { sheet, truth } = page;
  const box = sheet.text(line.text, x, y, size, align);
  let from = 0;
  for (const mark of line.marks ?? []) {
    if (mark.value === null || mark.part === '') continue;
    const start = Math.max(from, mark.from ?? 0);
    truth.field(mark.field, mark.value, { text: mark.part, box: sheet.part(box, line.text, mark.part, size, start) });
    from = line.text.indexOf(mark.part, start) + mark.part.length;
  }
  for (const decoy of line.decoys ?? []) truth.decoy(decoy.what, { text: decoy.part, box: sheet.part(box, line.text, decoy.part, size) });
  return box;
}

/** Prints lines one under another (a line wider than `maxWidth` set smaller to fit); answers the baseline a next line would take. */
export function printLines(page: Page, lines: readonly Printed[], x: number, y: number, size: number, pitch: number, align: Align = 'left', maxWidth = Infinity): number {
  const fitted = (text: string) => Math.min(size, (size * maxWidth) / Math.max(1, page.sheet.measure(text, size)));
  lines.forEach((line, i) => print(page, line, x, y + i * pitch, fitted(line.text), align));
  return y + lines.length * pitch;
}

/** Pieces run together into one text ("RCS Lyon B 512 345 678 · N° TVA FR12345678901"), each value still found in its own piece. */
export function joined(pieces: readonly Printed[], separator: string): Printed {
  let offset = 0;
  const marks: Mark[] = [];
  for (const piece of pieces) {
    marks.push(...(piece.marks ?? []).map((m) => ({ ...m, from: offset + (m.from ?? 0) })));
    offset += piece.text.length + separator.length;
  }
  return { text: pieces.map((p) => p.text).join(separator), marks, decoys: pieces.flatMap((p) => p.decoys ?? []) };
}

/** A text that is just one value. */
export const valueText = (field: string, value: string | number | null, text: string): Printed => ({ text, marks: [{ field, value, part: text }] });

