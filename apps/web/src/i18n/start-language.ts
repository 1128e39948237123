import { languageOfUrl, languageStorageKey, resolveLanguage, type SupportedLanguage } from './language.utils';

// Read by the app's translations (i18n/index.ts) and by the small entry (main.tsx), which must
// know the language a page will start in without loading i18next.

function readStoredLanguage(): string | null {
  try {
    return window.localStorage.getItem(languageStorageKey);
  } catch {
    return null;
  }
}

/** A page at a language URL (`/es/pricing`, `?lang=es`) is in that language, whatever was chosen before. */
function languageOfLocation(): string | null {
  return typeof window === 'undefined'
    ? null
    : languageOfUrl(window.location.pathname, window.location.search);
}

/** The language the app starts in: the URL's, else the one this browser stored, else English. */
export function languageAtStart(): SupportedLanguage {
  return resolveLanguage(
    languageOfLocation() ?? (typeof window === 'undefined' ? null : readStoredLanguage()),
  );
}
