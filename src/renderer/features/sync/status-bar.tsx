import { useTranslate, languageStore } from '../../i18n/use-translate';
import { formatRelativeTime } from '../../lib/format';
import { useStore } from '../../lib/store';
import { useNow } from '../../lib/use-now';
import { navigate } from '../shell/route-store';
import { setWorkOffline, syncNow, syncStore, type EngineStatus } from './sync-store';

const TONE_KEY = {
  online: 'status.online',
  offline: 'status.offline',
  paused: 'status.paused',
  unknown: 'status.unknown',
} as const;

const ENGINE_KEY = {
  stopped: 'engine.stopped',
  starting: 'engine.starting',
  ready: 'engine.ready',
  restarting: 'engine.restarting',
  failed: 'engine.failed',
} as const satisfies Record<EngineStatus['state'], string>;

/** Online or not, changes waiting, conflicts and the last sync: always in view. */
export function StatusBar() {
  const t = useTranslate();
  const { sync, engine, problem } = useStore(syncStore);
  const { language } = useStore(languageStore);
  const now = useNow();
  const tone = sync?.mode ?? 'unknown';
  const outbox = sync?.outbox;
  return (
    <footer className="status-bar" aria-label={t('status.label')}>
      <span className={`status-connection tone-${tone}`} data-testid="status-connection" title={sync?.lastError?.message ?? problem ?? ''}>
        <span className="dot" aria-hidden="true" />
        {t(TONE_KEY[tone])}
        {sync?.syncing ? ` · ${t('status.syncing')}` : ''}
      </span>
      <button type="button" className="link" data-testid="status-pending" onClick={() => navigate({ screen: 'sync' })}>
        {t('status.pending', { count: outbox?.pending ?? 0 })}
      </button>
      {outbox && outbox.conflicts > 0 ? (
        <button type="button" className="link tone-warn" data-testid="status-conflicts" onClick={() => navigate({ screen: 'sync' })}>
          {t('status.conflicts', { count: outbox.conflicts })}
        </button>
      ) : null}
      {outbox && outbox.deadLetters > 0 ? (
        <button type="button" className="link tone-bad" onClick={() => navigate({ screen: 'sync' })}>
          {t('status.deadLetters', { count: outbox.deadLetters })}
        </button>
      ) : null}
      <span data-testid="status-last-sync">
        {sync?.lastSyncMs ? t('status.lastSync', { when: formatRelativeTime(sync.lastSyncMs, now, language) }) : t('status.neverSynced')}
      </span>
      {sync && sync.inProgressFiles > 0 ? <span>{t('status.inProgress', { count: sync.inProgressFiles })}</span> : null}
      <span className="spacer" />
      {engine ? <span className={`engine-state engine-${engine.state}`} title={engine.problem ?? ''}>{t(ENGINE_KEY[engine.state])}</span> : null}
      {sync ? (
        <>
          <button type="button" data-testid="sync-now" disabled={sync.mode === 'paused'} onClick={() => void syncNow()}>
            {t('status.syncNow')}
          </button>
          <button type="button" data-testid="toggle-offline" onClick={() => void setWorkOffline(sync.mode !== 'paused')}>
            {sync.mode === 'paused' ? t('status.goOnline') : t('status.workOffline')}
          </button>
        </>
      ) : null}
    </footer>
  );
}
