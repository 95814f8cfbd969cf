import { useEffect, useState } from 'react';
import { ErrorNote } from '../../components/error-note';
import { useTranslate } from '../../i18n/use-translate';
import { invoke, subscribe } from '../../lib/bridge';
import { errorMessage } from '../../lib/errors';
import { useStore } from '../../lib/store';
import { useLoad } from '../../lib/use-load';
import { documentsStore, selectedRows } from '../documents/documents-store';
import { workspaceStore } from '../workspaces/workspace-store';
import { RuleEditor, type RuleDraft } from './rule-editor';

type Editing = { kind: 'new'; groupId: string } | { kind: 'edit'; ruleId: string } | null;

/** Repositories with groups and rules: create, edit, delete, rename groups, test-run a rule on chosen files. */
export function RuleRepos() {
  const t = useTranslate();
  const { activeId } = useStore(workspaceStore);
  const selection = useStore(documentsStore, (s) => s.selection.size);
  const [round, setRound] = useState(0);
  const [editing, setEditing] = useState<Editing>(null);
  const [error, setError] = useState<string | null>(null);
  const [testResult, setTestResult] = useState<Record<string, string>>({});
  const repos = useLoad(async () => (activeId ? (await invoke('ruleRepos.list', { workspace_id: activeId })).repos : []), [activeId, round]);
  useEffect(
    () =>
      subscribe('catalog.changed', (change) => {
        if (change.part === 'rule-repos') setRound((r) => r + 1);
      }),
    [],
  );
  if (activeId === null) return null;
  const ws = { workspace_id: activeId };
  const run = async (action: () => Promise<unknown>) => {
    try {
      await action();
      setError(null);
      setEditing(null);
      setRound((r) => r + 1);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  const testRun = async (ruleId: string) => {
    try {
      const result = await invoke('rules.testRun', { ruleIdNo: ruleId, executeTaskIdList: selectedRows().map((r) => r.task_id) });
      setTestResult((r) => ({ ...r, [ruleId]: `${result.evalResult === true ? t('review.testPassed') : result.evalResult === false ? t('review.testFailed') : t('review.testUndecided')} ${result.evalOutput ?? result.thinkOutput ?? ''}` }));
    } catch (failure) {
      setTestResult((r) => ({ ...r, [ruleId]: errorMessage(failure) }));
    }
  };
  const save = (draft: RuleDraft, target: NonNullable<Editing>, repoId: string) =>
    run(() => (target.kind === 'new' ? invoke('rules.create', { ...ws, repo_id: repoId, group_id: target.groupId, ...draft }) : invoke('rules.update', { ...ws, rule_id: target.ruleId, ...draft })));

  return (
    <div>
      <ErrorNote message={error ?? repos.error} onDismiss={() => setError(null)} />
      <NameForm label={t('review.newRepo')} maxLength={30} onSubmit={(name) => run(() => invoke('ruleRepos.create', { ...ws, name }))} />
      <div className="card-list">
        {(repos.value ?? []).map((repo) => (
          <div key={repo.repo_id} className="card" data-testid="rule-repo">
            <Renamable level="h2" name={repo.name} onRename={(name) => run(() => invoke('ruleRepos.update', { ...ws, repo_id: repo.repo_id, name }))} />
            <button type="button" className="danger" onClick={() => void run(() => invoke('ruleRepos.delete', { ...ws, repo_ids: [repo.repo_id] }))}>{t('review.deleteRepo')}</button>
            {repo.groups.map((group) => (
              <div key={group.group_id} className="rule-group">
                <Renamable level="h3" name={group.name} onRename={(name) => run(() => invoke('ruleGroups.rename', { ...ws, group_id: group.group_id, name }))} />
                <button type="button" className="link danger" onClick={() => void run(() => invoke('ruleGroups.delete', { ...ws, group_id: group.group_id }))}>{t('review.deleteGroup')}</button>
                <ul>
                  {group.rules.map((rule) =>
                    editing?.kind === 'edit' && editing.ruleId === rule.rule_id ? (
                      <li key={rule.rule_id}>
                        <RuleEditor rule={rule} onSave={(draft) => void save(draft, editing, repo.repo_id)} onCancel={() => setEditing(null)} />
                      </li>
                    ) : (
                      <li key={rule.rule_id}>
                        <strong>{rule.name}</strong>
                        <pre className="rule-prompt">{rule.prompt}</pre>
                        <div className="button-row">
                          <button type="button" onClick={() => setEditing({ kind: 'edit', ruleId: rule.rule_id })}>{t('common.edit')}</button>
                          <button type="button" disabled={selection === 0} title={t('review.testHelp')} onClick={() => void testRun(rule.rule_id)}>
                            {t('review.testRun', { count: selection })}
                          </button>
                          <button type="button" className="danger" onClick={() => void run(() => invoke('rules.delete', { ...ws, rule_id: rule.rule_id }))}>{t('common.delete')}</button>
                        </div>
                        {testResult[rule.rule_id] ? <p className="muted">{testResult[rule.rule_id]}</p> : null}
                      </li>
                    ),
                  )}
                </ul>
                {editing?.kind === 'new' && editing.groupId === group.group_id ? (
                  <RuleEditor onSave={(draft) => void save(draft, editing, repo.repo_id)} onCancel={() => setEditing(null)} />
                ) : (
                  <button type="button" onClick={() => setEditing({ kind: 'new', groupId: group.group_id })}>{t('review.newRule')}</button>
                )}
              </div>
            ))}
            <NameForm label={t('review.newGroup')} maxLength={30} onSubmit={(name) => run(() => invoke('ruleGroups.create', { ...ws, repo_id: repo.repo_id, name }))} />
          </div>
        ))}
      </div>
    </div>
  );
}

/** A repository's or a group's name as a heading, with a button that turns it into a rename form. */
function Renamable({ level: Heading, name, onRename }: { level: 'h2' | 'h3'; name: string; onRename: (name: string) => Promise<void> }) {
  const t = useTranslate();
  const [editing, setEditing] = useState(false);
  if (!editing) {
    return (
      <Heading>
        {name}{' '}
        <button type="button" className="link" onClick={() => setEditing(true)}>
          {t('review.renameGroup')}
        </button>
      </Heading>
    );
  }
  return <NameForm label={t('review.renameGroup')} initial={name} maxLength={30} onSubmit={(next) => onRename(next).then(() => setEditing(false))} />;
}

function NameForm({ label, initial = '', maxLength, onSubmit }: { label: string; initial?: string; maxLength: number; onSubmit: (name: string) => Promise<unknown> }) {
  const [name, setName] = useState(initial);
  return (
    <form
      className="button-row"
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit(name.trim()).then(() => setName(''));
      }}
    >
      <input required maxLength={maxLength} value={name} onChange={(event) => setName(event.target.value)} aria-label={label} placeholder={label} />
      <button type="submit">{label}</button>
    </form>
  );
}
