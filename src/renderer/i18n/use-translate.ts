import { useCallback } from 'react';
import { invoke, subscribe } from '../lib/bridge';
import { createStore, useStore } from '../lib/store';
import type { Language } from './language';
import { translate, type Translate } from './translate';

/** The interface language; the core keeps it in the preferences, so it survives a restart. */
export const languageStore = createStore<{ language: Language }>({ language: 'zh-CN' });

function apply(language: Language): void {
  languageStore.set({ language });
  document.documentElement.lang = language;
}

/** Reads the saved language and follows changes made elsewhere (another window, the menu). */
export async function startLanguage(): Promise<void> {
  subscribe('preferences.changed', (preferences) => apply(preferences.language));
  const preferences = await invoke('preferences.get', {});
  apply(preferences.language);
}

export async function chooseLanguage(language: Language): Promise<void> {
  apply(language);
  await invoke('preferences.update', { language });
}

export function useTranslate(): Translate {
  const { language } = useStore(languageStore);
  return useCallback<Translate>((key, params) => translate(language, key, params), [language]);
}

export function currentTranslate(): Translate {
  const { language } = languageStore.get();
  return (key, params) => translate(language, key, params);
}
