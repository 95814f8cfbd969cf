import { useState } from 'react';
import { CategoryEnabled, ExtractModel } from '../../../shared/api/enums';
import { ErrorNote } from '../../components/error-note';
import { useTranslate } from '../../i18n/use-translate';
import { invoke, localPaths } from '../../lib/bridge';
import { errorMessage } from '../../lib/errors';
import { useStore } from '../../lib/store';
import { workspaceStore } from '../workspaces/workspace-store';
import { categoriesStore, refreshCategories, type CachedCategory } from './categories-store';
import { listOf } from './category-form';
import { ForgetLearning } from './forget-learning';
import { NewCategory } from './new-category';
import { PartEditor } from './part-editor';
import { UnderstoodRoles } from './understood-roles';

const ENABLED_KEY = { 0: 'categories.disabled', 1: 'categories.enabled', 2: 'categories.draft' } as const;

/** Categories of the workspace: fields and tables, enable or disable, edit, samples, delete, create. */
export function CategoriesScreen() {
  const t = useTranslate();
  const { categories, error } = useStore(categoriesStore);
  const { activeId } = useStore(workspaceStore);
  const [creating, setCreating] = useState(false);
  if (activeId === null) return null;
  return (
    <section className="screen categories-screen" aria-labelledby="categories-title">
      <h1 id="categories-title">{t('nav.categories')}</h1>
      <ErrorNote message={error} />
      {creating ? <NewCategory workspaceId={activeId} onDone={() => setCreating(false)} /> : <button type="button" onClick={() => setCreating(true)}>{t('categories.new')}</button>}
      <div className="card-list">
        {categories.map((category) => (
          <CategoryCard key={category.id} workspaceId={activeId} category={category} />
        ))}
      </div>
    </section>
  );
}

function CategoryCard({ workspaceId, category }: { workspaceId: string; category: CachedCategory }) {
  const t = useTranslate();
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [editingField, setEditingField] = useState<string | null>(null);
  const [savedTo, setSavedTo] = useState<string | null>(null);
  const [editingTable, setEditingTable] = useState<string | null>(null);
  const ref = { workspace_id: workspaceId, category_id: category.id };
  const run = async (action: () => Promise<unknown>) => {
    try {
      await action();
      setError(null);
      await refreshCategories();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  const enabledKey = ENABLED_KEY[category.enabled as 0 | 1 | 2] ?? 'status.unknownValue';
  return (
    <div className="card" data-testid="category">
      <p>
        <strong>{category.name}</strong> <span className={`pill tone-${category.enabled === CategoryEnabled.enabled ? 'good' : 'waiting'}`}>{t(enabledKey)}</span>
        {category.extract_model ? <span className="muted"> · {category.extract_model}</span> : null}
        {category.local_pending > 0 ? <span className="pending-mark">{t('documents.localPending')}</span> : null}
      </p>
      {category.description ? <p>{category.description}</p> : null}
      {category.category_prompt ? <p className="muted">{category.category_prompt}</p> : null}
      <details>
        <summary>{t('categories.fieldsAndTables', { fields: category.fields?.fields.length ?? 0, tables: category.fields?.tables.length ?? 0 })}</summary>
        <ul>
          {(category.fields?.fields ?? []).map((field) => (
            <li key={field.id} data-testid="category-field">
              {field.name}
              {field.alias && field.alias.length > 0 ? <span className="muted"> ({field.alias.join(', ')})</span> : null}{' '}
              <button type="button" className="link" onClick={() => setEditingField(field.id)}>
                {t('categories.editField')}
              </button>
              {editingField === field.id ? (
                <PartEditor
                  testId="field-editor"
                  name={field.name}
                  detail={{ label: t('categories.fieldAliases'), value: (field.alias ?? []).join(', ') }}
                  onCancel={() => setEditingField(null)}
                  onSave={(name, aliases) => void run(() => invoke('categories.updateFields', { ...ref, fields: [{ field_id: field.id, name, alias: listOf(aliases) }] })).then(() => setEditingField(null))}
                />
              ) : null}
            </li>
          ))}
        </ul>
        {(category.fields?.tables ?? []).map((table) => (
          <div key={table.id} data-testid="category-table">
            <strong>{table.name}</strong>: {table.fields.map((f) => f.name).join(', ')}{' '}
            <button type="button" className="link" onClick={() => setEditingTable(table.id)}>
              {t('categories.editTable')}
            </button>{' '}
            <button type="button" className="link" onClick={() => void run(() => invoke('categories.deleteTables', { ...ref, table_ids: [table.id] }))}>
              {t('categories.deleteTable')}
            </button>
            {editingTable === table.id ? (
              <PartEditor
                testId="table-editor"
                name={table.name}
                detail={{ label: t('categories.tablePrompt'), value: table.prompt ?? '', maxLength: 200 }}
                onCancel={() => setEditingTable(null)}
                onSave={(name, prompt) => void run(() => invoke('categories.updateTables', { ...ref, tables: [{ table_id: table.id, name, prompt }] })).then(() => setEditingTable(null))}
              />
            ) : null}
          </div>
        ))}
      </details>
      <div className="button-row">
        <button type="button" onClick={() => setEditing(!editing)}>{t('common.edit')}</button>
        <button type="button" onClick={() => void run(() => invoke('categories.update', { ...ref, enabled: category.enabled === CategoryEnabled.enabled ? 0 : 1 }))}>
          {category.enabled === CategoryEnabled.enabled ? t('categories.disable') : t('categories.enable')}
        </button>
        <label className="button">
          {t('categories.addSamples')}
          <input type="file" multiple hidden onChange={(event) => event.target.files && void run(async () => invoke('categories.addSamples', { ...ref, paths: await localPaths([...event.target.files!]) }))} />
        </label>
        <button type="button" onClick={() => void run(async () => setSavedTo((await invoke('categories.downloadSamples', ref)).path))}>{t('categories.downloadSamples')}</button>
        {confirmDelete ? (
          <span className="inline-confirm">
            {t('categories.deleteConfirm', { name: category.name })}
            <button type="button" className="danger" onClick={() => void run(() => invoke('categories.delete', { workspace_id: workspaceId, category_ids: [category.id] }))}>{t('bulk.deleteYes')}</button>
            <button type="button" onClick={() => setConfirmDelete(false)}>{t('common.cancel')}</button>
          </span>
        ) : (
          <button type="button" className="danger" onClick={() => setConfirmDelete(true)}>{t('common.delete')}</button>
        )}
      </div>
      {editing ? <EditCategory category={category} workspaceId={workspaceId} onSave={(patch) => void run(() => invoke('categories.update', { ...ref, ...patch })).then(() => setEditing(false))} /> : null}
      {savedTo ? <p className="muted" data-testid="samples-saved">{t('categories.samplesSaved', { path: savedTo })}</p> : null}
      <ErrorNote message={error} onDismiss={() => setError(null)} />
    </div>
  );
}

type Patch = { name: string; description: string; category_prompt: string; extract_model: (typeof ExtractModel.options)[number] };

function EditCategory({ category, workspaceId, onSave }: { category: CachedCategory; workspaceId: string; onSave: (patch: Patch) => void }) {
  const t = useTranslate();
  const [name, setName] = useState(category.name);
  const [description, setDescription] = useState(category.description ?? '');
  const [prompt, setPrompt] = useState(category.category_prompt ?? '');
  const [model, setModel] = useState<Patch['extract_model']>((ExtractModel.options as readonly string[]).includes(category.extract_model ?? '') ? (category.extract_model as Patch['extract_model']) : 'Auto');
  return (
    <form
      className="panel"
      onSubmit={(event) => {
        event.preventDefault();
        onSave({ name, description, category_prompt: prompt, extract_model: model });
      }}
    >
      <label className="inline-field">
        <span>{t('categories.name')}</span>
        <input required maxLength={50} value={name} onChange={(event) => setName(event.target.value)} />
      </label>
      <label className="inline-field">
        <span>{t('categories.model')}</span>
        <select value={model} onChange={(event) => setModel(event.target.value as Patch['extract_model'])}>
          {ExtractModel.options.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
      </label>
      <label className="block-field">
        <span>{t('categories.description')}</span>
        <input maxLength={500} value={description} onChange={(event) => setDescription(event.target.value)} />
      </label>
      <label className="block-field">
        <span>{t('categories.prompt')}</span>
        <input maxLength={150} value={prompt} onChange={(event) => setPrompt(event.target.value)} />
      </label>
      <UnderstoodRoles workspaceId={workspaceId} categoryId={category.id} />
      <button type="submit" className="primary">{t('common.save')}</button>
      <ForgetLearning workspaceId={workspaceId} categoryId={category.id} />
    </form>
  );
}
