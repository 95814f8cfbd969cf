import { useState } from 'react';
import { LIMITS } from '../../../shared/api/limits';
import { useTranslate } from '../../i18n/use-translate';
import { invoke } from '../../lib/bridge';
import { switchWorkspace, type Workspace } from './workspace-store';

/** One workspace: its details, switch to it, rename it, delete it (queued offline like the other changes). */
export function WorkspaceCard({ workspace, active, others, onError }: { workspace: Workspace; active: boolean; others: readonly Workspace[]; onError: (message: unknown) => void }) {
  const t = useTranslate();
  const [name, setName] = useState(workspace.name);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const run = (action: () => Promise<unknown>) => action().catch(onError);
  const rename = () =>
    run(() => invoke('workspaces.update', { workspace_id: workspace.workspace_id, name, description: workspace.description ?? '', auth_scope: workspace.auth_scope === 1 ? 1 : 0 }));
  const remove = () =>
    run(async () => {
      // The desk leaves a workspace before deleting it.
      if (active && others[0]) await switchWorkspace(others[0].workspace_id);
      await invoke('workspaces.delete', { workspace_ids: [workspace.workspace_id] });
    });
  return (
    <div className="card" data-testid="workspace">
      <p>
        <strong>{workspace.name}</strong> {active ? <span className="pill tone-good">{t('settings.active')}</span> : null}
      </p>
      {workspace.description ? <p>{workspace.description}</p> : null}
      <dl className="details">
        <dt>ID</dt>
        <dd>{workspace.workspace_id}</dd>
        <dt>{t('workspaces.scope')}</dt>
        <dd>{workspace.auth_scope === 1 ? t('workspaces.scope.enterprise') : t('workspaces.scope.owner')}</dd>
        {workspace.manage_account_name ? (
          <>
            <dt>{t('workspaces.manager')}</dt>
            <dd>{workspace.manage_account_name}</dd>
          </>
        ) : null}
      </dl>
      <form
        className="button-row"
        onSubmit={(event) => {
          event.preventDefault();
          void rename();
        }}
      >
        <label className="inline-field">
          <span>{t('workspaces.name')}</span>
          <input required maxLength={LIMITS.workspaceName} value={name} onChange={(event) => setName(event.target.value)} />
        </label>
        <button type="submit" disabled={name.trim() === workspace.name}>{t('workspaces.rename')}</button>
      </form>
      <div className="button-row">
        {!active ? (
          <button type="button" onClick={() => void switchWorkspace(workspace.workspace_id)}>
            {t('workspaces.switch')}
          </button>
        ) : null}
        {confirmDelete ? (
          <span className="inline-confirm">
            {t('workspaces.deleteConfirm', { name: workspace.name })}
            <button type="button" className="danger" onClick={() => void remove()}>{t('bulk.deleteYes')}</button>
            <button type="button" onClick={() => setConfirmDelete(false)}>{t('common.cancel')}</button>
          </span>
        ) : (
          <button type="button" className="danger" disabled={others.length === 0} title={others.length === 0 ? t('workspaces.lastOne') : undefined} onClick={() => setConfirmDelete(true)}>
            {t('common.delete')}
          </button>
        )}
      </div>
    </div>
  );
}
