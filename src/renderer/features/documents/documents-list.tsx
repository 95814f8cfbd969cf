import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { TaskType } from '../../../shared/api/enums';
import type { FILE_SORT_KEYS } from '../../../shared/ipc/channels/files';
import type { MessageKey } from '../../i18n/messages-en';
import type { Language } from '../../i18n/language';
import type { Translate } from '../../i18n/translate';
import { useTranslate, languageStore } from '../../i18n/use-translate';
import { formatDateTime } from '../../lib/format';
import { useStore } from '../../lib/store';
import { StatusPill } from '../../components/status-pill';
import { navigate } from '../shell/route-store';
import { documentsStore, ensureRows, PAGE_SIZE, setFilters, toggleSelected, type FileSummary } from './documents-store';
import { rowAt } from './row-pages';
import { invoiceLabel, recognitionLabel, verificationLabel } from './status-labels';

export const ROW_HEIGHT = 36;
/** More than the rows ever on screen at once (visible rows and overscan). */
const ROW_SLOTS = 128;
/** Marked once, on the first frame that shows documents. */
export const INTERACTIVE_MARK = 'docket:interactive';

type SortKey = (typeof FILE_SORT_KEYS)[number];

const COLUMNS: readonly { key: MessageKey; sort?: SortKey }[] = [
  { key: 'documents.col.name', sort: 'name' },
  { key: 'documents.col.status', sort: 'recognition_status' },
  { key: 'documents.col.verification', sort: 'verification_status' },
  { key: 'documents.col.invoice', sort: 'invoice_status' },
  { key: 'documents.col.category', sort: 'category' },
  { key: 'documents.col.batch', sort: 'batch_number' },
  { key: 'documents.col.pages' },
  { key: 'documents.col.updated', sort: 'updated_at' },
];

/** Every matching document in one scrolled list: only the rows on screen exist in the page. */
export function DocumentsList() {
  const t = useTranslate();
  const { total, pages, selection, filters } = useStore(documentsStore);
  const scroller = useRef<HTMLDivElement>(null);
  const [cursor, setCursor] = useState(0);
  const count = total ?? 0;
  const { language } = useStore(languageStore);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
    // Rendered in React's own time rather than inside each scroll event: a fling renders once a frame.
    useFlushSync: false,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? 0;

  useEffect(() => ensureRows(first, last), [first, last, total, pages]);
  const firstRows = items.length > 0 && rowAt(pages, first, PAGE_SIZE) !== undefined;
  useEffect(() => {
    // User timing for the benchmark: the first frame that shows rows (bench/ui-bench.ts reads it).
    if (firstRows && performance.getEntriesByName(INTERACTIVE_MARK).length === 0) requestAnimationFrame(() => performance.mark(INTERACTIVE_MARK));
  }, [firstRows]);

  const moveCursor = (index: number) => {
    const next = Math.max(0, Math.min(count - 1, index));
    setCursor(next);
    virtualizer.scrollToIndex(next, { align: 'auto' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const visibleRows = Math.max(1, Math.floor((scroller.current?.clientHeight ?? ROW_HEIGHT) / ROW_HEIGHT) - 1);
    const moves: Record<string, number> = { ArrowDown: cursor + 1, ArrowUp: cursor - 1, PageDown: cursor + visibleRows, PageUp: cursor - visibleRows, Home: 0, End: count - 1 };
    const target = moves[event.key];
    if (target !== undefined) {
      event.preventDefault();
      moveCursor(target);
      return;
    }
    const row = rowAt(pages, cursor, PAGE_SIZE);
    if (row === undefined) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      navigate({ screen: 'viewer', fileId: row.file_id });
    } else if (event.key === ' ') {
      event.preventDefault();
      toggleSelected(row.file_id);
    }
  };

  const sortBy = (key: SortKey) => {
    setFilters(filters.sort === key ? { order: filters.order === 'asc' ? 'desc' : 'asc' } : { sort: key, order: key === 'updated_at' ? 'desc' : 'asc' });
  };

  return (
    <div className="documents-list" role="grid" aria-rowcount={count} aria-label={t('documents.title')}>
      <div className="documents-row documents-header" role="row">
        <span role="columnheader" />
        {COLUMNS.map((column) => (
          <span role="columnheader" key={column.key} aria-sort={column.sort && filters.sort === column.sort ? (filters.order === 'asc' ? 'ascending' : 'descending') : undefined}>
            {column.sort ? (
              <button type="button" className="link" onClick={() => sortBy(column.sort!)}>
                {t(column.key)}
                {filters.sort === column.sort ? (filters.order === 'asc' ? ' ▲' : ' ▼') : ''}
              </button>
            ) : (
              t(column.key)
            )}
          </span>
        ))}
      </div>
      <div className="documents-scroller" ref={scroller} tabIndex={0} onKeyDown={onKeyDown} data-testid="documents-scroller">
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const row = rowAt(pages, item.index, PAGE_SIZE);
            return (
              <div
                // Rows are recycled by slot: scrolling updates a few dozen rows instead of creating new ones.
                key={item.index % ROW_SLOTS}
                className={`documents-row${item.index === cursor ? ' cursor' : ''}${row && selection.has(row.file_id) ? ' selected' : ''}`}
                role="row"
                aria-rowindex={item.index + 1}
                style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
                onClick={() => setCursor(item.index)}
                onDoubleClick={() => row && navigate({ screen: 'viewer', fileId: row.file_id })}
              >
                <DocumentRow row={row} selected={row !== undefined && selection.has(row.file_id)} t={t} language={language} />
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}

/** The same cells whether the row is loaded or not: scrolling into rows still loading updates text, it creates nothing. */
function DocumentRow({ row, selected, t, language }: { row: FileSummary | undefined; selected: boolean; t: Translate; language: Language }) {
  const recognition = row && recognitionLabel(row.recognition_status);
  const verification = row && verificationLabel(row.verification_status);
  const invoice = row && row.invoice_status !== 'not_verified' ? invoiceLabel(row.invoice_status) : undefined;
  return (
    <>
      <span role="gridcell">
        <input type="checkbox" checked={selected} disabled={!row} onChange={(event) => row && toggleSelected(row.file_id, event.target.checked)} aria-label={row ? t('documents.select', { name: row.name }) : undefined} tabIndex={-1} />
      </span>
      <span role="gridcell" className="cell-name" title={row?.name}>
        {row ? (
          <a href={`#/file/${encodeURIComponent(row.file_id)}`} tabIndex={-1} data-testid="document-link">
            {row.name}
          </a>
        ) : (
          <span className="muted loading-row">{t('common.loading')}</span>
        )}
        {row && row.local_pending > 0 ? <span className="pending-mark" title={t('documents.localPending')}>●</span> : null}
      </span>
      <span role="gridcell" className="cell-status">
        {recognition ? <StatusPill tone={recognition.tone} label={t(recognition.key)} /> : null}
        {row?.failure_causes ? <span className="failure-cause" title={row.failure_causes}>{row.failure_causes}</span> : null}
      </span>
      <span role="gridcell">{verification ? <StatusPill tone={verification.tone} label={t(verification.key)} /> : null}</span>
      <span role="gridcell">{invoice ? <StatusPill tone={invoice.tone} label={t(invoice.key)} /> : row ? <span className="muted">—</span> : null}</span>
      <span role="gridcell">{row ? row.category || <span className="muted">{t(row.task_type === TaskType.parent ? 'documents.parent' : 'documents.uncategorized')}</span> : null}</span>
      <span role="gridcell">{row?.batch_number}</span>
      <span role="gridcell" className="numeric">{row?.total_page_num}</span>
      <span role="gridcell">{row?.updated_ms ? formatDateTime(row.updated_ms, language) : ''}</span>
    </>
  );
}
