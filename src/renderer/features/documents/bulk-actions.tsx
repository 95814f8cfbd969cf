import { useState } from 'react';
import { REVIEW_MODELS } from '../../../shared/api/enums';
import { ErrorNote } from '../../components/error-note';
import { useTranslate } from '../../i18n/use-translate';
import { invoke } from '../../lib/bridge';
import { errorMessage } from '../../lib/errors';
import { useLoad } from '../../lib/use-load';
import { useStore } from '../../lib/store';
import { categoriesStore } from '../categories/categories-store';
import { amendCategory, deleteFiles, keepOffline, retryFiles, type BulkOutcome } from './bulk-commands';
import { documentsStore, selectedRows, setSelection, type FileSummary } from './documents-store';

type Panel = 'none' | 'delete' | 'category' | 'review' | 'export';

/** Retry, delete, change category, submit for review, keep offline and export for the selected documents. */
export function BulkActions() {
  const t = useTranslate();
  const { selection, workspaceId, filters, pages } = useStore(documentsStore);
  const [panel, setPanel] = useState<Panel>('none');
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (workspaceId === null) return null;
  let loaded = 0;
  for (const rows of pages.values()) loaded += rows.length;

  const report = (outcome: BulkOutcome) => {
    setMessage(t('bulk.done', { count: outcome.done }));
    setError(outcome.failures.length > 0 ? outcome.failures.map((f) => (f.name ? `${f.name}: ${f.message}` : f.message)).join('\n') : null);
    setPanel('none');
  };
  const run = (action: (rows: FileSummary[]) => Promise<BulkOutcome>) => void action(selectedRows()).then(report);

  return (
    <div className="bulk-bar" aria-label={t('bulk.label')}>
      <span>{t('bulk.selected', { count: selection.size })}</span>
      <button type="button" className="link" onClick={() => setSelection([...pages.values()].flatMap((rows) => rows.map((r) => r.file_id)))}>
        {t('bulk.selectLoaded', { count: loaded })}
      </button>
      {selection.size > 0 ? (
        <>
          <button type="button" className="link" onClick={() => setSelection([])}>
            {t('bulk.clear')}
          </button>
          <button type="button" onClick={() => run((rows) => retryFiles(workspaceId, rows))}>{t('bulk.retry')}</button>
          <button type="button" onClick={() => setPanel('category')}>{t('bulk.category')}</button>
          <button type="button" onClick={() => setPanel('review')}>{t('bulk.review')}</button>
          <button type="button" onClick={() => run((rows) => keepOffline(workspaceId, rows))}>{t('bulk.offline')}</button>
          <button type="button" className="danger" onClick={() => setPanel('delete')}>{t('bulk.delete')}</button>
        </>
      ) : null}
      {filters.batch_number ? (
        <button type="button" onClick={() => setPanel('export')}>
          {t('bulk.export', { batch: filters.batch_number })}
        </button>
      ) : null}
      {panel === 'delete' ? (
        <span className="inline-confirm" role="alertdialog">
          {t('bulk.deleteConfirm', { count: selection.size })}
          <button type="button" className="danger" onClick={() => run((rows) => deleteFiles(workspaceId, rows))}>{t('bulk.deleteYes')}</button>
          <button type="button" onClick={() => setPanel('none')}>{t('common.cancel')}</button>
        </span>
      ) : null}
      {panel === 'category' ? <CategoryPanel onPick={(category) => run((rows) => amendCategory(workspaceId, rows, category))} onCancel={() => setPanel('none')} /> : null}
      {panel === 'review' ? <ReviewPanel workspaceId={workspaceId} onDone={report} onCancel={() => setPanel('none')} /> : null}
      {panel === 'export' && filters.batch_number ? <ExportPanel workspaceId={workspaceId} batch={filters.batch_number} onCancel={() => setPanel('none')} /> : null}
      {message ? <span className="muted" role="status">{message}</span> : null}
      <ErrorNote message={error} onDismiss={() => setError(null)} />
    </div>
  );
}

function CategoryPanel({ onPick, onCancel }: { onPick: (category: string) => void; onCancel: () => void }) {
  const t = useTranslate();
  const { categories } = useStore(categoriesStore);
  const [choice, setChoice] = useState(categories[0]?.name ?? '');
  return (
    <span className="inline-confirm">
      <select value={choice} onChange={(event) => setChoice(event.target.value)} aria-label={t('bulk.category')}>
        {categories.map((c) => (
          <option key={c.id} value={c.name}>
            {c.name}
          </option>
        ))}
      </select>
      <button type="button" disabled={choice === ''} onClick={() => onPick(choice)}>{t('common.apply')}</button>
      <button type="button" onClick={onCancel}>{t('common.cancel')}</button>
    </span>
  );
}

function ReviewPanel({ workspaceId, onDone, onCancel }: { workspaceId: string; onDone: (outcome: BulkOutcome) => void; onCancel: () => void }) {
  const t = useTranslate();
  const repos = useLoad(() => invoke('ruleRepos.list', { workspace_id: workspaceId }).then((answer) => answer.repos), [workspaceId]);
  const [chosenRepo, setRepoId] = useState<string | null>(null);
  const repoId = chosenRepo ?? repos.value?.[0]?.repo_id ?? '';
  const [name, setName] = useState(() => t('bulk.reviewName', { date: new Date().toLocaleDateString() }));
  const [model, setModel] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    const rows = selectedRows();
    try {
      await invoke('reviewTasks.submit', {
        workspace_id: workspaceId,
        name,
        repo_id: repoId,
        extract_task_ids: rows.map((r) => r.task_id),
        ...(model ? { model: model as (typeof REVIEW_MODELS)[number] } : {}),
      });
      onDone({ done: rows.length, failures: [] });
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  return (
    <span className="inline-confirm">
      <select value={repoId} onChange={(event) => setRepoId(event.target.value)} aria-label={t('review.repo')} data-testid="bulk-review-repo">
        {(repos.value ?? []).map((r) => (
          <option key={r.repo_id} value={r.repo_id}>
            {r.name}
          </option>
        ))}
      </select>
      <input value={name} maxLength={100} onChange={(event) => setName(event.target.value)} aria-label={t('review.taskName')} />
      <select value={model} onChange={(event) => setModel(event.target.value)} aria-label={t('review.model')}>
        <option value="">{t('review.defaultModel')}</option>
        {REVIEW_MODELS.map((m) => (
          <option key={m} value={m}>
            {m}
          </option>
        ))}
      </select>
      <button type="button" disabled={repoId === '' || name.trim() === ''} onClick={() => void submit()} data-testid="bulk-review-submit">
        {t('bulk.reviewSubmit')}
      </button>
      <button type="button" onClick={onCancel}>{t('common.cancel')}</button>
      <ErrorNote message={error ?? repos.error} />
    </span>
  );
}

function ExportPanel({ workspaceId, batch, onCancel }: { workspaceId: string; batch: string; onCancel: () => void }) {
  const t = useTranslate();
  const [result, setResult] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const exportAs = async (format: 'csv' | 'xlsx' | 'json') => {
    try {
      const answer = await invoke('export.batch', { workspace_id: workspaceId, batch_number: batch, format });
      setResult(t('bulk.exported', { count: answer.files, path: answer.path }));
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  return (
    <span className="inline-confirm">
      {(['csv', 'xlsx', 'json'] as const).map((format) => (
        <button type="button" key={format} onClick={() => void exportAs(format)}>
          {format.toUpperCase()}
        </button>
      ))}
      <button type="button" onClick={onCancel}>{t('common.close')}</button>
      {result ? <span role="status">{result}</span> : null}
      <ErrorNote message={error} />
    </span>
  );
}
