import { LANGUAGES, type Language } from '../../i18n/language';
import { chooseLanguage, languageStore, useTranslate } from '../../i18n/use-translate';
import { useStore } from '../../lib/store';

const NAMES: Readonly<Record<Language, string>> = { 'zh-CN': '中文', en: 'English' };

export function LanguageSwitch() {
  const t = useTranslate();
  const { language } = useStore(languageStore);
  return (
    <select value={language} aria-label={t('settings.language')} data-testid="language-switch" onChange={(event) => void chooseLanguage(event.target.value as Language)}>
      {LANGUAGES.map((l) => (
        <option key={l} value={l}>
          {NAMES[l]}
        </option>
      ))}
    </select>
  );
}
