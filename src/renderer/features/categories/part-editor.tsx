import { useState } from 'react';
import { LIMITS } from '../../../shared/api/limits';
import { useTranslate } from '../../i18n/use-translate';

/** The one text a part carries beside its name: a field's other names, a table's prompt. */
export interface PartDetail {
  label: string;
  value: string;
  maxLength?: number;
}

/**
 * One part of a category (a field or a table): its name and one text beside it, saved alone through
 * the part's own route (the category's other parts are not sent).
 */
export function PartEditor({ testId, name: initialName, detail, onSave, onCancel }: { testId: string; name: string; detail: PartDetail; onSave: (name: string, detail: string) => void; onCancel: () => void }) {
  const t = useTranslate();
  const [name, setName] = useState(initialName);
  const [text, setText] = useState(detail.value);
  return (
    <form
      className="panel"
      data-testid={testId}
      onSubmit={(event) => {
        event.preventDefault();
        onSave(name.trim(), text);
      }}
    >
      <label className="inline-field">
        <span>{t('categories.name')}</span>
        <input required maxLength={LIMITS.categoryName} value={name} onChange={(event) => setName(event.target.value)} />
      </label>
      <label className="block-field">
        <span>{detail.label}</span>
        <input maxLength={detail.maxLength} value={text} onChange={(event) => setText(event.target.value)} />
      </label>
      <div className="button-row">
        <button type="submit" className="primary">{t('common.save')}</button>
        <button type="button" onClick={onCancel}>{t('common.cancel')}</button>
      </div>
    </form>
  );
}
