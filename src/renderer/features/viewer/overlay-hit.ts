// Which box is under a point of the page: the boxes are drawn as a few paths, so clicks and hovers are told by geometry. Pure.
import type { Point, Rect } from './geometry';
import type { OverlayBox } from './overlay-boxes';

function holds(rect: Rect, point: Point): boolean {
  return point.x >= rect.left && point.x <= rect.left + rect.width && point.y >= rect.top && point.y <= rect.top + rect.height;
}

function area(rect: Rect): number {
  return rect.width * rect.height;
}

/** Fields first, then editable cells, then the rest: a box the clerk can act on wins over a stamp or a table's cell drawn over it. */
function rank(box: OverlayBox): number {
  if (box.kind === 'field') return 0;
  return box.target ? 1 : 2;
}

/** The box under a page point: of those holding it, the first by rank, then the smallest (a box inside another stays reachable). */
export function boxAt(boxes: readonly OverlayBox[], point: Point): OverlayBox | undefined {
  let best: OverlayBox | undefined;
  for (const box of boxes) {
    if (!holds(box.rect, point)) continue;
    if (best === undefined || rank(box) < rank(best) || (rank(box) === rank(best) && area(box.rect) < area(best.rect))) best = box;
  }
  return best;
}
