import { useRef, useState } from 'react';
import { RISK_LEVELS } from '../../../shared/api/enums';
import type { CheckSuggestion } from '../../../shared/ipc/channels/rule-suggestions';
import type { InvokeResult } from '../../../shared/ipc/invoke-contract';
import { useTranslate } from '../../i18n/use-translate';
import { useStore } from '../../lib/store';
import { categoriesStore } from '../categories/categories-store';
import { workspaceStore } from '../workspaces/workspace-store';
import { CheckSuggestionNote, checkLinesText } from './check-suggestion';
import { DraftTest } from './draft-test';
import { referencedFieldsOf, type FieldPick } from './referenced-fields';

type Rule = InvokeResult<'ruleRepos.list'>['repos'][number]['groups'][number]['rules'][number];

export interface RuleDraft {
  name: string;
  prompt: string;
  category_ids: string[];
  risk_level?: 10 | 20 | 30;
  referenced_fields: ReturnType<typeof referencedFieldsOf>;
}

/** Name, prompt (check lines, or a check suggested from its prose, tried on selected documents before saving), risk, categories, and a picker that inserts [Field] and records the reference. */
export function RuleEditor({ rule, onSave, onCancel }: { rule?: Rule; onSave: (draft: RuleDraft) => void; onCancel: () => void }) {
  const t = useTranslate();
  const { categories } = useStore(categoriesStore);
  const { activeId } = useStore(workspaceStore);
  const [name, setName] = useState(rule?.name ?? '');
  const [prompt, setPrompt] = useState(rule?.prompt ?? '');
  const [risk, setRisk] = useState<string>(rule?.risk_level ? String(rule.risk_level) : '');
  const [categoryIds, setCategoryIds] = useState<string[]>(rule?.category_ids ?? []);
  const [picks, setPicks] = useState<FieldPick[]>(() =>
    (rule?.referenced_fields ?? []).flatMap((ref) => [
      ...ref.fields.map((f) => ({ categoryId: ref.category_id, categoryName: ref.category_name ?? '', fieldId: f.field_id, fieldName: f.field_name })),
      ...ref.tables.flatMap((table) => table.fields.map((f) => ({ categoryId: ref.category_id, categoryName: ref.category_name ?? '', table: { id: table.table_id, name: table.table_name ?? '' }, fieldId: f.field_id, fieldName: f.field_name }))),
    ]),
  );
  const promptBox = useRef<HTMLTextAreaElement>(null);

  const remember = (added: readonly FieldPick[]) => {
    const fresh = added.filter((pick, i) => ![...picks, ...added.slice(0, i)].some((p) => p.fieldId === pick.fieldId && p.table?.id === pick.table?.id));
    if (fresh.length > 0) setPicks([...picks, ...fresh]);
  };

  const insert = (pick: FieldPick) => {
    const reference = `[${pick.table ? `${pick.table.name}.` : ''}${pick.fieldName}]`;
    const box = promptBox.current;
    const at = box?.selectionStart ?? prompt.length;
    setPrompt(prompt.slice(0, at) + reference + prompt.slice(box?.selectionEnd ?? at));
    remember([pick]);
    if (!categoryIds.includes(pick.categoryId)) setCategoryIds([...categoryIds, pick.categoryId]);
    requestAnimationFrame(() => box?.focus());
  };

  // The check lines go below the prose they were read from; to edit, they are selected in the box.
  const insertSuggestion = (suggestion: CheckSuggestion, edit: boolean) => {
    const lines = checkLinesText(suggestion);
    const before = `${prompt.trimEnd()}\n`;
    setPrompt(before + lines);
    remember(suggestion.fields.map((f) => ({ categoryId: f.category_id, categoryName: f.category_name, ...(f.table ? { table: f.table } : {}), fieldId: f.field_id, fieldName: f.field_name })));
    const box = promptBox.current;
    requestAnimationFrame(() => {
      box?.focus();
      if (edit) box?.setSelectionRange(before.length, before.length + lines.length);
    });
  };

  const chosen = categories.filter((c) => categoryIds.includes(c.id));
  return (
    <form
      className="card rule-editor"
      onSubmit={(event) => {
        event.preventDefault();
        onSave({ name, prompt, category_ids: categoryIds, ...(risk ? { risk_level: Number(risk) as 10 | 20 | 30 } : {}), referenced_fields: referencedFieldsOf(picks) });
      }}
    >
      <label className="inline-field">
        <span>{t('review.ruleName')}</span>
        <input required maxLength={100} value={name} onChange={(event) => setName(event.target.value)} />
      </label>
      <label className="inline-field">
        <span>{t('review.risk')}</span>
        <select value={risk} onChange={(event) => setRisk(event.target.value)}>
          <option value="">—</option>
          {RISK_LEVELS.map((level) => (
            <option key={level} value={level}>
              {t(`risk.${level}`)}
            </option>
          ))}
        </select>
      </label>
      <fieldset>
        <legend>{t('review.categories')}</legend>
        {categories.map((c) => (
          <label key={c.id} className="inline-field">
            <input type="checkbox" checked={categoryIds.includes(c.id)} onChange={(event) => setCategoryIds(event.target.checked ? [...categoryIds, c.id] : categoryIds.filter((id) => id !== c.id))} />
            <span>{c.name}</span>
          </label>
        ))}
      </fieldset>
      <label className="block-field">
        <span>{t('review.prompt')}</span>
        <textarea ref={promptBox} required rows={5} value={prompt} onChange={(event) => setPrompt(event.target.value)} placeholder={'check: [Amount] + [Tax] = [Total]'} />
      </label>
      {activeId ? <CheckSuggestionNote workspaceId={activeId} prompt={prompt} categoryIds={categoryIds} onInsert={insertSuggestion} /> : null}
      {activeId ? <DraftTest workspaceId={activeId} prompt={prompt} categoryIds={categoryIds} /> : null}
      <details open>
        <summary>{t('review.fieldPicker')}</summary>
        {chosen.length === 0 ? <p className="muted">{t('review.pickCategoryFirst')}</p> : null}
        {chosen.map((category) => (
          <div key={category.id}>
            <strong>{category.name}</strong>{' '}
            {(category.fields?.fields ?? []).map((field) => (
              <button type="button" key={field.id} className="link" onClick={() => insert({ categoryId: category.id, categoryName: category.name, fieldId: field.id, fieldName: field.name })}>
                [{field.name}]
              </button>
            ))}
            {(category.fields?.tables ?? []).flatMap((table) =>
              table.fields.map((field) => (
                <button type="button" key={`${table.id}.${field.id}`} className="link" onClick={() => insert({ categoryId: category.id, categoryName: category.name, table: { id: table.id, name: table.name }, fieldId: field.id, fieldName: field.name })}>
                  [{table.name}.{field.name}]
                </button>
              )),
            )}
          </div>
        ))}
        {picks.length > 0 ? <p className="muted">{t('review.referenced', { fields: picks.map((p) => (p.table ? `${p.table.name}.${p.fieldName}` : p.fieldName)).join(', ') })}</p> : null}
      </details>
      <div className="button-row">
        <button type="submit" className="primary">{t('common.save')}</button>
        <button type="button" onClick={onCancel}>{t('common.cancel')}</button>
      </div>
    </form>
  );
}
