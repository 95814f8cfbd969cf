import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, useState } from 'react';
import { useTranslate } from '../../i18n/use-translate';
import { formatBytes } from '../../lib/format';
import { useStore } from '../../lib/store';
import { addFiles, enqueueChecked, intakeStore, removePending, setPassword, type PendingFile } from './intake-store';
import { pendingSummary } from './pending-summary';
import { SentAsNote } from './sent-as-note';

const ROW_HEIGHT = 44;

/** The dropped or picked files with what the checks found, before anything is sent. */
export function PendingFiles() {
  const t = useTranslate();
  const { pending, allowDuplicates } = useStore(intakeStore, (s) => ({ pending: s.pending, allowDuplicates: s.allowDuplicates }));
  const scroller = useRef<HTMLDivElement>(null);
  const [sending, setSending] = useState(false);
  const virtualizer = useVirtualizer({ count: pending.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 8 });
  const summary = pendingSummary(pending, allowDuplicates);

  const pick = (files: FileList | null) => files && files.length > 0 && void addFiles([...files]);

  return (
    <div className="pending-files">
      <div className="button-row">
        <label className="button">
          {t('intake.pickFiles')}
          <input type="file" multiple hidden onChange={(event) => (pick(event.target.files), (event.target.value = ''))} data-testid="pick-files" />
        </label>
        <label className="button">
          {t('intake.pickFolder')}
          <input type="file" multiple hidden {...{ webkitdirectory: '' }} onChange={(event) => (pick(event.target.files), (event.target.value = ''))} />
        </label>
      </div>
      {pending.length === 0 ? (
        <p className="empty">{t('intake.nothingYet')}</p>
      ) : (
        <>
          <p data-testid="pending-summary">{t('intake.summary', summary)}</p>
          <div className="pending-scroller" ref={scroller}>
            <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
              {virtualizer.getVirtualItems().map((item) => (
                <PendingRow key={item.key} file={pending[item.index]!} top={item.start} />
              ))}
            </div>
          </div>
          {summary.duplicates > 0 ? (
            <label className="inline-field">
              <input type="checkbox" checked={allowDuplicates} onChange={(event) => intakeStore.set({ allowDuplicates: event.target.checked })} />
              <span>{t('intake.allowDuplicates')}</span>
            </label>
          ) : null}
          <div className="button-row">
            <button
              type="button"
              className="primary"
              data-testid="upload-button"
              disabled={summary.ready === 0 || sending}
              onClick={() => {
                setSending(true);
                void enqueueChecked().finally(() => setSending(false));
              }}
            >
              {t('intake.upload', { count: summary.ready })}
            </button>
            <button type="button" onClick={() => removePending(pending.filter((f) => f.check?.blocked || f.state === 'failed').map((f) => f.id))} disabled={summary.blocked + summary.failed === 0}>
              {t('intake.removeBlocked')}
            </button>
            <button type="button" onClick={() => removePending(pending.map((f) => f.id))}>{t('intake.removeAll')}</button>
          </div>
        </>
      )}
    </div>
  );
}

function PendingRow({ file, top }: { file: PendingFile; top: number }) {
  const t = useTranslate();
  const [password, setPasswordText] = useState('');
  const warnings = file.check?.warnings ?? [];
  const needsPassword = warnings.some((w) => w.code === 'needs_password');
  const tone = file.state === 'failed' || file.check?.blocked ? 'bad' : warnings.length > 0 ? 'warn' : file.state === 'checked' ? 'good' : 'working';
  return (
    <div className={`pending-row tone-${tone}`} style={{ transform: `translateY(${top}px)`, height: ROW_HEIGHT }} data-testid="pending-row">
      <span className="cell-name" title={file.name}>
        {file.name}
      </span>
      <span className="muted">
        {formatBytes(file.size)}
        {file.check?.pages ? ` · ${t('intake.pages', { count: file.check.pages })}` : ''}
      </span>
      <span className="pending-state">
        {file.state === 'staging' ? t('intake.staging') : file.state === 'checking' ? t('intake.checking') : null}
        {file.error ? <span className="tone-bad">{file.error}</span> : null}
        {warnings.map((w) => (
          <span key={w.code} className={w.code === 'duplicate' ? 'tone-warn' : 'tone-bad'} title={w.message}>
            {t(`preflight.${w.code}`)}
          </span>
        ))}
        {file.state === 'checked' && warnings.length === 0 ? <span className="tone-good">{t('intake.ready')}</span> : null}
        <SentAsNote sentAs={file.check?.sent_as} />
      </span>
      {needsPassword ? (
        <form
          className="inline-field"
          onSubmit={(event) => {
            event.preventDefault();
            setPassword(file, password);
          }}
        >
          <input type="password" autoComplete="off" value={password} placeholder={t('parser.password')} onChange={(event) => setPasswordText(event.target.value)} />
          <button type="submit">{t('common.apply')}</button>
        </form>
      ) : null}
      <button type="button" className="link" aria-label={t('intake.remove', { name: file.name })} onClick={() => removePending([file.id])}>
        ×
      </button>
    </div>
  );
}
