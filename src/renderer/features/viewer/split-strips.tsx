import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { IN_PROGRESS_STATUSES, TaskType } from '../../../shared/api/enums';
import type { SplitBoundaries, SplitBoundary } from '../../../shared/api/split';
import { ErrorNote } from '../../components/error-note';
import { StatusPill } from '../../components/status-pill';
import { useTranslate } from '../../i18n/use-translate';
import { invoke } from '../../lib/bridge';
import { errorMessage } from '../../lib/errors';
import { useStore } from '../../lib/store';
import { categoriesStore } from '../categories/categories-store';
import { recognitionLabel } from '../documents/status-labels';
import type { CachedFile, FileSession } from './file-session';
import { pagesToText } from './page-list-text';
import { stripCommand, type StripCommand } from './split-keys';
import { boundariesByPage, isDoubtful, percent } from './split-marks';
import { mergeWithNext, movePage, placeOf, planOfChildren, planProblems, restorePage, samePlan, setCategory, splitAt, splitTasksOf, type SplitPlan } from './split-plan';
import { Thumbnail } from './thumbnails';

/** Smaller than the page column's thumbnails: a few documents' strips fit the side panel. */
const STRIP_THUMB_WIDTH = 56;
const inProgress = (status: number) => (IN_PROGRESS_STATUSES as readonly number[]).includes(status);

/** A split file's documents as strips of its pages, edited here and sent as one split correction. Nothing for other files. */
export function SplitStrips({ session }: { session: FileSession }) {
  const file = useStore(session.store, (s) => s.file);
  const isSplit = file !== null && file.task_type === TaskType.parent && (file.child_files ?? []).some((c) => c.task_type === TaskType.splitChild);
  return isSplit ? <SplitEditor session={session} file={file} /> : null;
}

function SplitEditor({ session, file }: { session: FileSession; file: CachedFile }) {
  const t = useTranslate();
  const children = useMemo(() => (file.child_files ?? []).filter((c) => c.task_type === TaskType.splitChild), [file.child_files]);
  const cutKey = JSON.stringify(planOfChildren(children));
  const cut = useMemo<SplitPlan>(() => JSON.parse(cutKey) as SplitPlan, [cutKey]);
  // null: the strips follow the engine's cut (new children replace it as they arrive).
  const [draft, setDraft] = useState<SplitPlan | null>(null);
  // The plan applied, shown until the engine's new children are on its pages.
  const [sent, setSent] = useState<SplitPlan | null>(null);
  const plan = draft ?? sent ?? cut;
  const kept = useMemo(() => cut.flatMap((c) => c.pages), [cut]);
  const [selected, setSelected] = useState<number>(kept[0] ?? 0);
  const [error, setError] = useState<string | null>(null);
  const boundaries = useBoundaries(session.workspaceId, file.task_id, cutKey);
  const strips = useRef<HTMLDivElement>(null);
  const refocus = useRef(false);

  // Focus follows the page the keyboard moved, once it is drawn in its new place.
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    strips.current?.querySelector<HTMLElement>(`[data-page="${selected}"]`)?.focus();
  }, [plan, selected]);

  // The children asked for have arrived (on the pages asked for): the correction is done.
  useEffect(() => {
    if (sent && JSON.stringify(sent.map((c) => c.pages)) === JSON.stringify(cut.map((c) => c.pages))) setSent(null);
  }, [sent, cut]);

  const rereading = inProgress(file.recognition_status) || children.some((c) => inProgress(c.recognition_status));
  const waiting = file.local.pending > 0 && file.local.action === 'amend-category';
  // The engine takes a split correction only of a settled file.
  const busy = waiting || rereading || sent !== null;
  // Pages the engine left out (blank, separator) may be put back into a document by the clerk.
  const restorable = useMemo(() => (boundaries.answer?.dropped ?? []).map((d) => d.page), [boundaries.answer]);
  const problems = planProblems(plan, kept, restorable);
  const edited = draft !== null && !samePlan(draft, sent ?? cut);
  const edit = (next: SplitPlan) => setDraft(next);

  const select = (page: number) => {
    setSelected(page);
    session.store.set({ page });
  };
  const order = plan.flatMap((c) => c.pages);
  const run = (command: StripCommand, page: number) => {
    const step = (by: -1 | 1) => {
      const next = order[order.indexOf(page) + by];
      if (next !== undefined) select(next);
    };
    const actions: Record<StripCommand, () => void> = {
      previousPage: () => step(-1),
      nextPage: () => step(1),
      moveToPrevious: () => edit(movePage(plan, page, -1)),
      moveToNext: () => edit(movePage(plan, page, 1)),
      splitHere: () => edit(splitAt(plan, page)),
      mergeWithNext: () => edit(mergeWithNext(plan, placeOf(plan, page)?.child ?? -1)),
    };
    refocus.current = true;
    actions[command]();
  };
  const onKey = (event: KeyboardEvent, page: number) => {
    const command = stripCommand(event);
    if (command === undefined) return;
    event.preventDefault();
    event.stopPropagation();
    run(command, page);
  };

  const apply = async () => {
    try {
      await invoke('files.amendCategory', { workspace_id: session.workspaceId, task_id: file.task_id, split_tasks: splitTasksOf(plan) });
      setSent(plan);
      setDraft(null);
      setError(null);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  // Once the clerk has set the documents, the engine's old doubts no longer apply to them.
  const byClerk = boundaries.answer?.decided_by === 'clerk';
  const weighed = byClerk ? [] : (boundaries.answer?.boundaries ?? []);
  const marks = boundariesByPage(weighed);
  const doubtful = weighed.filter(isDoubtful).length;
  const status = waiting ? t('split.waiting') : sent || rereading ? t('split.rereading') : edited ? t('split.edited') : null;
  return (
    <div className="side-section split-strips" data-testid="split-strips" ref={strips}>
      <h3>{t('split.title')}</h3>
      <p className="muted" data-testid="split-summary">
        {t('split.summary', { count: plan.length })}
        {doubtful > 0 ? <span className="split-doubt-count"> · {t('split.doubtful', { count: doubtful })}</span> : null}
      </p>
      {boundaries.error ? <p className="muted">{t('split.noBoundaries')}</p> : null}
      {byClerk ? <p className="muted">{t('split.byClerk')}</p> : null}
      {plan.map((child, index) => (
        <ChildStrip
          key={index}
          index={index}
          child={child}
          last={index === plan.length - 1}
          record={sent || edited ? undefined : children[index]}
          marks={marks}
          selected={selected}
          session={session}
          onSelect={select}
          onKey={onKey}
          onCategory={(category) => edit(setCategory(plan, index, category))}
          onMerge={() => edit(mergeWithNext(plan, index))}
        />
      ))}
      <DroppedPages session={session} answer={boundaries.answer} plan={plan} onSelect={select} onRestore={(page) => edit(restorePage(plan, page))} />
      <div className="button-row split-page-actions">
        <button type="button" onClick={() => run('moveToPrevious', selected)} title="Shift+←">{t('split.movePrevious')}</button>
        <button type="button" onClick={() => run('moveToNext', selected)} title="Shift+→">{t('split.moveNext')}</button>
        <button type="button" onClick={() => run('splitHere', selected)} title="S">{t('split.splitHere')}</button>
      </div>
      <p className="muted hint">{t('split.keys')}</p>
      <div className="button-row">
        <button type="button" className="primary" data-testid="split-apply" disabled={!edited || problems.length > 0 || busy} onClick={() => void apply()}>
          {t('split.apply')}
        </button>
        <button type="button" disabled={!edited} onClick={() => setDraft(null)}>
          {t('split.reset')}
        </button>
      </div>
      {problems.length > 0 && edited ? <p className="tone-bad">{t('split.invalid')}</p> : null}
      {status ? (
        <p role="status" className="muted" data-testid="split-status">
          {status}
        </p>
      ) : null}
      <ErrorNote message={error} onDismiss={() => setError(null)} />
    </div>
  );
}

interface ChildStripProps {
  index: number;
  child: SplitPlan[number];
  last: boolean;
  /** The child as the engine holds it, while the strip is one of its children. */
  record: NonNullable<CachedFile['child_files']>[number] | undefined;
  marks: ReadonlyMap<number, SplitBoundary>;
  selected: number;
  session: FileSession;
  onSelect: (page: number) => void;
  onKey: (event: KeyboardEvent, page: number) => void;
  onCategory: (category: string) => void;
  onMerge: () => void;
}

function ChildStrip({ index, child, last, record, marks, selected, session, onSelect, onKey, onCategory, onMerge }: ChildStripProps) {
  const t = useTranslate();
  const { categories } = useStore(categoriesStore);
  const names = categories.map((c) => c.name);
  const label = record ? recognitionLabel(record.recognition_status) : undefined;
  const first = marks.get(child.pages[0] ?? -1);
  return (
    <section className="split-child" data-testid="split-child" data-pages={child.pages.join(',')} data-category={child.category} aria-label={t('split.document', { number: index + 1 })}>
      <header className="split-child-head">
        <strong>{t('split.document', { number: index + 1 })}</strong>
        {record ? (
          <a href={`#/file/${encodeURIComponent(record.id)}`} className="muted">
            {t('split.pages', { pages: pagesToText(child.pages) })}
          </a>
        ) : (
          <span className="muted">{t('split.pages', { pages: pagesToText(child.pages) })}</span>
        )}
        {label ? <StatusPill tone={label.tone} label={t(label.key)} /> : null}
        {first ? <BoundaryMark boundary={first} /> : null}
      </header>
      <div className="inline-field">
        <select value={child.category} aria-label={t('split.category', { number: index + 1 })} onChange={(event) => onCategory(event.target.value)}>
          {child.category === '' ? (
            <option value="" disabled>
              {t('documents.uncategorized')}
            </option>
          ) : null}
          {[...new Set([child.category, ...names])].filter(Boolean).map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        {last ? null : (
          <button type="button" className="link" data-testid="split-merge" onClick={onMerge} title="M">
            {t('split.mergeNext')}
          </button>
        )}
      </div>
      <div className="split-pages" role="group">
        {child.pages.map((page, i) => {
          const mark = i > 0 ? marks.get(page) : undefined;
          return (
            <div key={page} className="split-page-slot">
              {mark ? <BoundaryMark boundary={mark} compact /> : null}
              <button
                type="button"
                className={`split-page${page === selected ? ' selected' : ''}`}
                data-testid="split-page"
                data-page={page}
                tabIndex={page === selected ? 0 : -1}
                aria-pressed={page === selected}
                aria-label={t('viewer.pageShort', { page: page + 1 })}
                onClick={() => onSelect(page)}
                onFocus={() => page !== selected && onSelect(page)}
                onKeyDown={(event) => onKey(event, page)}
              >
                <Thumbnail session={session} index={page} size={STRIP_THUMB_WIDTH} />
                <span>{page + 1}</span>
              </button>
            </div>
          );
        })}
      </div>
    </section>
  );
}

/** The engine's decision before a page: new document or the same one, how sure, and why (the engine's words, as text). */
function BoundaryMark({ boundary, compact = false }: { boundary: SplitBoundary; compact?: boolean }) {
  const t = useTranslate();
  const doubtful = isDoubtful(boundary);
  const sure = percent(boundary.confidence);
  const words = boundary.starts ? t('split.starts', { percent: sure }) : t('split.continues', { percent: sure });
  return (
    <span className={`split-boundary${doubtful ? ' doubtful' : ''}${compact ? ' compact' : ''}`} data-testid="split-boundary" data-confidence={boundary.confidence} title={`${words}${doubtful ? ` — ${t('split.check')}` : ''}: ${boundary.reasons.join('; ')}`}>
      {doubtful ? '⚠ ' : ''}
      {compact ? `${sure}%` : words}
    </span>
  );
}

interface DroppedPagesProps {
  session: FileSession;
  answer: SplitBoundaries | undefined;
  plan: SplitPlan;
  onSelect: (page: number) => void;
  onRestore: (page: number) => void;
}

/** The pages the engine left out and no document holds now, each of which the clerk may put back. */
function DroppedPages({ session, answer, plan, onSelect, onRestore }: DroppedPagesProps) {
  const t = useTranslate();
  const dropped = (answer?.dropped ?? []).filter((d) => placeOf(plan, d.page) === undefined);
  if (dropped.length === 0) return null;
  return (
    <section className="split-dropped">
      <h4>{t('split.dropped')}</h4>
      <div className="split-pages">
        {dropped.map((d) => (
          <div key={d.page} className="split-page-slot">
            <button type="button" className="split-page dropped" data-testid="split-dropped" data-page={d.page} data-reason={d.reason} onClick={() => onSelect(d.page)}>
              <Thumbnail session={session} index={d.page} size={STRIP_THUMB_WIDTH} />
              <span>
                {d.page + 1} · {t(d.reason === 'blank' ? 'split.blank' : 'split.separator')}
              </span>
            </button>
            <button type="button" className="link" data-testid="split-restore" data-page={d.page} onClick={() => onRestore(d.page)}>
              {t('split.restore')}
            </button>
          </div>
        ))}
      </div>
    </section>
  );
}

/** The engine's boundaries of the file, read again whenever its children change; online and local engine only. */
function useBoundaries(workspaceId: string, taskId: string, cutKey: string) {
  const [state, setState] = useState<{ answer?: SplitBoundaries; error?: string }>({});
  useEffect(() => {
    let live = true;
    invoke('files.splitBoundaries', { workspace_id: workspaceId, task_id: taskId }).then(
      (answer) => live && setState({ answer }),
      (failure: unknown) => live && setState({ error: errorMessage(failure) }),
    );
    return () => {
      live = false;
    };
  }, [workspaceId, taskId, cutKey]);
  return state;
}
