import { useState } from 'react';
import type { FieldsList } from '../../../shared/api/categories';
import { LIMITS } from '../../../shared/api/limits';
import { useTranslate } from '../../i18n/use-translate';

export interface TableChange {
  table_id: string;
  name: string;
  prompt: string;
}

/** One table's name and prompt, saved alone through the table routes (its fields and the category's other parts are not sent). */
export function TableEditor({ table, onSave, onCancel }: { table: FieldsList['tables'][number]; onSave: (change: TableChange) => void; onCancel: () => void }) {
  const t = useTranslate();
  const [name, setName] = useState(table.name);
  const [prompt, setPrompt] = useState(table.prompt ?? '');
  return (
    <form
      className="panel"
      data-testid="table-editor"
      onSubmit={(event) => {
        event.preventDefault();
        onSave({ table_id: table.id, name: name.trim(), prompt });
      }}
    >
      <label className="inline-field">
        <span>{t('categories.name')}</span>
        <input required maxLength={LIMITS.categoryName} value={name} onChange={(event) => setName(event.target.value)} />
      </label>
      <label className="block-field">
        <span>{t('categories.tablePrompt')}</span>
        <input maxLength={200} value={prompt} onChange={(event) => setPrompt(event.target.value)} />
      </label>
      <div className="button-row">
        <button type="submit" className="primary">{t('common.save')}</button>
        <button type="button" onClick={onCancel}>{t('common.cancel')}</button>
      </div>
    </form>
  );
}
