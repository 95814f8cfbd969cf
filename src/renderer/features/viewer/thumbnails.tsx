import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslate } from '../../i18n/use-translate';
import { useStore } from '../../lib/store';
import type { FileSession } from './file-session';
import { settledAround } from './page-pictures';
import { drawPage, pageDrawing } from './page-source';
import { sourcePageOf } from './source-pages';

const THUMB_WIDTH = 88;

/** Small pages down the side; each is drawn only once it scrolls into view. */
export function Thumbnails({ session, count }: { session: FileSession; count: number }) {
  const t = useTranslate();
  const page = useStore(session.store, (s) => s.page);
  if (count <= 1) return null;
  return (
    <nav className="thumbnails" aria-label={t('viewer.thumbnails')}>
      {Array.from({ length: count }, (_, index) => (
        <button type="button" key={index} className={index === page ? 'current' : ''} aria-current={index === page ? 'page' : undefined} onClick={() => session.store.set({ page: index })} aria-label={t('viewer.pageShort', { page: index + 1 })}>
          <Thumbnail session={session} index={index} />
          <span>{index + 1}</span>
        </button>
      ))}
    </nav>
  );
}

/** One page drawn small, once it scrolls into view (the split strips show the same). */
export function Thumbnail({ session, index, size = THUMB_WIDTH }: { session: FileSession; index: number; size?: number }) {
  const text = useStore(session.texts.store, (s) => s.pages[index]);
  const { source, width, height, angle, page, framed, loaded } = useStore(session.store, (s) => {
    const info = s.file?.pages[index] ?? text;
    return { source: s.source, width: info?.width ?? 0, height: info?.height ?? 0, angle: info?.angle ?? 0, page: sourcePageOf(s.file, index), framed: s.file?.pages[index] !== undefined, loaded: s.file !== null };
  });
  const picture = useStore(session.pictures.store, (s) => s.pages[index]);
  // The shown page's picture and those either side are asked for first: thumbnails wait until they are settled (a burst of thumbnail decodes would hold up the next page).
  const { shown, count } = useStore(session.store, (s) => ({ shown: s.page, count: s.file?.pages.length ?? 0 }));
  const shownSettled = useStore(session.pictures.store, (s) => settledAround(s.pages, shown, count));
  const drawing = useMemo(() => (source ? pageDrawing(source, picture) : undefined), [source, picture]);
  const lines = drawing?.kind === 'text' ? text?.lines : undefined;
  const canvas = useRef<HTMLCanvasElement>(null);
  const [visible, setVisible] = useState(false);
  /** Drawn from its picture once: the picture may then be let go (only pages near the shown one stay decoded). */
  const [pictured, setPictured] = useState(false);
  /** Drawn at least once (from its picture or its text), for whoever waits to see it. */
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setVisible(true));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (visible && !pictured && shownSettled && source?.kind === 'pictures') session.pictures.want(index);
  }, [visible, pictured, shownSettled, source, session, index]);

  // Its text only when it is drawn from it, or when the record has no frame for it.
  const needsText = visible && (drawing?.kind === 'text' || (loaded && !framed));
  useEffect(() => {
    if (needsText) session.texts.want(index);
  }, [needsText, session, index]);

  useEffect(() => {
    if (!visible || !drawing || !canvas.current || width <= 0) return;
    const task = drawPage(drawing, canvas.current, { page, width, height, angle, scale: size / width, lines });
    task.done
      .then(() => {
        setDrawn(true);
        if (drawing.kind === 'picture') setPictured(true);
      })
      .catch(() => undefined);
    return task.cancel;
  }, [visible, drawing, width, height, angle, lines, page, size]);

  return <canvas ref={canvas} className="thumbnail" width={size} height={Math.round(size * 1.4)} data-drawn={drawn} />;
}
