import type { KeyboardEvent } from 'react';
import { useTranslate } from '../../i18n/use-translate';
import { formatPercent } from '../../lib/format';
import { useStore } from '../../lib/store';
import { confidenceTone } from './confidence';
import type { FileSession } from './file-session';
import type { OverlayTarget } from './overlay-boxes';
import { confirmField, editField, endEdit, nextToCheck } from './proofreading';
import { targetKey } from './target-keys';

export interface TargetInputs {
  register(target: OverlayTarget, element: HTMLInputElement | null): void;
  focus(target: OverlayTarget): void;
}

/** The recognised fields, one input each: Tab moves on, Enter confirms and jumps to the next field to check. */
export function FieldPanel({ session, inputs }: { session: FileSession; inputs: TargetInputs }) {
  const t = useTranslate();
  const { proof, focus, hover } = useStore(session.store, (s) => ({ proof: s.proof, focus: s.focus, hover: s.hover }));
  if (proof === null) return null;
  if (proof.draft.fields.length === 0) return <p className="muted">{t('viewer.noFields')}</p>;

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || event.ctrlKey || event.altKey || event.shiftKey) return;
    event.preventDefault();
    session.update((s) => confirmField(s, index));
    void session.save();
    const after = session.store.get().proof!;
    const next = nextToCheck(after, index) ?? (index + 1 < after.draft.fields.length ? index + 1 : undefined);
    if (next !== undefined) inputs.focus({ field: next });
  };

  return (
    <ol className="field-list" aria-label={t('viewer.fields')}>
      {proof.draft.fields.map((field, index) => {
        const tone = confidenceTone(proof.confidence[index], field.value);
        const lit = (focus && 'field' in focus && focus.field === index) || (hover && 'field' in hover && hover.field === index);
        const confirmed = proof.confirmed.has(index);
        const id = `field-input-${index}`;
        return (
          <li
            key={index}
            className={`field-row tone-${tone}${lit ? ' lit' : ''}${confirmed ? ' confirmed' : ''}`}
            onMouseEnter={() => session.store.set({ hover: { field: index } })}
            onMouseLeave={() => session.store.set({ hover: null })}
          >
            <label htmlFor={id} className="field-key" title={field.key}>
              {field.key}
            </label>
            <input
              id={id}
              ref={(element) => inputs.register({ field: index }, element)}
              data-testid={targetKey({ field: index })}
              value={field.value}
              onChange={(event) => session.update((s) => editField(s, index, event.target.value))}
              onFocus={() => {
                session.update(endEdit);
                const page = field.position?.[0]?.page;
                session.store.set({ focus: { field: index }, ...(page !== undefined ? { page } : {}) });
              }}
              onBlur={() => void session.save()}
              onKeyDown={onKeyDown(index)}
              aria-describedby={`${id}-confidence`}
            />
            <span id={`${id}-confidence`} className="field-confidence" title={t(`confidence.${tone}`)}>
              {confirmed ? '✓' : formatPercent(proof.confidence[index])}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
