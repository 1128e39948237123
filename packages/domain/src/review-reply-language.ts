import { isReviewReplyLanguage, type ReviewReplyLanguage, reviewReplyLanguages } from './review-reply';

// Which language a reply to a review is written in.

const hint = (list: string) => new RegExp(`(?<!\\p{L})(?:${list})(?!\\p{L})`, 'gu');
const languageHints: Record<ReviewReplyLanguage, RegExp> = {
  en: hint('the|and|is|was|were|very|but|with|for|not|my|it|they|this|would|never'),
  es: hint('el|la|los|las|que|y|muy|pero|con|por|para|una|es|fue|mi|nos|del|todo|nada'),
  tr: hint('ve|bir|bu|çok|için|ama|ile|değil|gibi|ben|hiç|sonra|kadar|daha|olarak'),
};

/** A rough guess for reviews whose provider sends no language (Google): null when unsure. */
export function guessReviewLanguage(text: string | null | undefined): ReviewReplyLanguage | null {
  if (!text?.trim()) return null;
  const lower = text.toLowerCase();
  const count = (pattern: RegExp) => (lower.match(pattern) ?? []).length;
  const extra: Record<ReviewReplyLanguage, number> = {
    en: 0,
    es: 3 * count(/[ñ¿¡]/g),
    tr: 3 * (count(/[ğış]/g) + (text.match(/İ/g) ?? []).length),
  };
  const scores = reviewReplyLanguages.map((language) => ({
    language,
    score: count(languageHints[language]) + extra[language],
  }));
  const [best, second] = scores.sort((a, b) => b.score - a.score);
  if (!best || best.score < 2 || best.score === second?.score) return null;
  return best.language;
}

/**
 * The language of a reply: the review's (`es-ES` -> `es`) when it is one we write, a guess from
 * its text when the provider sent none, else the clinic's default (English when that is not one).
 */
export function replyLanguageFor(
  review: { language?: string | null; text?: string | null },
  clinicDefault?: string | null,
): ReviewReplyLanguage {
  const fallback = isReviewReplyLanguage(clinicDefault) ? clinicDefault : 'en';
  if (review.language) {
    const base = review.language.trim().toLowerCase().split(/[-_]/)[0];
    return isReviewReplyLanguage(base) ? base : fallback;
  }
  return guessReviewLanguage(review.text) ?? fallback;
}
