import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  defaultLanguage,
  languageStorageKey,
  resolveLanguage,
  type SupportedLanguage,
  supportedLanguages,
} from './language.utils';
import { localeNumberFormatter } from './locale-number-formatter';
import { languageAtStart } from './start-language';

// One JSON file per language and namespace, each its own chunk: a route loads only what it shows.
const loaders = import.meta.glob<{ default: Record<string, unknown> }>('./*/*.json');

const lazyJsonBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = loaders[`./${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`No translations for ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

function applyLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

export const i18n = i18next.createInstance();

i18n.on('languageChanged', applyLanguage);

/** Resolves once the start-up namespaces (common, errors) are loaded. */
export const i18nReady = i18n
  .use(lazyJsonBackend)
  .use(localeNumberFormatter)
  .use(initReactI18next)
  .init({
    lng: languageAtStart(),
    supportedLngs: [...supportedLanguages],
    // The specification wants a missing key to show the key itself, not another language.
    fallbackLng: false,
    ns: ['common', 'errors'],
    defaultNS: 'common',
    interpolation: { escapeValue: false, alwaysFormat: true },
    react: { useSuspense: true },
  });

/** Switches the interface language, remembers it and updates `<html lang>`. */
export async function changeLanguage(language: SupportedLanguage): Promise<void> {
  try {
    window.localStorage.setItem(languageStorageKey, language);
  } catch {
    // Private mode or a full quota: the choice lasts for this page only.
  }
  await i18n.changeLanguage(language);
}

export function currentLanguage(): SupportedLanguage {
  return resolveLanguage(i18n.resolvedLanguage ?? i18n.language ?? defaultLanguage);
}

export { type SupportedLanguage, supportedLanguages };
