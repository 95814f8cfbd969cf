import { useEffect, useRef, useState } from 'react';
import { useTranslate } from '../../i18n/use-translate';
import { useStore } from '../../lib/store';
import type { FileSession } from './file-session';
import { drawPage } from './page-source';
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

function Thumbnail({ session, index }: { session: FileSession; index: number }) {
  const { source, width, height, angle, lines, page } = useStore(session.store, (s) => {
    const info = s.file?.pages[index] ?? s.document?.pages[index];
    return { source: s.source, width: info?.width ?? 0, height: info?.height ?? 0, angle: info?.angle ?? 0, lines: s.source?.kind === 'text' ? s.document?.pages[index]?.lines : undefined, page: sourcePageOf(s.file, index) };
  });
  const canvas = useRef<HTMLCanvasElement>(null);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setVisible(true));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (!visible || !source || !canvas.current || width <= 0) return;
    const drawing = drawPage(source, canvas.current, { page, width, height, angle, scale: THUMB_WIDTH / width, lines });
    drawing.done.catch(() => undefined);
    return drawing.cancel;
  }, [visible, source, width, height, angle, lines, page]);

  return <canvas ref={canvas} className="thumbnail" width={THUMB_WIDTH} height={Math.round(THUMB_WIDTH * 1.4)} />;
}
