import { EN, type MessageKey } from './messages-en';
import { ZH_CN } from './messages-zh-cn';
import type { Language } from './language';

export type MessageParams = Readonly<Record<string, string | number>>;

const CATALOGS: Readonly<Record<Language, Readonly<Record<MessageKey, string>>>> = { en: EN, 'zh-CN': ZH_CN };

/** Fills {name} placeholders; a placeholder without a value stays visible, so a gap is noticed. */
export function formatMessage(template: string, params: MessageParams = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}

export function translate(language: Language, key: MessageKey, params?: MessageParams): string {
  return formatMessage(CATALOGS[language][key], params);
}

export type Translate = (key: MessageKey, params?: MessageParams) => string;
