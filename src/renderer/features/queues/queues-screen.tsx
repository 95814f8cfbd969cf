import { useEffect, useState } from 'react';
import { REVIEW_QUEUES } from '../../../shared/ipc/channels/queues';
import { ErrorNote } from '../../components/error-note';
import { StatusPill } from '../../components/status-pill';
import { useTranslate } from '../../i18n/use-translate';
import { invoke, subscribe } from '../../lib/bridge';
import { errorMessage } from '../../lib/errors';
import { useStore } from '../../lib/store';
import { useLoad } from '../../lib/use-load';
import { recognitionLabel } from '../documents/status-labels';
import type { ReviewQueueName } from '../shell/route';
import { navigate } from '../shell/route-store';
import { workspaceStore } from '../workspaces/workspace-store';

/** Worklists worked through one document after another, offline included. */
export function QueuesScreen({ queue }: { queue: ReviewQueueName | undefined }) {
  const t = useTranslate();
  const { activeId } = useStore(workspaceStore);
  const [round, setRound] = useState(0);
  const [includeDone, setIncludeDone] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const counts = useLoad(async () => (activeId ? invoke('queues.counts', { workspace_id: activeId }) : undefined), [activeId, round]);
  const list = useLoad(async () => (activeId && queue ? invoke('queues.list', { workspace_id: activeId, queue, include_done: includeDone, page_size: 1000 }) : undefined), [activeId, queue, includeDone, round]);
  useEffect(() => subscribe('files.changed', () => setRound((r) => r + 1)), []);
  if (activeId === null) return null;

  const prefetch = async (name: ReviewQueueName) => {
    try {
      const { fetched } = await invoke('queues.prefetch', { workspace_id: activeId, queue: name });
      setNote(t('queues.prefetched', { count: fetched }));
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  const start = async (name: ReviewQueueName) => {
    const first = (await invoke('queues.list', { workspace_id: activeId, queue: name, page_size: 1 })).files[0];
    if (first) navigate({ screen: 'viewer', fileId: first.file_id, queue: name });
  };

  return (
    <section className="screen queues-screen" aria-labelledby="queues-title">
      <h1 id="queues-title">{t('nav.queues')}</h1>
      <ErrorNote message={error ?? counts.error ?? list.error} />
      {note ? <p role="status" className="muted">{note}</p> : null}
      <div className="queue-cards">
        {REVIEW_QUEUES.map((name) => {
          const count = counts.value?.[name];
          return (
            <div key={name} className={`card queue-card${queue === name ? ' current' : ''}`} data-testid={`queue-${name}`}>
              <a href={`#/queues/${name}`}>
                <strong>{t(`queue.${name}`)}</strong>
              </a>
              <p>
                <span className="queue-count">{count?.open ?? '…'}</span> {t('queues.open')} · {t('queues.done', { count: count?.done ?? 0 })}
              </p>
              <div className="button-row">
                <button type="button" disabled={!count?.open} onClick={() => void start(name)}>
                  {t('queues.start')}
                </button>
                <button type="button" onClick={() => void prefetch(name)}>{t('queues.prefetch')}</button>
              </div>
            </div>
          );
        })}
      </div>
      {queue ? (
        <>
          <h2>{t(`queue.${queue}`)}</h2>
          <label className="inline-field">
            <input type="checkbox" checked={includeDone} onChange={(event) => setIncludeDone(event.target.checked)} />
            <span>{t('queues.includeDone')}</span>
          </label>
          <table className="data-table">
            <tbody>
              {(list.value?.files ?? []).map((file) => {
                const label = recognitionLabel(file.recognition_status);
                return (
                  <tr key={file.file_id}>
                    <td>
                      <a href={`#/file/${encodeURIComponent(file.file_id)}?queue=${queue}`}>{file.name}</a>
                    </td>
                    <td>
                      <StatusPill tone={label.tone} label={t(label.key)} />
                      {file.failure_causes ? <span className="failure-cause">{file.failure_causes}</span> : null}
                    </td>
                    <td>{file.category}</td>
                    <td className="muted">{file.batch_number}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {list.value?.files.length === 0 ? <p className="empty">{t('queues.empty')}</p> : null}
        </>
      ) : null}
    </section>
  );
}
