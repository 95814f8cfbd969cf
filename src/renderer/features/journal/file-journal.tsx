import { useEffect } from 'react';
import { ErrorNote } from '../../components/error-note';
import { languageStore, useTranslate } from '../../i18n/use-translate';
import { invoke, subscribe } from '../../lib/bridge';
import { formatDateTime } from '../../lib/format';
import { useStore } from '../../lib/store';
import { useLoad } from '../../lib/use-load';
import { describeEntry } from './journal-entry-text';

/** The edit history of one file, newest first, from the hash-chained journal. */
export function FileJournal({ workspaceId, fileId }: { workspaceId: string; fileId: string }) {
  const t = useTranslate();
  const { language } = useStore(languageStore);
  const journal = useLoad(() => invoke('journal.forFile', { workspace_id: workspaceId, file_id: fileId }), [workspaceId, fileId]);
  const { reload } = journal;
  useEffect(
    () =>
      subscribe('files.changed', (change) => {
        if (change.workspaceId === workspaceId && change.fileIds.includes(fileId)) reload();
      }),
    [workspaceId, fileId, reload],
  );
  const entries = [...(journal.value?.entries ?? [])].reverse();
  return (
    <details className="side-section journal">
      <summary>{t('journal.title', { count: entries.length })}</summary>
      <ErrorNote message={journal.error} />
      <ol>
        {entries.map((entry) => (
          <li key={entry.seq}>
            <span className="muted">{formatDateTime(entry.at_ms, language)}</span> {describeEntry(entry, t)}
          </li>
        ))}
      </ol>
    </details>
  );
}
