import { useState } from 'react';
import type { InvokeResult } from '../../../shared/ipc/invoke-contract';
import { ErrorNote } from '../../components/error-note';
import { languageStore, useTranslate } from '../../i18n/use-translate';
import { invoke } from '../../lib/bridge';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { useStore } from '../../lib/store';
import { useLoad } from '../../lib/use-load';
import { draftOf } from '../viewer/proofreading';
import { mergedDraft, TABLE_ROWS_MEMBER } from './merge-conflict';

type Conflict = InvokeResult<'conflicts.list'>['conflicts'][number];

/** A server change since the clerk's edit: base, server and local side by side; the clerk decides. */
export function ConflictCard({ conflict, onResolved }: { conflict: Conflict; onResolved: () => void }) {
  const t = useTranslate();
  const { language } = useStore(languageStore);
  const [pickServer, setPickServer] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const file = useLoad(() => invoke('files.get', { workspace_id: conflict.workspaceId, file_id: conflict.fileId }), [conflict.workspaceId, conflict.fileId]);
  const canMerge = conflict.aspect === 'data' && !conflict.members.some((m) => m.key === TABLE_ROWS_MEMBER);

  const resolve = async (keep: 'local' | 'server' | 'merge') => {
    try {
      if (keep === 'merge') {
        const file = await invoke('files.get', { workspace_id: conflict.workspaceId, file_id: conflict.fileId });
        const merged = mergedDraft(draftOf(file.data), conflict.members, pickServer);
        await invoke('conflicts.resolve', { op_id: conflict.opId, keep, data: merged });
      } else {
        await invoke('conflicts.resolve', { op_id: conflict.opId, keep });
      }
      onResolved();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  const toggle = (key: string, server: boolean) => {
    const next = new Set(pickServer);
    if (server) next.add(key);
    else next.delete(key);
    setPickServer(next);
  };

  return (
    <div className="card conflict" data-testid="conflict">
      <p>
        <a href={`#/file/${encodeURIComponent(conflict.fileId)}`}>{file.value?.name ?? t('sync.conflictFile', { id: conflict.fileId })}</a> · {t(conflict.aspect === 'data' ? 'sync.aspect.data' : 'sync.aspect.category')} ·{' '}
        <span className="muted">{formatDateTime(conflict.detectedMs, language)}</span>
      </p>
      <table className="data-table conflict-table">
        <thead>
          <tr>
            <th>{t('sync.member')}</th>
            <th>{t('sync.base')}</th>
            <th>{t('sync.server')}</th>
            <th>{t('sync.local')}</th>
            {canMerge ? <th>{t('sync.keepWhich')}</th> : null}
          </tr>
        </thead>
        <tbody>
          {conflict.members.map((member) => (
            <tr key={member.key}>
              <td>{member.key}</td>
              <td className="muted">{member.base ?? '∅'}</td>
              <td className="server">{member.server ?? '∅'}</td>
              <td className="local">{member.local ?? '∅'}</td>
              {canMerge ? (
                <td>
                  <label className="inline-field">
                    <input type="radio" name={`${conflict.opId}-${member.key}`} checked={!pickServer.has(member.key)} onChange={() => toggle(member.key, false)} />
                    <span>{t('sync.mine')}</span>
                  </label>
                  <label className="inline-field">
                    <input type="radio" name={`${conflict.opId}-${member.key}`} checked={pickServer.has(member.key)} onChange={() => toggle(member.key, true)} />
                    <span>{t('sync.theirs')}</span>
                  </label>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="button-row">
        <button type="button" onClick={() => void resolve('local')} data-testid="keep-local">{t('sync.keepLocal')}</button>
        <button type="button" onClick={() => void resolve('server')} data-testid="keep-server">{t('sync.keepServer')}</button>
        {canMerge ? (
          <button type="button" disabled={pickServer.size === 0} onClick={() => void resolve('merge')}>
            {t('sync.merge')}
          </button>
        ) : null}
      </div>
      <ErrorNote message={error} />
    </div>
  );
}
