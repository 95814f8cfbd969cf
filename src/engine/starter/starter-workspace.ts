import type { Bilingual, DeskLanguage } from './desk-language.js';

const NAMES: Bilingual = { en: 'My workspace', 'zh-CN': '我的工作空间' };
const DESCRIPTIONS: Bilingual = { en: 'Created by the local engine on first start', 'zh-CN': '本地引擎首次启动时创建' };

/** The workspace a fresh engine answers with, so a newcomer can upload at once, named in the desk's language. */
export function starterWorkspace(language: DeskLanguage): { name: string; description: string } {
  return { name: NAMES[language], description: DESCRIPTIONS[language] };
}
