import { useEffect, useState } from 'react';
import { RECOGNITION_STATUSES, VERIFICATION_STATUSES } from '../../../shared/api/enums';
import { INVOICE_STATUSES } from '../../../shared/ipc/channels/files';
import { useTranslate } from '../../i18n/use-translate';
import { useStore } from '../../lib/store';
import { categoriesStore } from '../categories/categories-store';
import { clearFilters, documentsStore, setFilters } from './documents-store';
import { dayEnd, dayStart, dayOf } from './filter-dates';
import { invoiceLabel, recognitionLabel, verificationLabel } from './status-labels';

const SEARCH_DELAY_MS = 250;

/** Every filter of the interface, plus invoice status and offline full-text search. */
export function DocumentFilters() {
  const t = useTranslate();
  const { filters, total } = useStore(documentsStore);
  const { categories } = useStore(categoriesStore);
  const [text, setText] = useState(filters.text ?? '');
  const [batch, setBatch] = useState(filters.batch_number ?? '');

  useEffect(() => {
    const timer = setTimeout(() => {
      if (text.trim() !== (filters.text ?? '')) setFilters({ text: text.trim() || undefined });
      if (batch.trim() !== (filters.batch_number ?? '')) setFilters({ batch_number: batch.trim() || undefined });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, batch, filters.text, filters.batch_number]);

  return (
    <div className="filters" role="search">
      <input type="search" className="search" placeholder={t('documents.search')} aria-label={t('documents.search')} value={text} onChange={(event) => setText(event.target.value)} data-testid="documents-search" />
      <input type="text" placeholder={t('documents.filter.batch')} aria-label={t('documents.filter.batch')} value={batch} onChange={(event) => setBatch(event.target.value)} />
      <select aria-label={t('documents.filter.category')} value={filters.category ?? ''} onChange={(event) => setFilters({ category: event.target.value || undefined })}>
        <option value="">{t('documents.filter.anyCategory')}</option>
        {categories.map((c) => (
          <option key={c.id} value={c.name}>
            {c.name}
          </option>
        ))}
      </select>
      <select aria-label={t('documents.filter.recognition')} value={filters.recognition_status ?? ''} data-testid="filter-recognition" onChange={(event) => setFilters({ recognition_status: event.target.value === '' ? undefined : (Number(event.target.value) as (typeof RECOGNITION_STATUSES)[number]) })}>
        <option value="">{t('documents.filter.anyStatus')}</option>
        {RECOGNITION_STATUSES.map((s) => (
          <option key={s} value={s}>
            {t(recognitionLabel(s).key)}
          </option>
        ))}
      </select>
      <select aria-label={t('documents.filter.verification')} value={filters.verification_status ?? ''} onChange={(event) => setFilters({ verification_status: event.target.value === '' ? undefined : (Number(event.target.value) as (typeof VERIFICATION_STATUSES)[number]) })}>
        <option value="">{t('documents.filter.anyVerification')}</option>
        {VERIFICATION_STATUSES.map((s) => (
          <option key={s} value={s}>
            {t(verificationLabel(s).key)}
          </option>
        ))}
      </select>
      <select aria-label={t('documents.filter.invoice')} value={filters.invoice_status ?? ''} data-testid="filter-invoice" onChange={(event) => setFilters({ invoice_status: event.target.value === '' ? undefined : (event.target.value as (typeof INVOICE_STATUSES)[number]) })}>
        <option value="">{t('documents.filter.anyInvoice')}</option>
        {INVOICE_STATUSES.map((s) => (
          <option key={s} value={s}>
            {t(invoiceLabel(s).key)}
          </option>
        ))}
      </select>
      <label className="inline-field">
        <span>{t('documents.filter.from')}</span>
        <input type="date" value={dayOf(filters.start_time)} onChange={(event) => setFilters({ start_time: dayStart(event.target.value) })} />
      </label>
      <label className="inline-field">
        <span>{t('documents.filter.to')}</span>
        <input type="date" value={dayOf(filters.end_time)} onChange={(event) => setFilters({ end_time: dayEnd(event.target.value) })} />
      </label>
      <label className="inline-field">
        <input type="checkbox" checked={filters.pending_only ?? false} onChange={(event) => setFilters({ pending_only: event.target.checked || undefined })} />
        <span>{t('documents.filter.pendingOnly')}</span>
      </label>
      <button
        type="button"
        className="link"
        onClick={() => {
          setText('');
          setBatch('');
          clearFilters();
        }}
      >
        {t('documents.filter.clear')}
      </button>
      <span className="muted" data-testid="documents-total">
        {total === null ? t('common.loading') : t('documents.total', { count: total })}
      </span>
    </div>
  );
}
