import { useState } from 'react';
import { MAX_UPLOAD_LINKS } from '../../../shared/api/upload-links';
import { ErrorNote } from '../../components/error-note';
import { useTranslate } from '../../i18n/use-translate';
import { invoke } from '../../lib/bridge';
import { errorMessage } from '../../lib/errors';
import { useStore } from '../../lib/store';
import { workspaceStore } from '../workspaces/workspace-store';
import { intakeStore } from './intake-store';

/** "Add from link": the server downloads each link with the options chosen above (online only). */
export function LinkPanel() {
  const t = useTranslate();
  const { activeId } = useStore(workspaceStore);
  const { options } = useStore(intakeStore, (s) => ({ options: s.options }));
  const [text, setText] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const urls = text.split('\n').map((line) => line.trim()).filter((line) => line.length > 0);
  const send = async () => {
    if (activeId === null) return;
    try {
      const answer = await invoke('uploads.fromLinks', { urls, options: { ...options, workspace_id: activeId } });
      setSent(t('intake.linksSent', { count: answer.files.length, batch: answer.batch_number }));
      setText('');
      setError(null);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  return (
    <form
      className="card"
      data-testid="link-panel"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <h3>{t('intake.links')}</h3>
      <p className="muted">{t('intake.linksHelp')}</p>
      <textarea rows={3} value={text} onChange={(event) => setText(event.target.value)} aria-label={t('intake.links')} data-testid="link-input" />
      <button type="submit" disabled={urls.length === 0 || urls.length > MAX_UPLOAD_LINKS}>{t('intake.links')}</button>
      {sent ? <p role="status">{sent}</p> : null}
      <ErrorNote message={error} onDismiss={() => setError(null)} />
    </form>
  );
}
