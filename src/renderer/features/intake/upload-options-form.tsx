import { useTranslate } from '../../i18n/use-translate';
import { useStore } from '../../lib/store';
import { categoriesStore } from '../categories/categories-store';
import { intakeStore, setOptions } from './intake-store';
import { ParserOptions } from './parser-options';

/** Workspace-wide options of the next upload: category, batch, split, crop, VAT check, classify or extract, parser. */
export function UploadOptionsForm() {
  const t = useTranslate();
  const options = useStore(intakeStore, (s) => s.options);
  const { categories } = useStore(categoriesStore);
  const flag = (name: 'split_flag' | 'crop_flag' | 'auto_verify_vat') => (
    <label className="inline-field">
      <input type="checkbox" data-testid={`option-${name}`} checked={options[name] === true} onChange={(event) => setOptions({ [name]: event.target.checked || undefined })} />
      <span>{t(`intake.${name}`)}</span>
    </label>
  );
  return (
    <fieldset className="upload-options">
      <legend>{t('intake.options')}</legend>
      <label className="inline-field">
        <span>{t('intake.category')}</span>
        <select value={options.category ?? ''} onChange={(event) => setOptions({ category: event.target.value || undefined })}>
          <option value="">{t('intake.classifyForMe')}</option>
          {categories
            .filter((c) => c.enabled === 1)
            .map((c) => (
              <option key={c.id} value={c.name}>
                {c.name}
              </option>
            ))}
        </select>
      </label>
      <label className="inline-field">
        <span>{t('intake.batch')}</span>
        <input value={options.batch_number ?? ''} maxLength={100} placeholder={t('intake.batchAuto')} onChange={(event) => setOptions({ batch_number: event.target.value.trim() || undefined })} data-testid="option-batch" />
      </label>
      <label className="inline-field">
        <span>{t('intake.process')}</span>
        <select value={options.target_process ?? 'extract'} onChange={(event) => setOptions({ target_process: event.target.value as 'classify' | 'extract' })}>
          <option value="extract">{t('intake.process.extract')}</option>
          <option value="classify">{t('intake.process.classify')}</option>
        </select>
      </label>
      {flag('split_flag')}
      {flag('crop_flag')}
      {flag('auto_verify_vat')}
      <details>
        <summary>{t('parser.title')}</summary>
        <ParserOptions value={options.parser ?? {}} onChange={(parser) => setOptions({ parser: Object.keys(parser).length > 0 ? parser : undefined })} />
      </details>
    </fieldset>
  );
}
