import { useTranslate } from '../../i18n/use-translate';
import { useStore } from '../../lib/store';
import { switchWorkspace, workspaceStore } from './workspace-store';

export function WorkspaceSwitcher() {
  const t = useTranslate();
  const { workspaces, activeId } = useStore(workspaceStore);
  if (workspaces.length === 0) return <span className="muted">{t('workspace.none')}</span>;
  return (
    <label className="inline-field">
      <span>{t('workspace.label')}</span>
      <select value={activeId ?? ''} onChange={(event) => void switchWorkspace(event.target.value)} data-testid="workspace-switcher">
        {workspaces.map((w) => (
          <option key={w.workspace_id} value={w.workspace_id}>
            {w.name}
          </option>
        ))}
      </select>
    </label>
  );
}
