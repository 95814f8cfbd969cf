import type { Block, GeneratedDocument } from './document-model.js';
import type { CorpusFont } from './font.js';

/** Text placed on a page: x from the left, y the baseline from the top, in points. */
export interface PlacedText {
  x: number;
  y: number;
  size: number;
  text: string;
  /** A CSS colour; dark grey ink unless given (a form's red ink). */
  color?: string;
}

export interface PlacedLine {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  color?: string;
}

/** A red oval seal stamped over the page (its box in points): its owner's name round the top, a star, a line under it. */
export interface PlacedSeal {
  box: [number, number, number, number];
  around: string;
  below: string;
}

export interface LaidPage {
  width: number;
  height: number;
  texts: PlacedText[];
  lines: PlacedLine[];
  /** Drawn by the scan renderer only: a PDF's seal is a picture (bench/layouts/seal-stamp.ts). */
  seals?: PlacedSeal[];
}

interface Style {
  margin: number;
  body: number;
  title: number;
}

const A4_STYLE: Style = { margin: 50, body: 10.5, title: 18 };
const SLIP_STYLE: Style = { margin: 16, body: 9, title: 13 };
const LINE_PITCH = 1.7;
const ROW_PITCH = 2;

/** Places a document's blocks on pages; a till slip is one page as long as its content. */
export function layOut(document: GeneratedDocument, font: CorpusFont): LaidPage[] {
  const slip = document.page.width < 400;
  const flow = new Flow(document.page, slip ? SLIP_STYLE : A4_STYLE, font);
  for (const block of document.blocks) flow.place(block);
  return flow.finish(slip);
}

class Flow {
  private readonly pages: LaidPage[] = [];
  private page!: LaidPage;
  private y = 0;

  constructor(
    private readonly size: { width: number; height: number },
    private readonly style: Style,
    private readonly font: CorpusFont,
  ) {
    this.newPage();
  }

  private get contentWidth(): number {
    return this.size.width - 2 * this.style.margin;
  }

  private newPage(): void {
    this.page = { width: this.size.width, height: this.size.height, texts: [], lines: [] };
    this.pages.push(this.page);
    this.y = this.style.margin;
  }

  /** Room for one more line of this pitch, else a new page. */
  private ensure(pitch: number): boolean {
    if (this.y + pitch <= this.size.height - this.style.margin) return false;
    this.newPage();
    return true;
  }

  private text(x: number, text: string, size = this.style.body): void {
    if (text !== '') this.page.texts.push({ x, y: this.y, size, text });
  }

  place(block: Block): void {
    if (block.kind === 'title') return this.title(block.text);
    if (block.kind === 'pairs') return this.pairs(block);
    if (block.kind === 'table') return this.table(block);
    return this.paragraph(block.text);
  }

  private title(text: string): void {
    const size = this.style.title;
    this.y += size;
    this.text((this.size.width - this.font.measure(text, size)) / 2, text, size);
    this.y += size;
  }

  private pairs(block: Extract<Block, { kind: 'pairs' }>): void {
    const size = this.style.body;
    const columnWidth = this.contentWidth / block.columns;
    const labelWidth = Math.max(...block.pairs.map(([label]) => this.font.measure(label, size))) + 2 * size;
    for (let i = 0; i < block.pairs.length; i += block.columns) {
      this.ensure(size * LINE_PITCH);
      this.y += size * LINE_PITCH;
      block.pairs.slice(i, i + block.columns).forEach(([label, value], c) => {
        const x = this.style.margin + c * columnWidth;
        if (block.style === 'colon') return this.text(x, `${label}${/[\u4e00-\u9fff）)]$/u.test(label) ? '：' : ': '}${value}`);
        this.text(x, label);
        this.text(x + labelWidth, value);
      });
    }
    this.y += size * 0.6;
  }

  private table(block: Extract<Block, { kind: 'table' }>): void {
    const size = this.style.body;
    const pitch = size * ROW_PITCH;
    const total = block.widths.reduce((a, b) => a + b, 0);
    const edges = block.widths.reduce<number[]>((acc, w) => [...acc, acc[acc.length - 1]! + (w / total) * this.contentWidth], [this.style.margin]);
    const row = (cells: readonly string[]) => {
      const top = this.y;
      this.y += pitch;
      const baseline = this.y - pitch * 0.3;
      cells.forEach((cell, i) => {
        const width = this.font.measure(cell, size);
        const x = block.align[i] === 'right' ? edges[i + 1]! - 4 - width : edges[i]! + 4;
        if (cell !== '') this.page.texts.push({ x, y: baseline, size, text: cell });
      });
      if (block.ruled) {
        this.page.lines.push({ x1: edges[0]!, y1: top, x2: edges[edges.length - 1]!, y2: top }, { x1: edges[0]!, y1: this.y, x2: edges[edges.length - 1]!, y2: this.y });
        for (const x of edges) this.page.lines.push({ x1: x, y1: top, x2: x, y2: this.y });
      }
    };
    this.ensure(pitch * 2);
    this.y += size * 0.5;
    row(block.headers);
    for (const cells of [...block.rows, ...(block.summary ? [block.summary] : [])]) {
      if (this.ensure(pitch) && block.repeatHeader) row(block.headers);
      row(cells);
    }
    this.y += size * 0.8;
  }

  private paragraph(text: string): void {
    const size = this.style.body;
    for (const line of this.wrap(text, size)) {
      this.ensure(size * LINE_PITCH);
      this.y += size * LINE_PITCH;
      this.text(this.style.margin, line);
    }
    this.y += size * 0.6;
  }

  /** Lines that fit the width: English broken at spaces, Chinese anywhere. */
  private wrap(text: string, size: number): string[] {
    const tokens = text.match(/[\u3000-\u9fff\uff00-\uffef]|[^\s\u3000-\u9fff\uff00-\uffef]+\s*|\s+/gu) ?? [];
    const lines: string[] = [];
    let line = '';
    for (const token of tokens) {
      if (line !== '' && this.font.measure((line + token).trimEnd(), size) > this.contentWidth) {
        lines.push(line.trimEnd());
        line = token.trimStart();
      } else line += token;
    }
    if (line.trim() !== '') lines.push(line.trimEnd());
    return lines;
  }

  finish(fitHeight: boolean): LaidPage[] {
    if (fitHeight) for (const page of this.pages) page.height = Math.ceil(this.y + this.style.margin);
    return this.pages;
  }
}
