import { useLayoutEffect, useRef, type MouseEvent } from 'react';
import type { FileSession } from './file-session';
import type { PageFrame } from './geometry';
import { sameTarget, type OverlayBox, type OverlayTarget } from './overlay-boxes';

const SVG = 'http://www.w3.org/2000/svg';

interface OverlayLayerProps {
  boxes: readonly OverlayBox[];
  frame: PageFrame;
  focus: OverlayTarget | null;
  hover: OverlayTarget | null;
  session: FileSession;
  onPick: (target: OverlayTarget) => void;
}

/** A rect as laid, and what it was laid from (a box that did not change keeps its rect untouched). */
interface Laid {
  rect: SVGRectElement;
  drawn: string;
}

function drawnFrom(box: OverlayBox): string {
  return `${box.kind} ${box.tone} ${box.rect.left} ${box.rect.top} ${box.rect.width} ${box.rect.height} ${box.label}`;
}

function draw(rect: SVGRectElement, box: OverlayBox): void {
  const { left, top, width, height } = box.rect;
  rect.setAttribute('class', `overlay-box kind-${box.kind} tone-${box.tone}${box.target ? ' pickable' : ''}`);
  rect.setAttribute('x', String(left));
  rect.setAttribute('y', String(top));
  rect.setAttribute('width', String(width));
  rect.setAttribute('height', String(height));
  rect.setAttribute('data-testid', `overlay-${box.id}`);
  rect.setAttribute('data-box', `${left},${top},${width},${height}`);
}

/** One rect per box, in the boxes' order, reusing the rects of boxes that did not change. */
function lay(layer: SVGGElement, boxes: readonly OverlayBox[], before: ReadonlyMap<string, Laid>): Map<string, Laid> {
  const laid = new Map<string, Laid>();
  for (const box of boxes) {
    const kept = before.get(box.id);
    const drawn = drawnFrom(box);
    const rect = kept?.rect ?? document.createElementNS(SVG, 'rect');
    if (kept?.drawn !== drawn) {
      draw(rect, box);
      // The tooltip is made again when pointed at, from the new label.
      rect.replaceChildren();
    }
    laid.set(box.id, { rect, drawn });
  }
  const rects = [...laid.values()].map((l) => l.rect);
  if (rects.length !== layer.childElementCount || rects.some((rect, i) => layer.children[i] !== rect)) layer.replaceChildren(...rects);
  return laid;
}

/**
 * Every box of the page in one SVG in page pixels, scaled with the page (zooming moves no box).
 * The rects are laid by hand and share one set of handlers: 500 boxes as React components cost
 * more than drawing the page. Each rect keeps its test id and page box, for tests and tools.
 */
export function OverlayLayer({ boxes, frame, focus, hover, session, onPick }: OverlayLayerProps) {
  const all = useRef<SVGGElement>(null);
  const lit = useRef<SVGGElement>(null);
  const laid = useRef<Map<string, Laid>>(new Map());
  const byRect = useRef(new WeakMap<Element, OverlayBox>());

  useLayoutEffect(() => {
    if (!all.current) return;
    laid.current = lay(all.current, boxes, laid.current);
    const found = new WeakMap<Element, OverlayBox>();
    for (const box of boxes) found.set(laid.current.get(box.id)!.rect, box);
    byRect.current = found;
  }, [boxes]);

  useLayoutEffect(() => {
    if (!lit.current) return;
    const active = boxes.filter((box) => sameTarget(box.target, focus ?? undefined) || sameTarget(box.target, hover ?? undefined));
    for (const { rect } of laid.current.values()) rect.classList.toggle('active', false);
    // SVG paints in document order: the active boxes are drawn again last, over their neighbours (the copies take no clicks).
    lit.current.replaceChildren(
      ...active.map((box) => {
        const rect = laid.current.get(box.id)!.rect;
        rect.classList.add('active');
        const copy = rect.cloneNode(false) as SVGRectElement;
        copy.removeAttribute('data-testid');
        return copy;
      }),
    );
  }, [boxes, focus, hover]);

  const boxAt = (event: MouseEvent<SVGSVGElement>) => byRect.current.get(event.target as Element);
  return (
    <svg
      className="overlay-layer"
      viewBox={`0 0 ${frame.width} ${frame.height}`}
      preserveAspectRatio="none"
      onClick={(event) => {
        const target = boxAt(event)?.target;
        if (target) onPick(target);
      }}
      onMouseOver={(event) => {
        const box = boxAt(event);
        if (box?.label && event.target instanceof SVGRectElement && event.target.childElementCount === 0) {
          // Text only: a label is the document's own text.
          const title = document.createElementNS(SVG, 'title');
          title.textContent = box.label;
          event.target.appendChild(title);
        }
        session.store.set({ hover: box?.target ?? null });
      }}
      onMouseLeave={() => session.store.set({ hover: null })}
    >
      <g ref={all} />
      <g ref={lit} className="overlay-lit" />
    </svg>
  );
}
