import type { LaidPage } from '../corpus/layout.js';
import type { Box } from './layout-document.js';
import type { LayoutFont } from './layout-font.js';

export type Align = 'left' | 'center' | 'right';

/** One page being drawn in points (the corpus's LaidPage): every text written answers its box, so the truth knows where values are. */
export class Sheet {
  readonly page: LaidPage;
  /** The colour texts and rules are written in from now on (a form's preprinted red, a printer's black); dark grey when unset. */
  ink: string | undefined;

  constructor(
    readonly font: LayoutFont,
    width: number,
    height: number,
  ) {
    this.page = { width, height, texts: [], lines: [] };
  }

  measure(text: string, size: number): number {
    return this.font.measure(text, size);
  }

  /** Writes a text with its left edge, centre or right edge at `x` and its baseline at `y`; answers its box. */
  text(text: string, x: number, y: number, size: number, align: Align = 'left'): Box {
    const width = this.measure(text, size);
    const left = align === 'left' ? x : align === 'center' ? x - width / 2 : x - width;
    if (text !== '') this.page.texts.push({ x: left, y, size, text, ...(this.ink ? { color: this.ink } : {}) });
    return [left, y - size * this.font.ascent, left + width, y + size * this.font.descent];
  }

  /** The box of `part` (its first place from `from` on) inside a text written at `box`: where a value sits inside a longer run. */
  part(box: Box, text: string, part: string, size: number, from = 0): Box {
    const at = text.indexOf(part, from);
    if (at < 0 || part === '') throw new Error(`"${part}" is not in "${text}"`);
    const left = box[0] + this.measure(text.slice(0, at), size);
    return [left, box[1], left + this.measure(part, size), box[3]];
  }

  rule(x1: number, y1: number, x2: number, y2: number): void {
    this.page.lines.push({ x1, y1, x2, y2, ...(this.ink ? { color: this.ink } : {}) });
  }

  frame(left: number, top: number, right: number, bottom: number): void {
    this.rule(left, top, right, top);
    this.rule(right, top, right, bottom);
    this.rule(right, bottom, left, bottom);
    this.rule(left, bottom, left, top);
  }

  /** Breaks a text at spaces into lines no wider than `width` (a word longer than that stays whole). */
  wrap(text: string, size: number, width: number): string[] {
    const out: string[] = [];
    for (const word of text.split(' ')) {
      const last = out.at(-1);
      if (last !== undefined && this.measure(`${last} ${word}`, size) <= width) out[out.length - 1] = `${last} ${word}`;
      else out.push(word);
    }
    return out;
  }
}
