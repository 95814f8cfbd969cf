import type { FileData } from '../../../shared/api/files';
import { useTranslate } from '../../i18n/use-translate';
import { invoiceVerdict } from './invoice-verdict';

type VerifyResult = NonNullable<FileData['invoiceVerifyResult']>;

/** The details of invoiceVerifyResult: the verdict, the reason, the code, and whether a retry can help. */
export function InvoiceDetails({ result }: { result: VerifyResult }) {
  const t = useTranslate();
  const verdict = invoiceVerdict(result);
  return (
    <div className={`side-section invoice-details tone-${verdict.tone}`} data-testid="invoice-details">
      <h3>{t('invoice.title')}</h3>
      <p>
        <strong>{t(verdict.key)}</strong>
      </p>
      {result.invoiceVerifyFailMsg ? (
        <p data-testid="invoice-reason">
          {t('invoice.reason')}: {result.invoiceVerifyFailMsg}
        </p>
      ) : null}
      <dl>
        {result.invoiceVerifyErrorCode !== undefined && result.invoiceVerifyErrorCode !== null ? (
          <>
            <dt>{t('invoice.code')}</dt>
            <dd>{result.invoiceVerifyErrorCode}</dd>
          </>
        ) : null}
        <dt>{t('invoice.canRetry')}</dt>
        <dd>{result.invoiceVerifyCanRetry === 1 ? t('common.yes') : t('common.no')}</dd>
      </dl>
    </div>
  );
}
