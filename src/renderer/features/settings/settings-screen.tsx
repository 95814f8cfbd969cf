import { useEffect, useState } from 'react';
import { ErrorNote } from '../../components/error-note';
import { useTranslate } from '../../i18n/use-translate';
import { invoke } from '../../lib/bridge';
import { errorMessage } from '../../lib/errors';
import { useStore } from '../../lib/store';
import { useLoad } from '../../lib/use-load';
import { JournalPanel } from '../journal/journal-panel';
import { LanguageSwitch } from '../shell/language-switch';
import { syncStore } from '../sync/sync-store';
import { PageImageCachePanel } from './page-image-cache-panel';
import { ProfilesPanel } from './profiles-panel';

/** Language, engine, polling and offline retention, the page image cache, and the profiles with their credentials. */
export function SettingsScreen() {
  const t = useTranslate();
  const { engine } = useStore(syncStore);
  const preferences = useLoad(() => invoke('preferences.get', {}), []);
  const [poll, setPoll] = useState('');
  const [retention, setRetention] = useState('');
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!preferences.value) return;
    setPoll(String(preferences.value.pollIntervalSeconds));
    setRetention(String(preferences.value.offlineRetentionDays));
  }, [preferences.value]);

  const save = async () => {
    try {
      await invoke('preferences.update', { pollIntervalSeconds: Number(poll), offlineRetentionDays: Number(retention) });
      setNote(t('settings.saved'));
      setError(null);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <section className="screen settings-screen" aria-labelledby="settings-title">
      <h1 id="settings-title">{t('nav.settings')}</h1>
      <ErrorNote message={error ?? preferences.error} />
      <h2>{t('settings.language')}</h2>
      <LanguageSwitch />

      <h2>{t('settings.sync')}</h2>
      <form
        className="button-row"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <label className="inline-field">
          <span>{t('settings.poll')}</span>
          <input type="number" min={2} max={3600} value={poll} onChange={(event) => setPoll(event.target.value)} />
        </label>
        <label className="inline-field">
          <span>{t('settings.retention')}</span>
          <input type="number" min={1} max={3650} value={retention} onChange={(event) => setRetention(event.target.value)} />
        </label>
        <button type="submit">{t('common.save')}</button>
        {note ? <span role="status" className="muted">{note}</span> : null}
      </form>

      <h2>{t('settings.engine')}</h2>
      {engine ? (
        <div className="card">
          <p>
            {t(`engine.${engine.state}`)}
            {engine.origin ? <span className="muted"> · {engine.origin}</span> : null}
            {engine.restarts > 0 ? <span className="muted"> · {t('settings.restarts', { count: engine.restarts })}</span> : null}
          </p>
          {engine.problem ? <p className="tone-bad">{engine.problem}</p> : null}
          <button type="button" onClick={() => void invoke('engine.restart', {}).catch((failure: unknown) => setError(errorMessage(failure)))}>
            {t('settings.restartEngine')}
          </button>
        </div>
      ) : (
        <p className="muted">{t('common.loading')}</p>
      )}

      <PageImageCachePanel />
      <ProfilesPanel />
      <JournalPanel />
    </section>
  );
}
