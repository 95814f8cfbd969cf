import { ErrorNote } from '../../components/error-note';
import { useTranslate } from '../../i18n/use-translate';
import { useStore } from '../../lib/store';
import { HotFolderPanel } from './hot-folder-panel';
import { intakeStore } from './intake-store';
import { LinkPanel } from './link-panel';
import { PendingFiles } from './pending-files';
import { UploadOptionsForm } from './upload-options-form';
import { UploadQueue } from './upload-queue';

export function IntakeScreen() {
  const t = useTranslate();
  const { error } = useStore(intakeStore, (s) => ({ error: s.error }));
  return (
    <section className="screen intake-screen" aria-labelledby="intake-title">
      <h1 id="intake-title">{t('intake.title')}</h1>
      <p className="muted">{t('intake.help')}</p>
      <ErrorNote message={error} onDismiss={() => intakeStore.set({ error: null })} />
      <div className="intake-columns">
        <div>
          <UploadOptionsForm />
          <PendingFiles />
          <LinkPanel />
        </div>
        <div>
          <UploadQueue />
          <HotFolderPanel />
        </div>
      </div>
    </section>
  );
}
