import { useState } from 'react';
import { ExtractModel } from '../../../shared/api/enums';
import { ErrorNote } from '../../components/error-note';
import { useTranslate } from '../../i18n/use-translate';
import { invoke, localPaths } from '../../lib/bridge';
import { errorMessage } from '../../lib/errors';
import { createPartsOf, EMPTY_FIELD, type FieldRow, type TableRow } from './category-form';
import { refreshCategories } from './categories-store';

type Model = (typeof ExtractModel.options)[number];

/** A new category: fields with aliases, prompts and transforms; tables; sample files; prompt; model. */
export function NewCategory({ workspaceId, onDone }: { workspaceId: string; onDone: () => void }) {
  const t = useTranslate();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [prompt, setPrompt] = useState('');
  const [model, setModel] = useState<Model>('Auto');
  const [fields, setFields] = useState<FieldRow[]>([{ ...EMPTY_FIELD }]);
  const [tables, setTables] = useState<TableRow[]>([]);
  const [samples, setSamples] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);

  const setField = (index: number, patch: Partial<FieldRow>) => setFields(fields.map((f, i) => (i === index ? { ...f, ...patch } : f)));
  const setTable = (index: number, patch: Partial<TableRow>) => setTables(tables.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const submit = async () => {
    try {
      const parts = createPartsOf({ workspaceId, name, description, prompt, model, fields, tables });
      await invoke('categories.create', { ...parts, sample_files: await localPaths(samples) });
      await refreshCategories();
      onDone();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  const fieldInput = (index: number, key: keyof FieldRow, label: string) => <input placeholder={label} aria-label={label} value={fields[index]![key]} onChange={(event) => setField(index, { [key]: event.target.value })} />;

  return (
    <form
      className="card new-category"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2>{t('categories.new')}</h2>
      <label className="inline-field">
        <span>{t('categories.name')}</span>
        <input required maxLength={50} value={name} onChange={(event) => setName(event.target.value)} />
      </label>
      <label className="inline-field">
        <span>{t('categories.model')}</span>
        <select value={model} onChange={(event) => setModel(event.target.value as Model)}>
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
      <h3>{t('categories.fields')}</h3>
      {fields.map((_, index) => (
        <div key={index} className="button-row">
          {fieldInput(index, 'name', t('categories.fieldName'))}
          {fieldInput(index, 'aliases', t('categories.aliases'))}
          {fieldInput(index, 'prompt', t('categories.fieldPrompt'))}
          {fieldInput(index, 'dateFormat', t('categories.dateFormat'))}
          {fieldInput(index, 'choices', t('categories.choices'))}
          {fieldInput(index, 'pattern', t('categories.pattern'))}
          {fieldInput(index, 'replace', t('categories.replace'))}
          {fieldInput(index, 'fallback', t('categories.fallback'))}
          <button type="button" className="link" onClick={() => setFields(fields.filter((__, i) => i !== index))} disabled={fields.length === 1}>
            ×
          </button>
        </div>
      ))}
      <button type="button" onClick={() => setFields([...fields, { ...EMPTY_FIELD }])}>{t('categories.addField')}</button>
      <h3>{t('categories.tables')}</h3>
      {tables.map((table, index) => (
        <div key={index} className="button-row">
          <input placeholder={t('categories.tableName')} aria-label={t('categories.tableName')} value={table.name} onChange={(event) => setTable(index, { name: event.target.value })} />
          <input placeholder={t('categories.columns')} aria-label={t('categories.columns')} value={table.columns} onChange={(event) => setTable(index, { columns: event.target.value })} />
          <input placeholder={t('categories.fieldPrompt')} aria-label={t('categories.fieldPrompt')} value={table.prompt} onChange={(event) => setTable(index, { prompt: event.target.value })} />
          <button type="button" className="link" onClick={() => setTables(tables.filter((__, i) => i !== index))}>
            ×
          </button>
        </div>
      ))}
      <button type="button" onClick={() => setTables([...tables, { name: '', prompt: '', columns: '' }])}>{t('categories.addTable')}</button>
      <h3>{t('categories.samples')}</h3>
      <input type="file" multiple onChange={(event) => setSamples([...(event.target.files ?? [])])} aria-label={t('categories.samples')} />
      <p className="muted">{t('categories.samplesHelp', { count: samples.length })}</p>
      <div className="button-row">
        <button type="submit" className="primary" disabled={samples.length === 0}>
          {t('common.create')}
        </button>
        <button type="button" onClick={onDone}>{t('common.cancel')}</button>
      </div>
      <ErrorNote message={error} />
    </form>
  );
}
