import { LANGUAGES } from '../../shared/ipc/channels/app.js';

/** The language of the desk that creates a data folder: its first workspace and starter content are named in it. */
export type DeskLanguage = (typeof LANGUAGES)[number];

export { LANGUAGES as DESK_LANGUAGES };

/** A name or text in each desk language. */
export type Bilingual = Readonly<Record<DeskLanguage, string>>;

/** The desk language other than `language`: its names become aliases. */
export function otherLanguage(language: DeskLanguage): DeskLanguage {
  return language === 'en' ? 'zh-CN' : 'en';
}
