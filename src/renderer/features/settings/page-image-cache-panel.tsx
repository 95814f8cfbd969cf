import { useEffect, useState } from 'react';
import { MIN_PAGE_IMAGE_LIMIT_BYTES, type PageImageCacheInfo } from '../../../shared/ipc/channels/page-images';
import { ErrorNote } from '../../components/error-note';
import { useTranslate } from '../../i18n/use-translate';
import { invoke, subscribe } from '../../lib/bridge';
import { errorMessage } from '../../lib/errors';
import { formatBytes } from '../../lib/format';
import { useLoad } from '../../lib/use-load';

const MB = 1024 * 1024;

/** The page image cache: how much it holds, its limit, and a way to empty it. */
export function PageImageCachePanel() {
  const t = useTranslate();
  const loaded = useLoad(() => invoke('pageImages.cacheInfo', {}), []);
  const [info, setInfo] = useState<PageImageCacheInfo | undefined>(undefined);
  const [limit, setLimit] = useState('');
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const value = loaded.value;
    if (!value) return;
    setInfo(value);
    // Only at first: a reload while the clerk types a limit leaves the input alone.
    setLimit((typed) => typed || String(Math.round(value.limit_bytes / MB)));
  }, [loaded.value]);

  // Pictures arrive in the background while the screen is open.
  const { reload } = loaded;
  useEffect(() => subscribe('pageImages.changed', reload), [reload]);

  const act = async (call: () => Promise<PageImageCacheInfo>, done: string | null) => {
    try {
      setInfo(await call());
      setNote(done);
      setError(null);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <>
      <h2>{t('settings.pageImages')}</h2>
      <div className="card" data-testid="page-image-cache">
        <p className="muted">{t('settings.pageImagesHint')}</p>
        <ErrorNote message={error ?? loaded.error} />
        {info ? (
          <p data-testid="page-image-usage">
            {t('settings.pageImagesUsage', { size: formatBytes(info.size_bytes), limit: formatBytes(info.limit_bytes), pages: info.pages, files: info.files })}
          </p>
        ) : (
          <p className="muted">{t('common.loading')}</p>
        )}
        <form
          className="button-row"
          onSubmit={(event) => {
            event.preventDefault();
            void act(() => invoke('pageImages.setLimit', { limit_bytes: Math.round(Number(limit) * MB) }), t('settings.saved'));
          }}
        >
          <label className="inline-field">
            <span>{t('settings.pageImagesLimit')}</span>
            <input type="number" min={MIN_PAGE_IMAGE_LIMIT_BYTES / MB} step={1} required value={limit} onChange={(event) => setLimit(event.target.value)} data-testid="page-image-limit" />
          </label>
          <button type="submit">{t('common.save')}</button>
          <button type="button" onClick={() => void act(() => invoke('pageImages.clear', {}), t('settings.pageImagesCleared'))} data-testid="page-image-clear">
            {t('settings.pageImagesClear')}
          </button>
          {note ? (
            <span role="status" className="muted">
              {note}
            </span>
          ) : null}
        </form>
      </div>
    </>
  );
}
