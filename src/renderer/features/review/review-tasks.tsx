import { useEffect, useState } from 'react';
import { REVIEW_MODELS } from '../../../shared/api/enums';
import type { InvokeResult } from '../../../shared/ipc/invoke-contract';
import { ErrorNote } from '../../components/error-note';
import type { MessageKey } from '../../i18n/messages-en';
import { StatusPill } from '../../components/status-pill';
import { languageStore, useTranslate } from '../../i18n/use-translate';
import { invoke, subscribe } from '../../lib/bridge';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { useStore } from '../../lib/store';
import { useLoad } from '../../lib/use-load';
import { reviewLabel } from '../documents/status-labels';
import { navigate } from '../shell/route-store';
import { workspaceStore } from '../workspaces/workspace-store';
import { reasoningSegments } from './reasoning-segments';

type ReviewTask = InvokeResult<'reviewTasks.list'>['tasks'][number];
type RuleResult = NonNullable<ReviewTask['result']>['groups'][number]['review_tasks'][number];

const RISK: Readonly<Record<number, MessageKey>> = { 10: 'risk.10', 20: 'risk.20', 30: 'risk.30' };

/** Review tasks this desk submitted; results per group and rule, reasoning with anchors that open their box. */
export function ReviewTasks() {
  const t = useTranslate();
  const { language } = useStore(languageStore);
  const { activeId } = useStore(workspaceStore);
  const [round, setRound] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const tasks = useLoad(async () => (activeId ? (await invoke('reviewTasks.list', { workspace_id: activeId })).tasks : []), [activeId, round]);
  useEffect(
    () =>
      subscribe('catalog.changed', (change) => {
        if (change.part === 'review-tasks') setRound((r) => r + 1);
      }),
    [],
  );
  if (activeId === null) return null;
  const run = async (action: () => Promise<unknown>) => {
    try {
      await action();
      setRound((r) => r + 1);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  return (
    <div>
      <SubmitByBatch workspaceId={activeId} onSubmitted={() => setRound((r) => r + 1)} />
      <ErrorNote message={error ?? tasks.error} onDismiss={() => setError(null)} />
      {tasks.value?.length === 0 ? <p className="empty">{t('review.noTasks')}</p> : null}
      <div className="card-list">
        {(tasks.value ?? []).map((task) => {
          const status = reviewLabel(task.result?.status ?? task.status);
          const stats = task.result?.statistics;
          return (
            <div key={task.task_id} className="card" data-testid="review-task">
              <p>
                <strong>{task.name}</strong> <StatusPill tone={status.tone} label={t(status.key)} /> <span className="muted">{formatDateTime(task.created_ms, language)}</span>
                {task.model ? <span className="muted"> · {task.model}</span> : null}
                {task.local_pending > 0 ? <span className="pending-mark">{t('documents.localPending')}</span> : null}
              </p>
              {stats ? <p>{t('review.statistics', { pass: stats.pass_count, failure: stats.failure_count, error: stats.error_count, notTriggered: stats.not_triggered_count })}</p> : null}
              <div className="button-row">
                <button type="button" onClick={() => void run(() => invoke('reviewTasks.retry', { workspace_id: activeId, task_id: task.task_id }))}>{t('review.retryTask')}</button>
                <button type="button" className="danger" onClick={() => void run(() => invoke('reviewTasks.delete', { workspace_id: activeId, task_ids: [task.task_id] }))}>{t('common.delete')}</button>
              </div>
              {(task.result?.groups ?? []).map((group) => (
                <div key={group.group_id} className="review-group">
                  <h3>{group.group_name}</h3>
                  <ul className="rule-results">
                    {group.review_tasks.map((rule) => (
                      <RuleResultView key={rule.rule_task_id} rule={rule} onRetry={() => void run(() => invoke('reviewTasks.retryRule', { workspace_id: activeId, task_id: task.task_id, rule_id: rule.rule_id }))} />
                    ))}
                  </ul>
                </div>
              ))}
            </div>
          );
        })}
      </div>
    </div>
  );
}

function RuleResultView({ rule, onRetry }: { rule: RuleResult; onRetry: () => void }) {
  const t = useTranslate();
  const status = reviewLabel(rule.review_result);
  const anchors = rule.anchors ?? [];
  const segments = reasoningSegments(rule.reasoning ?? '', anchors);
  const open = (index: number) => {
    const anchor = anchors[index];
    if (anchor) navigate({ screen: 'viewer', fileId: anchor.file_id, page: anchor.page, box: anchor.vertices });
  };
  return (
    <li className="rule-result" data-testid="rule-result">
      <p>
        <StatusPill tone={status.tone} label={t(status.key)} /> <strong>{rule.rule_name}</strong>
        {rule.risk_level && RISK[rule.risk_level] ? <span className="muted"> · {t(RISK[rule.risk_level]!)}</span> : null}
        <button type="button" className="link" onClick={onRetry}>
          {t('review.retryRule')}
        </button>
      </p>
      <p className="reasoning">
        {segments.map((segment, i) =>
          segment.anchor === undefined ? (
            <span key={i}>{segment.text}</span>
          ) : (
            <button key={i} type="button" className="link anchor-link" onClick={() => open(segment.anchor!)} data-testid="anchor-link" title={anchors[segment.anchor]?.field_name ?? ''}>
              {segment.text}
            </button>
          ),
        )}
      </p>
      {anchors.length > 0 && segments.every((s) => s.anchor === undefined) ? (
        <p>
          {anchors.map((anchor, i) => (
            <button key={i} type="button" className="link anchor-link" onClick={() => open(i)} data-testid="anchor-link">
              {anchor.field_name || anchor.text}
            </button>
          ))}
        </p>
      ) : null}
      {rule.audit_message ? <p className="muted">{rule.audit_message}</p> : null}
    </li>
  );
}

function SubmitByBatch({ workspaceId, onSubmitted }: { workspaceId: string; onSubmitted: () => void }) {
  const t = useTranslate();
  const repos = useLoad(() => invoke('ruleRepos.list', { workspace_id: workspaceId }).then((a) => a.repos), [workspaceId]);
  const [repoId, setRepoId] = useState('');
  const [batch, setBatch] = useState('');
  const [name, setName] = useState('');
  const [model, setModel] = useState('');
  const [error, setError] = useState<string | null>(null);
  const repo = repoId || repos.value?.[0]?.repo_id || '';
  return (
    <form
      className="card button-row"
      onSubmit={(event) => {
        event.preventDefault();
        invoke('reviewTasks.submit', { workspace_id: workspaceId, name, repo_id: repo, batch_number: batch, ...(model ? { model: model as (typeof REVIEW_MODELS)[number] } : {}) }).then(
          () => {
            setError(null);
            onSubmitted();
          },
          (failure: unknown) => setError(errorMessage(failure)),
        );
      }}
    >
      <strong>{t('review.submitBatch')}</strong>
      <select value={repo} onChange={(event) => setRepoId(event.target.value)} aria-label={t('review.repo')}>
        {(repos.value ?? []).map((r) => (
          <option key={r.repo_id} value={r.repo_id}>
            {r.name}
          </option>
        ))}
      </select>
      <input required placeholder={t('documents.filter.batch')} value={batch} onChange={(event) => setBatch(event.target.value)} />
      <input required maxLength={100} placeholder={t('review.taskName')} value={name} onChange={(event) => setName(event.target.value)} />
      <select value={model} onChange={(event) => setModel(event.target.value)} aria-label={t('review.model')}>
        <option value="">{t('review.defaultModel')}</option>
        {REVIEW_MODELS.map((m) => (
          <option key={m} value={m}>
            {m}
          </option>
        ))}
      </select>
      <button type="submit" disabled={repo === ''}>{t('bulk.reviewSubmit')}</button>
      <ErrorNote message={error ?? repos.error} />
      <span className="muted">{t('review.orFromDocuments')}</span>
    </form>
  );
}

