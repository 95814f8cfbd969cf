import { useEffect, useState } from 'react';
import { INVOICE_STATUSES } from '../../../shared/ipc/channels/files';
import { ErrorNote } from '../../components/error-note';
import { StatusPill } from '../../components/status-pill';
import { useTranslate } from '../../i18n/use-translate';
import { invoke, subscribe } from '../../lib/bridge';
import { useStore } from '../../lib/store';
import { useLoad } from '../../lib/use-load';
import { invoiceLabel } from '../documents/status-labels';
import { workspaceStore } from '../workspaces/workspace-store';
import { InvoiceDetails } from './invoice-details';

type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** How many invoices' details (reason of failure) are read at once. */
const DETAILS_SHOWN = 200;

/** Invoices by verification status, failures first, each with the details of invoiceVerifyResult. */
export function InvoicesScreen() {
  const t = useTranslate();
  const { activeId } = useStore(workspaceStore);
  const [status, setStatus] = useState<InvoiceStatus>('failed');
  const [round, setRound] = useState(0);
  useEffect(() => subscribe('files.changed', () => setRound((r) => r + 1)), []);
  const list = useLoad(async () => {
    if (activeId === null) return [];
    const { files } = await invoke('files.list', { workspace_id: activeId, invoice_status: status, page_size: DETAILS_SHOWN });
    // Split and crop children carry the invoices: the list shows them with their own records.
    return Promise.all(files.map((f) => invoke('files.get', { workspace_id: activeId, file_id: f.file_id })));
  }, [activeId, status, round]);

  return (
    <section className="screen invoices-screen" aria-labelledby="invoices-title">
      <h1 id="invoices-title">{t('nav.invoices')}</h1>
      <div className="button-row" role="tablist">
        {INVOICE_STATUSES.map((s) => (
          <button type="button" role="tab" key={s} aria-selected={status === s} className={status === s ? 'primary' : ''} onClick={() => setStatus(s)} data-testid={`invoices-${s}`}>
            {t(invoiceLabel(s).key)}
          </button>
        ))}
      </div>
      <ErrorNote message={list.error} />
      {list.value?.length === 0 ? <p className="empty">{t('invoices.none')}</p> : null}
      <div className="card-list">
        {(list.value ?? []).flatMap((file) => {
          const records = [file, ...(file.child_files ?? [])].filter((r) => r.data?.invoiceVerifyResult);
          return records.map((record) => {
            const label = invoiceLabel(status);
            return (
              <div key={record.id} className="card" data-testid="invoice-card">
                <p>
                  <a href={`#/file/${encodeURIComponent(record.id)}`}>{record.name}</a> <StatusPill tone={label.tone} label={t(label.key)} /> <span className="muted">{record.category}</span>
                </p>
                <InvoiceDetails result={record.data!.invoiceVerifyResult!} />
              </div>
            );
          });
        })}
      </div>
    </section>
  );
}
