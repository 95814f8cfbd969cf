import type { OfdDocument, OfdFont, OfdMedia, OfdPage, OfdResources } from './ofd-document.js';
import { boxOf } from './ofd-document.js';
import { childOf, childrenOf, type XmlElement } from '../../../../shared-node/xml/xml-element.js';

/** [a b c d e f]: x' = a x + c y + e, y' = b x + d y + f (OFD's CTM order). */
export type Matrix = [number, number, number, number, number, number];
export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** `first` applied, then `then`. */
export function multiply(first: Matrix, then: Matrix): Matrix {
  const [a, b, c, d, e, f] = first;
  const [A, B, C, D, E, F] = then;
  return [a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F];
}

export function applyMatrix(m: Matrix, x: number, y: number): [number, number] {
  return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
}

/** A glyph's origin on the baseline and its advance, in the object's own coordinates. */
export type OfdGlyph = { char: string; x: number; y: number; advance: number };

type Common = { id: string; matrix: Matrix; alpha: number; origin: 'template' | 'page' | 'annotation' };
export type OfdText = Common & { kind: 'text'; glyphs: OfdGlyph[]; font: OfdFont | undefined; size: number; fill: string | undefined; stroke: string | undefined; lineWidth: number; bold: boolean; italic: boolean };
export type OfdPath = Common & { kind: 'path'; data: string; fill: string | undefined; stroke: string | undefined; lineWidth: number; evenOdd: boolean };
export type OfdImage = Common & { kind: 'image'; media: OfdMedia };
export type OfdObject = OfdText | OfdPath | OfdImage;

type Style = { fill: string | undefined; stroke: string | undefined; lineWidth: number | undefined };
type Scope = { matrix: Matrix; drawParam: string | undefined; origin: Common['origin']; depth: number };

// Composite units may nest; a unit that (directly or not) contains itself stops here.
const MAX_DEPTH = 8;
const DEFAULT_LINE_WIDTH = 0.353;

/** Every object of a page in drawing order, placed in the page's millimetre space. */
export function pageObjects(doc: OfdDocument, page: OfdPage): OfdObject[] {
  const out: OfdObject[] = [];
  const origin: Matrix = [1, 0, 0, 1, -page.box[0], -page.box[1]];
  for (const layer of page.layers) walkBlock(doc.resources, layer.content, { matrix: origin, drawParam: undefined, origin: layer.background ? 'template' : 'page', depth: 0 }, out);
  for (const annot of page.annotations) {
    const appearance = childOf(annot, 'Appearance');
    const [x, y] = boxOf(appearance?.attrs.Boundary) ?? [0, 0];
    if (appearance) walkBlock(doc.resources, appearance, { matrix: multiply([1, 0, 0, 1, x, y], origin), drawParam: undefined, origin: 'annotation', depth: 0 }, out);
  }
  return out;
}

function walkBlock(res: OfdResources, block: XmlElement, scope: Scope, out: OfdObject[]): void {
  for (const node of block.children) {
    const inner = { ...scope, drawParam: node.attrs.DrawParam ?? scope.drawParam };
    if (node.name === 'Layer' || node.name === 'PageBlock') walkBlock(res, node, inner, out);
    else if (node.name === 'TextObject') out.push(textObject(res, node, scope));
    else if (node.name === 'PathObject') out.push(pathObject(res, node, scope));
    else if (node.name === 'ImageObject') pushImage(res, node, scope, out);
    else if (node.name === 'CompositeObject') walkComposite(res, node, scope, out);
  }
}

function walkComposite(res: OfdResources, node: XmlElement, scope: Scope, out: OfdObject[]): void {
  const content = res.composites.get(node.attrs.ResourceID ?? '');
  if (!content || scope.depth >= MAX_DEPTH) return;
  walkBlock(res, content, { ...scope, matrix: objectMatrix(node, scope.matrix), depth: scope.depth + 1 }, out);
}

/** The object's own space: its CTM, then its Boundary's corner, then the enclosing space. */
function objectMatrix(node: XmlElement, outer: Matrix): Matrix {
  const [x, y] = boxOf(node.attrs.Boundary) ?? [0, 0];
  const ctm = (node.attrs.CTM ?? '').trim().split(/[\s,]+/).map(Number);
  const local: Matrix = ctm.length === 6 && ctm.every(Number.isFinite) ? (ctm as Matrix) : IDENTITY;
  return multiply(multiply(local, [1, 0, 0, 1, x, y]), outer);
}

function common(node: XmlElement, scope: Scope): Common {
  return { id: node.attrs.ID ?? '', matrix: objectMatrix(node, scope.matrix), alpha: node.attrs.Alpha === undefined ? 1 : Number(node.attrs.Alpha) / 255, origin: scope.origin };
}

function textObject(res: OfdResources, node: XmlElement, scope: Scope): OfdText {
  const style = styleOf(res, node, scope.drawParam);
  const size = Number(node.attrs.Size) || 3.5;
  const fill = node.attrs.Fill === 'false' ? undefined : (style.fill ?? 'rgba(0,0,0,1)');
  const stroke = node.attrs.Stroke === 'true' ? (style.stroke ?? 'rgba(0,0,0,1)') : undefined;
  const weight = Number(node.attrs.Weight ?? 400);
  return { ...common(node, scope), kind: 'text', glyphs: glyphsOf(childrenOf(node, 'TextCode'), size), font: res.fonts.get(node.attrs.Font ?? ''), size, fill, stroke, lineWidth: style.lineWidth ?? DEFAULT_LINE_WIDTH, bold: weight >= 600, italic: node.attrs.Italic === 'true' };
}

function pathObject(res: OfdResources, node: XmlElement, scope: Scope): OfdPath {
  const style = styleOf(res, node, scope.drawParam);
  return {
    ...common(node, scope),
    kind: 'path',
    data: childOf(node, 'AbbreviatedData')?.text ?? '',
    fill: node.attrs.Fill === 'true' ? (style.fill ?? 'rgba(0,0,0,0)') : undefined,
    stroke: node.attrs.Stroke === 'false' ? undefined : (style.stroke ?? 'rgba(0,0,0,1)'),
    lineWidth: style.lineWidth ?? DEFAULT_LINE_WIDTH,
    evenOdd: node.attrs.Rule === 'Even-Odd',
  };
}

function pushImage(res: OfdResources, node: XmlElement, scope: Scope, out: OfdObject[]): void {
  const media = res.media.get(node.attrs.ResourceID ?? '');
  if (media) out.push({ ...common(node, scope), kind: 'image', media });
}

/** The draw parameters that apply: the layer's, the object's, then what the object itself says. */
function styleOf(res: OfdResources, node: XmlElement, inherited: string | undefined): Style {
  const style: Style = { fill: undefined, stroke: undefined, lineWidth: undefined };
  for (const source of [...drawParamChain(res, inherited), ...drawParamChain(res, node.attrs.DrawParam), node]) {
    style.fill = colorOf(childOf(source, 'FillColor')) ?? style.fill;
    style.stroke = colorOf(childOf(source, 'StrokeColor')) ?? style.stroke;
    if (source.attrs.LineWidth !== undefined && Number.isFinite(Number(source.attrs.LineWidth))) style.lineWidth = Number(source.attrs.LineWidth);
  }
  return style;
}

/** A draw parameter after the ones it is relative to (outermost first), at most a few deep. */
function drawParamChain(res: OfdResources, id: string | undefined): XmlElement[] {
  const chain: XmlElement[] = [];
  for (let param = id ? res.drawParams.get(id) : undefined; param && chain.length < MAX_DEPTH; param = res.drawParams.get(param.attrs.Relative ?? '')) chain.unshift(param);
  return chain;
}

/** A colour as CSS: gray, RGB or CMYK by the number of components, each 0-255 (or #hex). */
export function colorOf(node: XmlElement | undefined): string | undefined {
  if (!node || node.attrs.Value === undefined) return undefined;
  const values = node.attrs.Value.trim().split(/\s+/).map((v) => (v.startsWith('#') ? parseInt(v.slice(1), 16) : Number(v)));
  if (!values.every(Number.isFinite)) return undefined;
  const alpha = node.attrs.Alpha === undefined ? 1 : Number(node.attrs.Alpha) / 255;
  const [r, g, b] = values.length === 1 ? [values[0]!, values[0]!, values[0]!] : values.length === 4 ? cmykToRgb(values) : [values[0]!, values[1] ?? 0, values[2] ?? 0];
  return `rgba(${r},${g},${b},${alpha})`;
}

function cmykToRgb([c, m, y, k]: number[]): [number, number, number] {
  const ink = (v: number) => Math.round(255 * (1 - v! / 255) * (1 - k! / 255));
  return [ink(c!), ink(m!), ink(y!)];
}

/** The glyphs of an object's TextCodes; a TextCode without X or Y goes on from where the last one ended. */
export function glyphsOf(codes: readonly XmlElement[], size: number): OfdGlyph[] {
  const glyphs: OfdGlyph[] = [];
  let [x, y] = [0, 0];
  for (const code of codes) {
    x = code.attrs.X === undefined ? x : Number(code.attrs.X);
    y = code.attrs.Y === undefined ? y : Number(code.attrs.Y);
    const chars = Array.from(code.text);
    const [dx, dy] = [deltas(code.attrs.DeltaX), deltas(code.attrs.DeltaY)];
    chars.forEach((char, i) => {
      // The step to the next glyph is DeltaX as written (it may go back); the glyph's own width never is.
      const step = dx[i] ?? naturalAdvance(char, size);
      glyphs.push({ char, x, y, advance: step > 0 ? step : naturalAdvance(char, size) });
      x += step;
      y += dy[i] ?? 0;
    });
  }
  return glyphs;
}

/** DeltaX/DeltaY: numbers, where "g N v" stands for N times v. */
export function deltas(text: string | undefined): number[] {
  const tokens = (text ?? '').trim().split(/\s+/).filter(Boolean);
  const out: number[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i] === 'g') {
      const [count, value] = [Number(tokens[i + 1]), Number(tokens[i + 2])];
      for (let k = 0; k < Math.min(count, 100_000); k++) out.push(value);
      i += 2;
    } else out.push(Number(tokens[i]));
  }
  return out.map((v) => (Number.isFinite(v) ? v : 0));
}

// Without a DeltaX the font's own advance applies: a full em for CJK and full-width forms, about half otherwise.
function naturalAdvance(char: string, size: number): number {
  return char.codePointAt(0)! >= 0x2e80 ? size : size * 0.5;
}
