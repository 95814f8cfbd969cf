import { useState } from 'react';
import type { ListedField } from '../../../shared/api/categories';
import { LIMITS } from '../../../shared/api/limits';
import { useTranslate } from '../../i18n/use-translate';

export interface FieldChange {
  field_id: string;
  name: string;
  alias: string[];
}

/** One field's name and other names, saved alone (the category's other fields are not sent). */
export function FieldEditor({ field, onSave, onCancel }: { field: ListedField; onSave: (change: FieldChange) => void; onCancel: () => void }) {
  const t = useTranslate();
  const [name, setName] = useState(field.name);
  const [aliases, setAliases] = useState((field.alias ?? []).join(', '));
  return (
    <form
      className="panel"
      data-testid="field-editor"
      onSubmit={(event) => {
        event.preventDefault();
        onSave({ field_id: field.id, name: name.trim(), alias: aliases.split(',').map((a) => a.trim()).filter((a) => a.length > 0) });
      }}
    >
      <label className="inline-field">
        <span>{t('categories.name')}</span>
        <input required maxLength={LIMITS.categoryName} value={name} onChange={(event) => setName(event.target.value)} />
      </label>
      <label className="block-field">
        <span>{t('categories.fieldAliases')}</span>
        <input value={aliases} onChange={(event) => setAliases(event.target.value)} />
      </label>
      <div className="button-row">
        <button type="submit" className="primary">{t('common.save')}</button>
        <button type="button" onClick={onCancel}>{t('common.cancel')}</button>
      </div>
    </form>
  );
}
