import en from '../i18n/en/survey-page.json';
import es from '../i18n/es/survey-page.json';
import tr from '../i18n/tr/survey-page.json';

export type SurveyLanguage = 'en' | 'es' | 'tr';
type Texts = typeof en;
type TextKey = Exclude<keyof Texts, 'errors'>;
export type ErrorKey = keyof Texts['errors'];

// The page's three languages are a few kilobytes together: bundled, so the page needs no i18n library.
const textsByLanguage: Record<SurveyLanguage, Texts> = { en, es, tr };

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => String(values[name] ?? whole));

/** The survey page's words in one language, with {{placeholders}} filled. */
export function surveyTexts(language: SurveyLanguage) {
  const texts = textsByLanguage[language];
  return {
    language,
    t: (key: TextKey, values: Record<string, string | number> = {}) => fill(texts[key], values),
    error: (key: ErrorKey) => texts.errors[key],
  };
}

export type SurveyTexts = ReturnType<typeof surveyTexts>;

/** The page's language before the survey says which: the browser's, when it is one of ours. */
export function browserLanguage(languages: readonly string[]): SurveyLanguage {
  for (const tag of languages) {
    const primary = tag.toLowerCase().split('-')[0];
    if (primary === 'en' || primary === 'es' || primary === 'tr') return primary;
  }
  return 'en';
}

/**
 * The page's words for a refusal: the translation of the key the server gave (`surveys.answer.errors.score`
 * -> `errors.score`), else by its status, else a general "could not be saved" (the server's own
 * message is English, whatever the survey's language).
 */
export function refusalText(texts: SurveyTexts, refusal: { status: number; details?: unknown }): string {
  const detail = Array.isArray(refusal.details)
    ? (refusal.details[0] as { key?: unknown } | undefined)
    : undefined;
  const key = typeof detail?.key === 'string' ? detail.key.replace(/^surveys\.answer\.errors\./, '') : null;
  if (key && key in textsByLanguage.en.errors) return texts.error(key as ErrorKey);
  if (refusal.status === 404) return texts.error('notFound');
  if (refusal.status === 409) return texts.error('alreadyAnswered');
  if (refusal.status === 429) return texts.error('rateLimited');
  if (refusal.status === 0) return texts.error('network');
  return texts.error('unexpected');
}
