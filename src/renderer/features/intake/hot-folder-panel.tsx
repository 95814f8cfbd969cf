import { useEffect, useState } from 'react';
import type { HotFolderActivity, HotFolderSettings, HotFolderState } from '../../../shared/ipc/channels/hot-folder';
import { ErrorNote } from '../../components/error-note';
import { languageStore, useTranslate } from '../../i18n/use-translate';
import { invoke, subscribe } from '../../lib/bridge';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { useStore } from '../../lib/store';
import { useLoad } from '../../lib/use-load';
import { workspaceStore } from '../workspaces/workspace-store';
import { intakeStore } from './intake-store';

const RECENT_SHOWN = 20;

/** A watched folder (scanner output) feeding the queue with the current upload options; its recent activity. */
export function HotFolderPanel() {
  const t = useTranslate();
  const { language } = useStore(languageStore);
  const loaded = useLoad(() => invoke('hotFolder.get', {}), []);
  const [state, setState] = useState<HotFolderState | undefined>(undefined);
  const [path, setPath] = useState('');
  const [error, setError] = useState<string | null>(null);
  const shown = state ?? loaded.value;

  useEffect(() => {
    if (loaded.value) setPath(loaded.value.settings.path ?? '');
  }, [loaded.value]);
  useEffect(
    () =>
      subscribe('hotFolder.activity', (activity: HotFolderActivity) =>
        setState((s) => {
          const base = s ?? loaded.value;
          return base ? { ...base, recent: [activity, ...base.recent].slice(0, RECENT_SHOWN) } : base;
        }),
      ),
    [loaded.value],
  );

  const configure = async (patch: Partial<HotFolderSettings>) => {
    if (!shown) return;
    const workspaceId = workspaceStore.get().activeId;
    const upload = workspaceId ? { ...intakeStore.get().options, workspace_id: workspaceId } : shown.settings.upload;
    try {
      setState(await invoke('hotFolder.configure', { ...shown.settings, ...(upload ? { upload } : {}), ...patch }));
      setError(null);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <section className="hot-folder" aria-labelledby="hot-folder-title">
      <h2 id="hot-folder-title">{t('hotFolder.title')}</h2>
      <ErrorNote message={error ?? loaded.error} />
      {shown ? (
        <>
          <p className="muted">{t('hotFolder.help')}</p>
          <label className="inline-field">
            <span>{t('hotFolder.path')}</span>
            <input value={path} onChange={(event) => setPath(event.target.value)} />
          </label>
          <label className="inline-field">
            <input type="checkbox" checked={shown.settings.moveToDone} onChange={(event) => void configure({ moveToDone: event.target.checked, path: path || undefined })} />
            <span>{t('hotFolder.moveToDone')}</span>
          </label>
          <div className="button-row">
            <button type="button" onClick={() => void configure({ enabled: !shown.settings.enabled, path: path || undefined })}>
              {shown.settings.enabled ? t('hotFolder.stop') : t('hotFolder.start')}
            </button>
            <span className={shown.watching ? 'tone-good' : 'muted'}>{shown.watching ? t('hotFolder.watching') : t('hotFolder.notWatching')}</span>
          </div>
          {shown.problem ? <p className="tone-bad">{shown.problem}</p> : null}
          <ol className="activity">
            {shown.recent.slice(0, RECENT_SHOWN).map((a, i) => (
              <li key={`${a.at}-${i}`}>
                <span className="muted">{formatDateTime(Date.parse(a.at), language)}</span> {t(`hotFolder.${a.event}`)} <span title={a.path}>{a.path}</span> {a.message ?? ''}
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </section>
  );
}
