import { useState } from 'react';
import { ErrorNote } from '../../components/error-note';
import { useTranslate } from '../../i18n/use-translate';
import { invoke } from '../../lib/bridge';
import { errorMessage } from '../../lib/errors';
import { useStore } from '../../lib/store';
import { switchWorkspace, workspaceStore } from './workspace-store';

/** The profile's workspaces: switch, details, and a new one (online only: the server names it). */
export function WorkspacesScreen() {
  const t = useTranslate();
  const { workspaces, activeId, problem } = useStore(workspaceStore);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = async () => {
    try {
      const { workspace_id } = await invoke('workspaces.create', { name, description, auth_scope: 0 });
      setName('');
      setDescription('');
      await switchWorkspace(workspace_id);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  return (
    <section className="screen workspaces-screen" aria-labelledby="workspaces-title">
      <h1 id="workspaces-title">{t('nav.workspaces')}</h1>
      <ErrorNote message={error ?? problem} />
      <div className="card-list">
        {workspaces.map((w) => (
          <div key={w.workspace_id} className="card">
            <p>
              <strong>{w.name}</strong> {w.workspace_id === activeId ? <span className="pill tone-good">{t('settings.active')}</span> : null}
            </p>
            {w.description ? <p>{w.description}</p> : null}
            <dl className="details">
              <dt>ID</dt>
              <dd>{w.workspace_id}</dd>
              <dt>{t('workspaces.scope')}</dt>
              <dd>{w.auth_scope === 1 ? t('workspaces.scope.enterprise') : t('workspaces.scope.owner')}</dd>
              {w.manage_account_name ? (
                <>
                  <dt>{t('workspaces.manager')}</dt>
                  <dd>{w.manage_account_name}</dd>
                </>
              ) : null}
            </dl>
            {w.workspace_id !== activeId ? (
              <button type="button" onClick={() => void switchWorkspace(w.workspace_id)}>
                {t('workspaces.switch')}
              </button>
            ) : null}
          </div>
        ))}
      </div>
      <form
        className="card"
        onSubmit={(event) => {
          event.preventDefault();
          void create();
        }}
      >
        <h3>{t('workspaces.new')}</h3>
        <label className="inline-field">
          <span>{t('workspaces.name')}</span>
          <input required maxLength={50} value={name} onChange={(event) => setName(event.target.value)} />
        </label>
        <label className="inline-field">
          <span>{t('workspaces.description')}</span>
          <input maxLength={200} value={description} onChange={(event) => setDescription(event.target.value)} />
        </label>
        <button type="submit">{t('common.create')}</button>
        <p className="muted">{t('workspaces.onlineOnly')}</p>
      </form>
    </section>
  );
}
