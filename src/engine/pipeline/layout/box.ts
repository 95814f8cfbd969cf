import { rectVertices } from '../document/parsed-document.js';

// A page box as [left, top, right, bottom]; the parsed document keeps four corners, most steps need only this.
export type Box = [left: number, top: number, right: number, bottom: number];

export function boxOf(vertices: readonly number[]): Box {
  const xs = [vertices[0]!, vertices[2]!, vertices[4]!, vertices[6]!];
  const ys = [vertices[1]!, vertices[3]!, vertices[5]!, vertices[7]!];
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

export function verticesOf(box: Box): number[] {
  return rectVertices(box[0], box[1], box[2], box[3]);
}

export function unionOf(boxes: readonly Box[]): Box {
  return [Math.min(...boxes.map((b) => b[0])), Math.min(...boxes.map((b) => b[1])), Math.max(...boxes.map((b) => b[2])), Math.max(...boxes.map((b) => b[3]))];
}
