import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import type { UploadView } from '../../../shared/ipc/channels/uploads';
import { ProgressBar } from '../../components/progress-bar';
import type { MessageKey } from '../../i18n/messages-en';
import { useTranslate } from '../../i18n/use-translate';
import { formatBytes } from '../../lib/format';
import { useStore } from '../../lib/store';
import { syncStore } from '../sync/sync-store';
import { clearFinished, intakeStore, progressStore, uploadCommand } from './intake-store';
import { SentAsNote } from './sent-as-note';
import { batchProgress } from './upload-groups';

const ROW_HEIGHT = 40;

const STATE_KEY: Readonly<Record<UploadView['state'], MessageKey>> = {
  queued: 'upload.queued',
  uploading: 'upload.uploading',
  reconciling: 'upload.reconciling',
  uploaded: 'upload.uploaded',
  failed: 'upload.failed',
  cancelled: 'upload.cancelled',
};

/** Per-batch and per-file progress; uploads made offline wait here visibly. */
export function UploadQueue() {
  const t = useTranslate();
  const uploads = useStore(intakeStore, (s) => s.uploads);
  const { sent } = useStore(progressStore);
  const mode = useStore(syncStore, (s) => s.sync?.mode);
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: uploads.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 8 });
  const batches = batchProgress(uploads, sent);
  const waiting = uploads.filter((u) => u.state === 'queued').length;
  return (
    <section className="upload-queue" aria-labelledby="upload-queue-title">
      <h2 id="upload-queue-title">{t('upload.title')}</h2>
      {waiting > 0 && mode !== 'online' ? <p className="tone-warn" data-testid="uploads-waiting">{t('upload.waitingOffline', { count: waiting })}</p> : null}
      {batches.map((batch) => (
        <div key={batch.batchNumber} className="batch-progress" data-testid="batch-progress">
          <span>
            {t('upload.batch', { batch: batch.batchNumber })} · {t('upload.batchCounts', { uploaded: batch.uploaded, files: batch.files, failed: batch.failed })}
          </span>
          <ProgressBar value={batch.sentBytes} max={batch.bytes} label={t('upload.batch', { batch: batch.batchNumber })} />
        </div>
      ))}
      {uploads.length === 0 ? <p className="empty">{t('upload.empty')}</p> : null}
      <div className="upload-scroller" ref={scroller}>
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const upload = uploads[item.index]!;
            const bytes = upload.state === 'uploaded' ? upload.size : (sent[upload.upload_id] ?? upload.bytes_sent);
            return (
              <div key={item.key} className={`upload-row state-${upload.state}`} style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }} data-testid="upload-row">
                <span className="cell-name" title={upload.file_name}>
                  {upload.file_name}
                </span>
                <span>{t(STATE_KEY[upload.state])}</span>
                <ProgressBar value={bytes} max={upload.size} label={upload.file_name} />
                <span className="muted">{formatBytes(upload.size)}</span>
                <SentAsNote sentAs={upload.sent_as} />
                {upload.error ? <span className="tone-bad" title={upload.error.message}>{upload.error.message}</span> : null}
                {upload.state === 'failed' ? (
                  <button type="button" className="link" onClick={() => void uploadCommand('uploads.retry', [upload.upload_id])}>
                    {t('upload.retry')}
                  </button>
                ) : null}
                {upload.state === 'queued' || upload.state === 'failed' ? (
                  <button type="button" className="link" onClick={() => void uploadCommand('uploads.cancel', [upload.upload_id])}>
                    {t('upload.cancel')}
                  </button>
                ) : null}
              </div>
            );
          })}
        </div>
      </div>
      {uploads.some((u) => u.state === 'uploaded' || u.state === 'cancelled') ? (
        <button type="button" onClick={() => void clearFinished()}>
          {t('upload.clearFinished')}
        </button>
      ) : null}
    </section>
  );
}
