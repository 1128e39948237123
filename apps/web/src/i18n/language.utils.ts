export const supportedLanguages = ['en', 'es', 'tr'] as const;
export type SupportedLanguage = (typeof supportedLanguages)[number];
export const defaultLanguage: SupportedLanguage = 'en';
export const languageStorageKey = 'careloop.language';

export function isSupportedLanguage(value: unknown): value is SupportedLanguage {
  return typeof value === 'string' && (supportedLanguages as readonly string[]).includes(value);
}

/** The stored choice when it is one we support; English otherwise. */
export function resolveLanguage(stored: string | null | undefined): SupportedLanguage {
  if (!stored) return defaultLanguage;
  const base = stored.toLowerCase().split('-')[0];
  return isSupportedLanguage(base) ? base : defaultLanguage;
}

/** The languages whose public pages have URLs of their own (`/es/pricing`); English has the bare path. */
export const pathLanguages = supportedLanguages.filter(
  (language): language is Exclude<SupportedLanguage, typeof defaultLanguage> => language !== defaultLanguage,
);

/** The language a path names with its first segment (`/es`, `/tr/pricing`), if any. */
export function languageOfPath(pathname: string): SupportedLanguage | null {
  const first = pathname.split('/')[1] ?? '';
  return (pathLanguages as readonly string[]).includes(first) ? (first as SupportedLanguage) : null;
}

/**
 * The language a URL names: its path's language segment (`/es/pricing`), else a `lang` query
 * parameter, which the pages outside the public site carry in mailed links (`/email-confirmation?...&lang=es`).
 */
export function languageOfUrl(pathname: string, search: string): SupportedLanguage | null {
  const fromPath = languageOfPath(pathname);
  if (fromPath) return fromPath;
  const asked = new URLSearchParams(search).get('lang');
  return isSupportedLanguage(asked) ? asked : null;
}

/** A path without its language segment (`/es/pricing` -> `/pricing`, `/tr` -> `/`). */
export function unlocalizedPath(pathname: string): string {
  const language = languageOfPath(pathname);
  if (!language) return pathname;
  return pathname.slice(language.length + 1) || '/';
}

/** The URL of a public page in a language (`/pricing`, `/es/pricing`, `/tr`). */
export function localizedPath(path: string, language: SupportedLanguage): string {
  const bare = unlocalizedPath(path);
  if (language === defaultLanguage) return bare;
  return bare === '/' ? `/${language}` : `/${language}${bare}`;
}
