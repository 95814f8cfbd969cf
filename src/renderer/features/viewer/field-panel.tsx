import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useTranslate } from '../../i18n/use-translate';
import { formatPercent } from '../../lib/format';
import { useStore } from '../../lib/store';
import { confidenceTone } from './confidence';
import type { FileSession } from './file-session';
import { confirmField, editField, endEdit, nextToCheck, type DraftField } from './proofreading';
import { targetKey } from './target-keys';
import type { TargetInputs } from './use-target-inputs';

/** Each row's height (fixed in the style sheet): rows are placed without measuring them. */
export const FIELD_ROW_HEIGHT = 32;

/** Where the list starts in the side panel's scrolled content (the hint above it may wrap). */
function useOffsetIn(list: RefObject<HTMLElement | null>, scroller: RefObject<HTMLElement | null>, shown: boolean): number {
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    const [element, parent] = [list.current, scroller.current];
    if (!element || !parent) return;
    const measure = () => setOffset(element.getBoundingClientRect().top - parent.getBoundingClientRect().top + parent.scrollTop);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(parent);
    return () => observer.disconnect();
  }, [list, scroller, shown]);
  return offset;
}

/**
 * The recognised fields, one input each: Tab moves on, Enter confirms and jumps to the next field
 * to check. Only the rows in view are in the page (a file of 500 fields opens as fast as one of
 * ten); moving past them with the keyboard or a box scrolls the field in first.
 */
export function FieldPanel({ session, inputs, scroller }: { session: FileSession; inputs: TargetInputs; scroller: RefObject<HTMLElement | null> }) {
  const t = useTranslate();
  const { proof, focus, hover } = useStore(session.store, (s) => ({ proof: s.proof, focus: s.focus, hover: s.hover }));
  const list = useRef<HTMLOListElement>(null);
  const count = proof?.draft.fields.length ?? 0;
  const scrollMargin = useOffsetIn(list, scroller, count > 0);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => FIELD_ROW_HEIGHT,
    overscan: 8,
    scrollMargin,
    // Rows drawn before the side panel is measured: as many as the window holds (the panel is never taller).
    initialRect: { width: 0, height: window.innerHeight },
    useFlushSync: false,
  });

  useEffect(
    () =>
      inputs.revealWith((target) => {
        if (!('field' in target) || target.field >= count) return false;
        virtualizer.scrollToIndex(target.field, { align: 'auto' });
        return true;
      }),
    [inputs, virtualizer, count],
  );

  if (proof === null) return null;
  if (count === 0) return <p className="muted">{t('viewer.noFields')}</p>;

  return (
    <ol className="field-list" aria-label={t('viewer.fields')} ref={list} style={{ height: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map(({ index, start }) => {
        const field = proof.draft.fields[index]!;
        const lit = (focus && 'field' in focus && focus.field === index) || (hover && 'field' in hover && hover.field === index);
        return (
          <FieldRow
            key={index}
            index={index}
            top={start - scrollMargin}
            field={field}
            confidence={proof.confidence[index]}
            confirmed={proof.confirmed.has(index)}
            lit={Boolean(lit)}
            session={session}
            inputs={inputs}
          />
        );
      })}
    </ol>
  );
}

/** Tab moves through every field (the next row may not be in the page yet), then out of the list; Enter confirms and jumps to the next field to check. */
function onFieldKey(session: FileSession, inputs: TargetInputs, index: number, event: KeyboardEvent<HTMLInputElement>): void {
  const count = session.store.get().proof?.draft.fields.length ?? 0;
  if (event.key === 'Tab' && !event.ctrlKey && !event.altKey) {
    const next = index + (event.shiftKey ? -1 : 1);
    if (next < 0 || next >= count) return;
    event.preventDefault();
    return inputs.focus({ field: next });
  }
  if (event.key !== 'Enter' || event.ctrlKey || event.altKey || event.shiftKey) return;
  event.preventDefault();
  session.update((s) => confirmField(s, index));
  void session.save();
  const after = session.store.get().proof!;
  const next = nextToCheck(after, index) ?? (index + 1 < after.draft.fields.length ? index + 1 : undefined);
  if (next !== undefined) inputs.focus({ field: next });
}

interface FieldRowProps {
  index: number;
  top: number;
  field: DraftField;
  confidence: number | undefined;
  confirmed: boolean;
  lit: boolean;
  session: FileSession;
  inputs: TargetInputs;
}

function FieldRowView({ index, top, field, confidence, confirmed, lit, session, inputs }: FieldRowProps) {
  const t = useTranslate();
  const tone = confidenceTone(confidence, field.value);
  const id = `field-input-${index}`;
  return (
    <li
      className={`field-row tone-${tone}${lit ? ' lit' : ''}${confirmed ? ' confirmed' : ''}`}
      style={{ transform: `translateY(${top}px)` }}
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
        onKeyDown={(event) => onFieldKey(session, inputs, index, event)}
        aria-describedby={`${id}-confidence`}
      />
      <span id={`${id}-confidence`} className="field-confidence" title={t(`confidence.${tone}`)}>
        {confirmed ? '✓' : formatPercent(confidence)}
      </span>
    </li>
  );
}

/** A row renders again only when what it shows changes (typing in one field leaves the others alone). */
const FieldRow = memo(FieldRowView, (a, b) => a.index === b.index && a.top === b.top && a.field === b.field && a.confidence === b.confidence && a.confirmed === b.confirmed && a.lit === b.lit && a.session === b.session && a.inputs === b.inputs);
