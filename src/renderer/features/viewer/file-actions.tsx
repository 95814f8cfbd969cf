import { useState } from 'react';
import { TaskType } from '../../../shared/api/enums';
import type { ParserParamsIn } from '../../../shared/api/files';
import { ErrorNote } from '../../components/error-note';
import { useTranslate } from '../../i18n/use-translate';
import { invoke } from '../../lib/bridge';
import { errorMessage } from '../../lib/errors';
import { useStore } from '../../lib/store';
import { categoriesStore } from '../categories/categories-store';
import { ParserOptions } from '../intake/parser-options';
import { navigate } from '../shell/route-store';
import type { CachedFile, FileSession } from './file-session';

type Panel = 'none' | 'category' | 'reextract' | 'retry' | 'delete';

/** Amend category (crop children too; a split file's documents are corrected in its strips), re-extract with prompts, retry with parser options, delete. */
export function FileActions({ session }: { session: FileSession }) {
  const t = useTranslate();
  const file = useStore(session.store, (s) => s.file);
  const [panel, setPanel] = useState<Panel>('none');
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (file === null) return null;
  const base = { workspace_id: session.workspaceId, task_id: file.task_id };
  // A split file's categories and pages are the split strips' job.
  const splitParent = file.task_type === TaskType.parent && (file.child_files ?? []).some((c) => c.task_type === TaskType.splitChild);

  const submit = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      setNote(done);
      setError(null);
      setPanel('none');
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <div className="side-section file-actions">
      <h3>{t('actions.title')}</h3>
      <div className="button-row">
        {splitParent ? null : (
          <button type="button" onClick={() => setPanel('category')}>
            {t('actions.category')}
          </button>
        )}
        <button type="button" onClick={() => setPanel('reextract')}>{t('actions.reextract')}</button>
        <button type="button" onClick={() => setPanel('retry')}>{t('actions.retry')}</button>
        <button type="button" className="danger" onClick={() => setPanel('delete')}>{t('actions.delete')}</button>
      </div>
      {panel === 'category' ? <AmendCategory file={file} onSubmit={(body) => void submit(() => invoke('files.amendCategory', { ...base, ...body }), t('actions.queued'))} /> : null}
      {panel === 'reextract' ? <ReExtract file={file} onSubmit={(fields) => void submit(() => invoke('files.reExtract', { ...base, fields }), t('actions.queued'))} /> : null}
      {panel === 'retry' ? <Retry onSubmit={(parser_params) => void submit(() => invoke('files.retry', { ...base, parser_params }), t('actions.queued'))} /> : null}
      {panel === 'delete' ? (
        <p className="inline-confirm">
          {t('actions.deleteConfirm', { name: file.name })}
          <button
            type="button"
            className="danger"
            onClick={() =>
              void submit(async () => {
                await invoke('files.delete', { workspace_id: session.workspaceId, file_ids: [file.id] });
                navigate({ screen: 'documents' });
              }, t('actions.queued'))
            }
          >
            {t('bulk.deleteYes')}
          </button>
        </p>
      ) : null}
      {panel !== 'none' ? (
        <button type="button" className="link" onClick={() => setPanel('none')}>
          {t('common.cancel')}
        </button>
      ) : null}
      {note ? <p role="status" className="muted">{note}</p> : null}
      <ErrorNote message={error} onDismiss={() => setError(null)} />
    </div>
  );
}

type AmendBody = { category?: string; crop_tasks?: { crop_child_task_id: string; category: string }[] };

function AmendCategory({ file, onSubmit }: { file: CachedFile; onSubmit: (body: AmendBody) => void }) {
  const t = useTranslate();
  const { categories } = useStore(categoriesStore);
  const children = file.child_files ?? [];
  const crops = children.filter((c) => c.task_type === TaskType.cropChild);
  const [category, setCategory] = useState(file.category ?? '');
  const [cropRows, setCropRows] = useState(() => crops.map((c) => ({ id: c.task_id, name: c.name, category: c.category ?? '' })));
  const options = categories.map((c) => (
    <option key={c.id} value={c.name}>
      {c.name}
    </option>
  ));
  if (file.task_type === TaskType.parent && crops.length > 0) {
    return (
      <div className="panel">
        {cropRows.map((row, i) => (
          <label key={row.id} className="inline-field">
            <span>{row.name}</span>
            <select value={row.category} onChange={(event) => setCropRows(cropRows.map((r, j) => (j === i ? { ...r, category: event.target.value } : r)))}>
              {options}
            </select>
          </label>
        ))}
        <button type="button" onClick={() => onSubmit({ crop_tasks: cropRows.map((r) => ({ crop_child_task_id: r.id, category: r.category })) })}>{t('common.apply')}</button>
      </div>
    );
  }
  return (
    <div className="panel inline-field">
      <select value={category} onChange={(event) => setCategory(event.target.value)} aria-label={t('actions.category')}>
        <option value="" disabled>
          {t('documents.uncategorized')}
        </option>
        {options}
      </select>
      <button type="button" disabled={category === '' || category === file.category} onClick={() => onSubmit({ category })}>
        {t('common.apply')}
      </button>
    </div>
  );
}

function ReExtract({ file, onSubmit }: { file: CachedFile; onSubmit: (fields: { key: string; prompt?: string }[]) => void }) {
  const t = useTranslate();
  const keys = [...new Set((file.data?.fields ?? []).map((f) => f.key))];
  const [chosen, setChosen] = useState<Record<string, string | undefined>>({});
  const [extra, setExtra] = useState('');
  const fields = [
    ...Object.entries(chosen)
      .filter((entry): entry is [string, string] => entry[1] !== undefined)
      .map(([key, prompt]) => ({ key, ...(prompt ? { prompt } : {}) })),
    ...(extra.trim() ? [{ key: extra.trim() }] : []),
  ];
  return (
    <div className="panel">
      {keys.map((key) => (
        <div key={key} className="inline-field">
          <label className="inline-field">
            <input type="checkbox" checked={chosen[key] !== undefined} onChange={(event) => setChosen({ ...chosen, [key]: event.target.checked ? '' : undefined })} />
            <span>{key}</span>
          </label>
          {chosen[key] !== undefined ? <input placeholder={t('actions.prompt')} value={chosen[key]} onChange={(event) => setChosen({ ...chosen, [key]: event.target.value })} /> : null}
        </div>
      ))}
      <input placeholder={t('actions.newField')} value={extra} onChange={(event) => setExtra(event.target.value)} />
      <button type="button" disabled={fields.length === 0} onClick={() => onSubmit(fields)}>
        {t('actions.reextract')}
      </button>
    </div>
  );
}

function Retry({ onSubmit }: { onSubmit: (params: ParserParamsIn) => void }) {
  const t = useTranslate();
  const [params, setParams] = useState<ParserParamsIn>({});
  return (
    <div className="panel">
      <ParserOptions value={params} onChange={setParams} />
      <button type="button" onClick={() => onSubmit(params)}>{t('actions.retry')}</button>
    </div>
  );
}
