import { ErrorNote } from '../../components/error-note';
import { FirstRunBanner } from '../first-run/first-run-banner';
import { useTranslate } from '../../i18n/use-translate';
import { useStore } from '../../lib/store';
import { BulkActions } from './bulk-actions';
import { DocumentFilters } from './document-filters';
import { DocumentsList } from './documents-list';
import { documentsStore } from './documents-store';

export function DocumentsScreen() {
  const t = useTranslate();
  const { error, total } = useStore(documentsStore);
  return (
    <section className="screen documents-screen" aria-labelledby="documents-title">
      <h1 id="documents-title">{t('documents.title')}</h1>
      <FirstRunBanner />
      <DocumentFilters />
      <BulkActions />
      <ErrorNote message={error} />
      {total === 0 ? <p className="empty">{t('documents.empty')}</p> : <DocumentsList />}
    </section>
  );
}
