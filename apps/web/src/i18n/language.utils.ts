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
