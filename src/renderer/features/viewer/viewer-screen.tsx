import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { FileData } from '../../../shared/api/files';
import { ErrorNote } from '../../components/error-note';
import { StatusPill } from '../../components/status-pill';
import { useTranslate } from '../../i18n/use-translate';
import { invoke } from '../../lib/bridge';
import { useStore } from '../../lib/store';
import { invoiceLabel, recognitionLabel, verificationLabel } from '../documents/status-labels';
import { InvoiceDetails } from '../invoices/invoice-details';
import { FileJournal } from '../journal/file-journal';
import { useQueueIds } from '../queues/queue-ids';
import { placeIn } from '../queues/queue-place';
import type { Route } from '../shell/route';
import { navigate } from '../shell/route-store';
import { workspaceStore } from '../workspaces/workspace-store';
import { FieldPanel } from './field-panel';
import { FileActions } from './file-actions';
import { openFileSession, type FileSession } from './file-session';
import { quarterTurn, zoomStep } from './geometry';
import type { OverlayKind, OverlayTarget } from './overlay-boxes';
import { PageView, usePageFrame } from './page-view';
import { nextToCheck, redo, undo } from './proofreading';
import { TableEditor } from './table-editor';
import { ChildFiles, OtherTables, StampsAndHandwriting } from './side-sections';
import { SplitStrips } from './split-strips';
import { Thumbnails } from './thumbnails';
import { useTargetInputs, type TargetInputs } from './use-target-inputs';
import { viewerCommand, type ViewerCommand } from './viewer-keys';

type ViewerRoute = Extract<Route, { screen: 'viewer' }>;

export function ViewerScreen({ route }: { route: ViewerRoute }) {
  const t = useTranslate();
  const { activeId } = useStore(workspaceStore);
  if (activeId === null) return <p className="muted">{t('common.loading')}</p>;
  return <FileViewer key={`${activeId}:${route.fileId}`} workspaceId={activeId} route={route} />;
}

function FileViewer({ workspaceId, route }: { workspaceId: string; route: ViewerRoute }) {
  const t = useTranslate();
  // The page of the first address only: later page changes in the address are followed below.
  const session = useMemo(() => openFileSession(workspaceId, route.fileId, route.page), [workspaceId, route.fileId]);
  useEffect(() => () => session.dispose(), [session]);
  const state = useStore(session.store);
  const textPages = useStore(session.texts.store, (s) => s.count);
  const inputs = useTargetInputs();
  const [queueRound, setQueueRound] = useState(0);
  const queueIds = useQueueIds(workspaceId, route.queue, queueRound);
  const remembered = useRef<number | undefined>(undefined);
  const place = route.queue && queueIds.value ? placeIn(queueIds.value, route.fileId, remembered.current) : undefined;
  if (place?.position !== undefined) remembered.current = place.position - 1;
  const anchor = route.box && route.page !== undefined ? { page: route.page, vertices: route.box } : undefined;
  const frame = usePageFrame(session);

  useEffect(() => {
    if (route.page !== undefined) session.store.set({ page: route.page });
  }, [session, route.page]);

  // Keyboard first: the cursor starts in the first field to check (unless an anchor was followed).
  const ready = state.proof !== null;
  const followsAnchor = anchor !== undefined;
  useEffect(() => {
    const proof = session.store.get().proof;
    if (!ready || followsAnchor || proof === null) return;
    const first = nextToCheck(proof, -1) ?? (proof.draft.fields.length > 0 ? 0 : undefined);
    if (first !== undefined) requestAnimationFrame(() => inputs.focus({ field: first }));
  }, [ready, followsAnchor, session, inputs]);

  const pick = useCallback(
    (target: OverlayTarget) => {
      session.store.set({ focus: target });
      inputs.focus(target);
    },
    [session, inputs],
  );

  const open = (fileId: string | undefined) => fileId && navigate({ screen: 'viewer', fileId, ...(route.queue ? { queue: route.queue } : {}) });

  const run = (command: ViewerCommand) => {
    const pages = Math.max(1, state.file?.pages.length ?? textPages);
    const current = session.store.get();
    const scale = current.scale ?? current.shownScale;
    const actions: Record<ViewerCommand, () => void> = {
      undo: () => (session.update(undo), void session.save()),
      redo: () => (session.update(redo), void session.save()),
      save: () => void session.save(),
      nextPage: () => session.store.set({ page: Math.min(pages - 1, current.page + 1) }),
      previousPage: () => session.store.set({ page: Math.max(0, current.page - 1) }),
      zoomIn: () => session.store.set({ scale: zoomStep(scale, 1) }),
      zoomOut: () => session.store.set({ scale: zoomStep(scale, -1) }),
      fit: () => session.store.set({ scale: null, fit: current.scale === null && current.fit === 'width' ? 'page' : 'width' }),
      rotate: () => session.store.set({ turn: quarterTurn(current.turn + 90) }),
      nextDocument: () => void session.save().then(() => open(place?.next)),
      previousDocument: () => void session.save().then(() => open(place?.previous)),
      markDone: () => void markDone(),
    };
    actions[command]();
  };

  const markDone = async () => {
    if (!route.queue) return;
    await session.save();
    await invoke('queues.markDone', { workspace_id: workspaceId, queue: route.queue, file_id: route.fileId, done: true });
    if (place?.next) open(place.next);
    else setQueueRound((r) => r + 1);
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const command = viewerCommand(event);
      if (command === undefined) return;
      event.preventDefault();
      run(command);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  // Leaving the file saves what is unsaved.
  useEffect(() => () => void session.save(), [session]);

  const file = state.file;
  const layers: OverlayKind[] = ['field', 'cell', 'stamp', 'handwriting'];
  const pageCount = Math.max(file?.pages.length ?? 0, textPages);
  const recognition = file ? recognitionLabel(file.recognition_status) : undefined;
  const verification = file ? verificationLabel(file.verification_status) : undefined;
  const invoiceResult = file?.data?.invoiceVerifyResult;
  const invoiceStatus = invoiceResult?.invoiceVerifyStatus;
  const invoice = invoiceStatus === undefined || invoiceStatus === null ? undefined : invoiceLabel(invoiceStatus === 1 ? 'verified' : 'failed');
  return (
    <section className="screen viewer-screen" aria-label={file?.name ?? t('common.loading')}>
      <header className="viewer-header">
        <button type="button" className="link" onClick={() => navigate(route.queue ? { screen: 'queues', queue: route.queue } : { screen: 'documents' })}>
          ← {route.queue ? t(`queue.${route.queue}`) : t('nav.documents')}
        </button>
        <h1 className="file-name" data-testid="viewer-file-name">{file?.name ?? ''}</h1>
        {recognition ? <StatusPill tone={recognition.tone} label={t(recognition.key)} /> : null}
        {verification ? <StatusPill tone={verification.tone} label={t(verification.key)} /> : null}
        {invoice ? <StatusPill tone={invoice.tone} label={t(invoice.key)} /> : null}
        {file?.local.pending ? <span className="pending-mark">{t('viewer.pendingSync', { count: file.local.pending })}</span> : null}
        {file?.local.conflict ? (
          <button type="button" className="link tone-warn" onClick={() => navigate({ screen: 'sync' })}>
            {t('viewer.conflict')}
          </button>
        ) : null}
        <span className="spacer" />
        <span className="muted" data-testid="save-state">
          {state.saving ? t('viewer.saving') : state.proof && state.lastSavedMs ? t('viewer.savedLocally') : ''}
        </span>
        {route.queue && place ? (
          <span className="queue-nav">
            <button type="button" disabled={!place.previous} onClick={() => run('previousDocument')} title="Alt+←">
              ‹
            </button>
            <span>{place.position !== undefined ? t('queue.position', { position: place.position, count: place.count }) : t('queue.left', { count: place.count })}</span>
            <button type="button" disabled={!place.next} onClick={() => run('nextDocument')} title="Alt+→">
              ›
            </button>
            <button type="button" onClick={() => void markDone()} title="Alt+Enter" data-testid="mark-done">
              {t('queue.markDone')}
            </button>
          </span>
        ) : null}
      </header>
      {file?.failure_causes ? <p className="failure-cause" role="note">{file.failure_causes}</p> : null}
      <ErrorNote message={state.loadError ?? state.saveError} />
      <div className="viewer-body">
        <Thumbnails session={session} count={pageCount} />
        <div className="viewer-page">
          <div className="viewer-toolbar" role="toolbar" aria-label={t('viewer.toolbar')}>
            <button type="button" onClick={() => run('previousPage')} disabled={state.page === 0} title="Alt+PageUp">
              {t('viewer.previousPage')}
            </button>
            <span data-testid="page-indicator">{t('viewer.page', { page: state.page + 1, count: Math.max(1, pageCount) })}</span>
            <button type="button" onClick={() => run('nextPage')} disabled={state.page + 1 >= pageCount} title="Alt+PageDown">
              {t('viewer.nextPage')}
            </button>
            <button type="button" onClick={() => run('zoomOut')} title="Alt+-" aria-label={t('viewer.zoomOut')}>
              −
            </button>
            <button type="button" onClick={() => run('zoomIn')} title="Alt+=" aria-label={t('viewer.zoomIn')}>
              +
            </button>
            <button type="button" onClick={() => session.store.set({ scale: null, fit: 'width' })}>{t('viewer.fitWidth')}</button>
            <button type="button" onClick={() => session.store.set({ scale: null, fit: 'page' })}>{t('viewer.fitPage')}</button>
            <button type="button" onClick={() => run('rotate')} title="Alt+R">
              {t('viewer.rotate')}
            </button>
            {frame && frame.angle !== 0 ? <span className="muted">{t('viewer.pageAngle', { angle: frame.angle })}</span> : null}
            <span className="spacer" />
            {layers.map((kind) => (
              <label key={kind} className="inline-field">
                <input type="checkbox" checked={state.layers[kind]} onChange={(event) => session.store.set((s) => ({ layers: { ...s.layers, [kind]: event.target.checked } }))} />
                <span>{t(`layer.${kind}`)}</span>
              </label>
            ))}
          </div>
          <PageView session={session} anchor={anchor} onPick={pick} />
        </div>
        <ViewerSide session={session} inputs={inputs} workspaceId={workspaceId} fileId={route.fileId} invoiceResult={invoiceResult} />
      </div>
    </section>
  );
}

interface ViewerSideProps {
  session: FileSession;
  inputs: TargetInputs;
  workspaceId: string;
  fileId: string;
  invoiceResult: FileData['invoiceVerifyResult'];
}

/**
 * The side panel. Its sections follow the session themselves, so the viewer's own renders (the
 * page drawn, a zoom step, a page turn) pass it by: a long journal or field list is not built again.
 */
const ViewerSide = memo(function ViewerSide({ session, inputs, workspaceId, fileId, invoiceResult }: ViewerSideProps) {
  const t = useTranslate();
  const side = useRef<HTMLElement>(null);
  return (
    <aside className="viewer-side" aria-label={t('viewer.fields')} ref={side}>
      <p className="muted hint">{t('viewer.keys')}</p>
      <SplitStrips session={session} />
      <FieldPanel session={session} inputs={inputs} scroller={side} />
      <TableEditor session={session} inputs={inputs} />
      <OtherTables session={session} />
      <StampsAndHandwriting session={session} />
      {invoiceResult ? <InvoiceDetails result={invoiceResult} /> : null}
      <ChildFiles session={session} />
      <FileActions session={session} />
      <FileJournal workspaceId={workspaceId} fileId={fileId} />
    </aside>
  );
});
