import { useEffect, useState } from 'react';
import { ErrorNote } from '../../components/error-note';
import { languageStore, useTranslate } from '../../i18n/use-translate';
import { invoke, subscribe } from '../../lib/bridge';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { useStore } from '../../lib/store';
import { useLoad } from '../../lib/use-load';
import { changeKindKey } from './change-kind';
import { ConflictCard } from './conflicts-panel';
import { setWorkOffline, syncNow, syncStore } from './sync-store';

/** Conflicts first (they wait for the clerk), then what could not be sent, then the queue of changes. */
export function SyncScreen() {
  const t = useTranslate();
  const { language } = useStore(languageStore);
  const { sync } = useStore(syncStore);
  const [round, setRound] = useState(0);
  const conflicts = useLoad(() => invoke('conflicts.list', {}), [round]);
  const dead = useLoad(() => invoke('outbox.deadLetters', {}), [round]);
  const outbox = useLoad(() => invoke('outbox.list', { limit: 200 }), [round]);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [error, setError] = useState<string | null>(null);
  useEffect(() => subscribe('outbox.changed', () => setRound((r) => r + 1)), []);

  const kindText = (kind: string) => {
    const key = changeKindKey(kind);
    return key ? t(key) : kind;
  };
  const onDead = async (command: 'outbox.retryDead' | 'outbox.discardDead') => {
    try {
      await invoke(command, { ids: [...chosen] });
      setChosen(new Set());
      setRound((r) => r + 1);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <section className="screen sync-screen" aria-labelledby="sync-title">
      <h1 id="sync-title">{t('sync.title')}</h1>
      <div className="button-row">
        <span>{sync ? t(sync.mode === 'online' ? 'status.online' : sync.mode === 'offline' ? 'status.offline' : 'status.paused') : t('status.unknown')}</span>
        {sync?.lastError ? <span className="tone-bad">{sync.lastError.message}</span> : null}
        <button type="button" onClick={() => void syncNow()} disabled={sync?.mode === 'paused'}>{t('status.syncNow')}</button>
        {sync ? <button type="button" onClick={() => void setWorkOffline(sync.mode !== 'paused')}>{sync.mode === 'paused' ? t('status.goOnline') : t('status.workOffline')}</button> : null}
      </div>
      <ErrorNote message={error ?? conflicts.error ?? dead.error ?? outbox.error} />

      <h2>{t('sync.conflicts', { count: conflicts.value?.conflicts.length ?? 0 })}</h2>
      {conflicts.value?.conflicts.length === 0 ? <p className="muted">{t('sync.noConflicts')}</p> : null}
      <div className="card-list">
        {conflicts.value?.conflicts.map((conflict) => <ConflictCard key={conflict.opId} conflict={conflict} onResolved={() => setRound((r) => r + 1)} />)}
      </div>

      <h2>{t('sync.deadLetters', { count: dead.value?.items.length ?? 0 })}</h2>
      {dead.value && dead.value.items.length > 0 ? (
        <>
          <table className="data-table">
            <thead>
              <tr>
                <th />
                <th>{t('sync.change')}</th>
                <th>{t('sync.reason')}</th>
                <th>{t('sync.when')}</th>
              </tr>
            </thead>
            <tbody>
              {dead.value.items.map((letter) => (
                <tr key={letter.id}>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={letter.kind}
                      checked={chosen.has(letter.id)}
                      onChange={(event) => {
                        const next = new Set(chosen);
                        if (event.target.checked) next.add(letter.id);
                        else next.delete(letter.id);
                        setChosen(next);
                      }}
                    />
                  </td>
                  <td>{kindText(letter.kind)}</td>
                  <td title={letter.error.message}>{letter.reason}</td>
                  <td>{formatDateTime(letter.failedMs, language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="button-row">
            <button type="button" disabled={chosen.size === 0} onClick={() => void onDead('outbox.retryDead')}>{t('sync.retryDead')}</button>
            <button type="button" className="danger" disabled={chosen.size === 0} onClick={() => void onDead('outbox.discardDead')}>{t('sync.discardDead')}</button>
          </div>
        </>
      ) : (
        <p className="muted">{t('sync.noDeadLetters')}</p>
      )}

      <h2>{t('sync.outbox', { count: outbox.value?.items.length ?? 0 })}</h2>
      {outbox.value && outbox.value.items.length > 0 ? (
        <table className="data-table" data-testid="outbox">
          <thead>
            <tr>
              <th>{t('sync.change')}</th>
              <th>{t('sync.state')}</th>
              <th>{t('sync.attempts')}</th>
              <th>{t('sync.when')}</th>
              <th>{t('sync.lastError')}</th>
            </tr>
          </thead>
          <tbody>
            {outbox.value.items.map((op) => (
              <tr key={op.opId}>
                <td>{kindText(op.kind)}</td>
                <td>{t(`sync.opState.${op.state}`)}</td>
                <td>{op.attempts}</td>
                <td>{formatDateTime(op.createdMs, language)}</td>
                <td className="tone-bad">{op.lastError?.message ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted">{t('sync.outboxEmpty')}</p>
      )}
    </section>
  );
}
