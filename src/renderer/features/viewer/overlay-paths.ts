// The boxes of a page drawn as one SVG path per look (kind and tone). Pure.
import type { ConfidenceTone } from './confidence';
import type { Rect } from './geometry';
import type { OverlayBox, OverlayKind } from './overlay-boxes';

/** Every box of one look as the subpaths of one path. */
export interface OverlayPath {
  kind: OverlayKind;
  tone: ConfidenceTone;
  d: string;
}

/** A rectangle as a closed subpath, drawn clockwise from its top-left corner. */
export function rectPath({ left, top, width, height }: Rect): string {
  return `M${left} ${top}h${width}v${height}h${-width}z`;
}

/**
 * One path per look, the looks in the order their first box comes (fields under cells, stamps and
 * the anchor, as the boxes are listed): a handful of elements to style and paint instead of one per box.
 */
export function overlayPaths(boxes: readonly OverlayBox[]): OverlayPath[] {
  const byLook = new Map<string, { kind: OverlayKind; tone: ConfidenceTone; parts: string[] }>();
  for (const box of boxes) {
    const look = `${box.kind} ${box.tone}`;
    const path = byLook.get(look) ?? { kind: box.kind, tone: box.tone, parts: [] };
    path.parts.push(rectPath(box.rect));
    byLook.set(look, path);
  }
  return [...byLook.values()].map(({ kind, tone, parts }) => ({ kind, tone, d: parts.join('') }));
}
