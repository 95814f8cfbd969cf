import { useState } from 'react';
import { ErrorNote } from '../../components/error-note';
import { useTranslate } from '../../i18n/use-translate';
import { invoke } from '../../lib/bridge';
import { errorMessage } from '../../lib/errors';
import { useStore } from '../../lib/store';
import { WorkspaceCard } from './workspace-card';
import { switchWorkspace, workspaceStore } from './workspace-store';

/** The profile's workspaces: switch, rename, delete, and a new one (online only: the server names them). */
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
          <WorkspaceCard key={w.workspace_id} workspace={w} active={w.workspace_id === activeId} others={workspaces.filter((o) => o.workspace_id !== w.workspace_id)} onError={(failure) => setError(errorMessage(failure))} />
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
