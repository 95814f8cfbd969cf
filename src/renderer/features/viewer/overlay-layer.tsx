import { useMemo, useState, type MouseEvent } from 'react';
import type { FileSession } from './file-session';
import { toPage, type PageFrame, type PageView } from './geometry';
import { boxListOf, sameTarget, type OverlayBox, type OverlayTarget } from './overlay-boxes';
import { boxAt } from './overlay-hit';
import { overlayPaths } from './overlay-paths';

interface OverlayLayerProps {
  boxes: readonly OverlayBox[];
  frame: PageFrame;
  view: PageView;
  focus: OverlayTarget | null;
  hover: OverlayTarget | null;
  session: FileSession;
  onPick: (target: OverlayTarget) => void;
}

function lookClass({ kind, tone }: Pick<OverlayBox, 'kind' | 'tone'>): string {
  return `overlay-box kind-${kind} tone-${tone}`;
}

/**
 * Every box of the page in one SVG in page pixels, scaled with the page (zooming moves no box).
 * The boxes of one look are one path (500 elements cost more to style and lay out than drawing the
 * page), so the box under the pointer is found by geometry. The focused and hovered boxes are drawn
 * again on top. The layer lists every box's page rect in data-boxes, for tests and tools; the field
 * list stays the keyboard's way to every box.
 */
export function OverlayLayer({ boxes, frame, view, focus, hover, session, onPick }: OverlayLayerProps) {
  const paths = useMemo(() => overlayPaths(boxes), [boxes]);
  const list = useMemo(() => boxListOf(boxes), [boxes]);
  const lit = useMemo(() => boxes.filter((box) => sameTarget(box.target, focus ?? undefined) || sameTarget(box.target, hover ?? undefined)), [boxes, focus, hover]);
  const [pointedId, setPointedId] = useState<string | undefined>(undefined);
  const pointed = pointedId === undefined ? undefined : boxes.find((box) => box.id === pointedId);

  const boxUnder = (event: MouseEvent<SVGSVGElement>) => {
    // The layer's screen box is the page as shown, turned and scaled.
    const bounds = event.currentTarget.getBoundingClientRect();
    return boxAt(boxes, toPage({ x: event.clientX - bounds.left, y: event.clientY - bounds.top }, frame, view));
  };
  const point = (box: OverlayBox | undefined) => {
    if (box?.id === pointedId) return;
    setPointedId(box?.id);
    session.store.set({ hover: box?.target ?? null });
  };

  return (
    <svg
      className={`overlay-layer${pointed?.target ? ' pickable' : ''}`}
      viewBox={`0 0 ${frame.width} ${frame.height}`}
      preserveAspectRatio="none"
      data-testid="overlay-layer"
      data-boxes={list}
      onClick={(event) => {
        const target = boxUnder(event)?.target;
        if (target) onPick(target);
      }}
      onMouseMove={(event) => point(boxUnder(event))}
      onMouseLeave={() => point(undefined)}
    >
      {/* Text only: a label is the document's own text. */}
      {pointed?.label ? <title>{pointed.label}</title> : null}
      {paths.map((path) => (
        <path key={`${path.kind} ${path.tone}`} className={lookClass(path)} d={path.d} />
      ))}
      <g className="overlay-lit">
        {lit.map((box) => (
          <rect key={box.id} className={`${lookClass(box)} active`} x={box.rect.left} y={box.rect.top} width={box.rect.width} height={box.rect.height} data-testid={`overlay-lit-${box.id}`} />
        ))}
      </g>
    </svg>
  );
}
