import { useEffect, useLayoutEffect, useMemo, useRef, useState, type WheelEvent } from 'react';
import { useTranslate } from '../../i18n/use-translate';
import { useStore } from '../../lib/store';
import type { FileSession } from './file-session';
import { fitScale, scrollAfterZoom, scrollToReveal, screenRectOf, surfaceTransform, turnedSize, zoomStep, type PageFrame, type PageView as View } from './geometry';
import { overlayBoxes, sameTarget, type OverlayTarget } from './overlay-boxes';
import { OverlayLayer } from './overlay-layer';
import { drawPage, pageDrawing } from './page-source';
import { sourcePageOf } from './source-pages';
import type { Box } from './proofreading';

const PAGE_MARGIN = 16;

/** The page frame of the current page: pages[] of the record, else the recognised text's page. */
export function usePageFrame(session: FileSession): PageFrame | undefined {
  const { file, page } = useStore(session.store, (s) => ({ file: s.file, page: s.page }));
  const recognised = useStore(session.texts.store, (s) => s.pages[page]);
  const info = file?.pages[page];
  if (info) return { width: info.width, height: info.height, angle: info.angle };
  return recognised ? { width: recognised.width, height: recognised.height, angle: recognised.angle } : undefined;
}

/** The shown page: drawn unturned on a canvas, overlay boxes on top, the whole sheet turned upright. */
export function PageView({ session, anchor, onPick }: { session: FileSession; anchor: Box | undefined; onPick: (target: OverlayTarget) => void }) {
  const t = useTranslate();
  const state = useStore(session.store);
  const frame = usePageFrame(session);
  const viewport = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [available, setAvailable] = useState({ width: 0, height: 0 });
  const [drawError, setDrawError] = useState<string | null>(null);
  /** The page is drawn at the current scale (a marker for tests and the benchmark). */
  const [drawn, setDrawn] = useState(false);

  useLayoutEffect(() => {
    const element = viewport.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setAvailable({ width: element.clientWidth - 2 * PAGE_MARGIN, height: element.clientHeight - 2 * PAGE_MARGIN }));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // The page space is already upright: only the clerk's own turn rotates the sheet.
  const rotation = state.turn;
  const scale = frame ? (state.scale ?? fitScale(frame, rotation, available, state.fit)) : 1;
  const view: View = { rotation, scale };
  const picture = useStore(session.pictures.store, (s) => s.pages[state.page]);
  const drawing = useMemo(() => (state.source ? pageDrawing(state.source, picture) : undefined), [state.source, picture]);
  const text = useStore(session.texts.store, (s) => s.pages[state.page]);
  // Recognised lines are drawn only when the page has no picture: other reloads do not redraw the page.
  const lines = drawing?.kind === 'text' ? text?.lines : undefined;
  const sourcePage = sourcePageOf(state.file, state.page);
  const fromPictures = state.source?.kind === 'pictures';

  useEffect(() => {
    if (!fromPictures) return;
    session.pictures.want(state.page);
    session.pictures.keepAround(state.page);
  }, [session, fromPictures, state.page]);

  // The page's text after the page itself, unless the frame or the drawing needs it.
  const needsText = drawn || drawing?.kind === 'text' || (state.file !== null && !frame);
  useEffect(() => {
    if (needsText) session.texts.want(state.page);
  }, [session, needsText, state.page]);

  useEffect(() => {
    if (session.store.get().shownScale !== scale) session.store.set({ shownScale: scale });
  }, [session, scale]);

  useEffect(() => {
    setDrawn(false);
    if (!frame || !drawing || !canvas.current || available.width <= 0) return;
    let live = true;
    const task = drawPage(drawing, canvas.current, { page: sourcePage, width: frame.width, height: frame.height, angle: frame.angle, scale, lines });
    task.done.then(
      () => {
        if (!live) return;
        setDrawError(null);
        setDrawn(true);
        // The pages either side, so that turning a page draws at once (two ahead: a picture can take longer to come than a page to read).
        if (fromPictures) void session.pictures.settleAround(state.page, state.file?.pages.length ?? 0);
      },
      (error: unknown) => live && setDrawError((error as Error).message),
    );
    return () => {
      live = false;
      task.cancel();
    };
  }, [drawing, sourcePage, frame?.width, frame?.height, frame?.angle, scale, lines, available.width]);

  const boxes = useMemo(
    () =>
      state.proof
        ? overlayBoxes({ draft: state.proof.draft, confidence: state.proof.confidence, data: state.file?.data, anchor }).filter((b) => b.page === state.page && state.layers[b.kind])
        : [],
    [state.proof, state.file?.data, anchor, state.page, state.layers],
  );

  // Bring the focused field's box (or the anchor) into view.
  const focusBox = boxes.find((b) => sameTarget(b.target, state.focus ?? undefined)) ?? boxes.find((b) => b.kind === 'anchor');
  useEffect(() => {
    const element = viewport.current;
    if (!frame || !focusBox || !element) return;
    const { left, top, width, height } = focusBox.rect;
    const rect = screenRectOf([left, top, left + width, top, left + width, top + height, left, top + height], frame, view);
    if (!rect) return;
    const target = scrollToReveal({ ...rect, left: rect.left + PAGE_MARGIN, top: rect.top + PAGE_MARGIN }, { scrollLeft: element.scrollLeft, scrollTop: element.scrollTop, width: element.clientWidth, height: element.clientHeight });
    element.scrollTo({ left: target.x, top: target.y });
  }, [focusBox?.id, scale, rotation]);

  const onWheel = (event: WheelEvent<HTMLDivElement>) => {
    const element = viewport.current;
    if (!event.ctrlKey || !element) return;
    event.preventDefault();
    const next = zoomStep(scale, event.deltaY < 0 ? 1 : -1);
    const bounds = element.getBoundingClientRect();
    const scroll = scrollAfterZoom({ x: element.scrollLeft, y: element.scrollTop }, { x: event.clientX - bounds.left, y: event.clientY - bounds.top }, scale, next);
    session.store.set({ scale: next });
    requestAnimationFrame(() => element.scrollTo({ left: scroll.x, top: scroll.y }));
  };

  const size = frame ? turnedSize(frame, rotation) : undefined;
  return (
    <div className={`page-viewport${frame ? '' : ' empty'}`} ref={viewport} onWheel={onWheel} data-testid="page-viewport">
      {!frame || !size ? (
        state.file ? t('viewer.noPages') : t('common.loading')
      ) : (
      <div className="page-sheet" style={{ width: size.width * scale, height: size.height * scale, margin: PAGE_MARGIN }} data-testid="page-sheet" data-scale={scale} data-rotation={rotation} data-page={`${frame.width},${frame.height},${frame.angle}`} data-drawn={drawn} data-drawn-from={drawing?.kind ?? 'nothing'}>
        <div className="page-surface" style={{ width: frame.width * scale, height: frame.height * scale, transform: surfaceTransform(frame, view) }}>
          <canvas ref={canvas} className="page-canvas" aria-label={t('viewer.pageImage', { page: state.page + 1 })} hidden={!drawing} />
          {fromPictures && !drawing ? (
            <p className="page-placeholder" data-testid="page-placeholder">
              {t('viewer.pictureDownloading')}
            </p>
          ) : null}
          <OverlayLayer boxes={boxes} frame={frame} view={view} focus={state.focus} hover={state.hover} session={session} onPick={onPick} />
        </div>
      </div>
      )}
      {drawError ? <p className="muted page-note">{t('viewer.cannotShowPage', { reason: drawError })}</p> : null}
      {picture?.state === 'unavailable' ? (
        <p className="page-note tone-warn" role="note" data-testid="page-note">
          {picture.pending ? t('viewer.pictureOffline') : t('viewer.pictureNone', { reason: picture.reason })}
        </p>
      ) : null}
    </div>
  );
}
