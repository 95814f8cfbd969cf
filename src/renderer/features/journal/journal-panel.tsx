import { useState } from 'react';
import { ErrorNote } from '../../components/error-note';
import { useTranslate } from '../../i18n/use-translate';
import { invoke } from '../../lib/bridge';
import { errorMessage } from '../../lib/errors';

/** The edit journal as a whole: check its hash chain, and export it (JSON lines) for auditors. */
export function JournalPanel() {
  const t = useTranslate();
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<string>) => {
    try {
      setNote(await action());
      setError(null);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  return (
    <section aria-labelledby="journal-title">
      <h2 id="journal-title">{t('journal.section')}</h2>
      <p className="muted">{t('journal.help')}</p>
      <div className="button-row">
        <button
          type="button"
          onClick={() =>
            void run(async () => {
              const verdict = await invoke('journal.verify', {});
              return verdict.ok ? t('journal.intact', { count: verdict.entries }) : t('journal.broken', { seq: verdict.seq, reason: verdict.reason });
            })
          }
        >
          {t('journal.verify')}
        </button>
        <button
          type="button"
          onClick={() =>
            void run(async () => {
              const exported = await invoke('journal.export', {});
              return t('journal.exported', { count: exported.entries, path: exported.path });
            })
          }
        >
          {t('journal.export')}
        </button>
      </div>
      {note ? <p role="status">{note}</p> : null}
      <ErrorNote message={error} />
    </section>
  );
}
