import type { UploadSentAs } from '../../../shared/ipc/channels/uploads';
import type { MessageKey } from '../../i18n/messages-en';
import { useTranslate } from '../../i18n/use-translate';

const LABEL: Readonly<Record<UploadSentAs, MessageKey>> = {
  'factur-x': 'upload.sentAsFacturX',
  'drawn-pdf': 'upload.sentAsDrawnPdf',
};

/** Says that a file goes (or went) to the cloud otherwise than as it is: an XML invoice as its drawn PDF carrying the XML. */
export function SentAsNote({ sentAs }: { sentAs: UploadSentAs | null | undefined }) {
  const t = useTranslate();
  if (!sentAs) return null;
  return (
    <span className="muted" title={t('upload.sentAsHelp')} data-testid="sent-as">
      {t(LABEL[sentAs])}
    </span>
  );
}
