import type { ParserParamsIn } from '../../../shared/api/files';
import { useTranslate } from '../../i18n/use-translate';

type Flag = 'remove_watermark' | 'crop_dewarp' | 'apply_merge' | 'table_text_split_mode';
const FLAGS: readonly Flag[] = ['apply_merge', 'table_text_split_mode', 'remove_watermark', 'crop_dewarp'];

/** The parser options of the interface (upload and retry), all optional. */
export function ParserOptions({ value, onChange }: { value: ParserParamsIn; onChange: (next: ParserParamsIn) => void }) {
  const t = useTranslate();
  const set = (patch: ParserParamsIn) => {
    const next: Record<string, unknown> = { ...value, ...patch };
    for (const key of Object.keys(next)) if (next[key] === undefined || next[key] === '') delete next[key];
    onChange(next as ParserParamsIn);
  };
  return (
    <fieldset className="parser-options">
      <legend>{t('parser.title')}</legend>
      <label className="inline-field">
        <span>{t('parser.mode')}</span>
        <select value={value.parse_mode ?? ''} onChange={(event) => set({ parse_mode: (event.target.value || undefined) as ParserParamsIn['parse_mode'] })}>
          <option value="">{t('parser.default')}</option>
          <option value="auto">{t('parser.mode.auto')}</option>
          <option value="scan">{t('parser.mode.scan')}</option>
          <option value="vlm">{t('parser.mode.vlm')}</option>
        </select>
      </label>
      <label className="inline-field">
        <span>{t('parser.dpi')}</span>
        <select value={value.dpi ?? ''} onChange={(event) => set({ dpi: event.target.value ? (Number(event.target.value) as 144 | 216) : undefined })}>
          <option value="">{t('parser.default')}</option>
          <option value="144">144</option>
          <option value="216">{t('parser.dpiHigh')}</option>
        </select>
      </label>
      <label className="inline-field">
        <span>{t('parser.formulas')}</span>
        <select value={value.formula_level ?? ''} onChange={(event) => set({ formula_level: event.target.value === '' ? undefined : (Number(event.target.value) as 0 | 1 | 2) })}>
          <option value="">{t('parser.default')}</option>
          <option value="0">{t('parser.formulas.0')}</option>
          <option value="1">{t('parser.formulas.1')}</option>
          <option value="2">{t('parser.formulas.2')}</option>
        </select>
      </label>
      {FLAGS.map((flag) => (
        <label key={flag} className="inline-field">
          <input type="checkbox" checked={value[flag] === 1} onChange={(event) => set({ [flag]: event.target.checked ? 1 : undefined })} />
          <span>{t(`parser.${flag}`)}</span>
        </label>
      ))}
      <label className="inline-field">
        <span>{t('parser.password')}</span>
        <input type="password" autoComplete="off" value={value.pdf_pwd ?? ''} onChange={(event) => set({ pdf_pwd: event.target.value || undefined })} />
      </label>
    </fieldset>
  );
}
