import type { AppLanguage } from './clinic-locale';

/** The title column's limit: a longer title is cut with an ellipsis. */
export const reviewCaseTitleMaxLength = 200;

type ReviewForTitle = { rating: number; reviewerName: string | null; title: string | null };

const wording: Record<AppLanguage, (rating: number, from: string | null) => string> = {
  en: (rating, from) => `${rating}-star review${from ? ` from ${from}` : ''}`,
  es: (rating, from) =>
    `Reseña de ${rating} ${rating === 1 ? 'estrella' : 'estrellas'}${from ? ` de ${from}` : ''}`,
  tr: (rating, from) => `${rating} yıldızlı yorum${from ? ` (${from})` : ''}`,
};

/**
 * The title of a case raised from a review, in the clinic's language: "2-star review from Ana R.:
 * Terrible aftercare", "Reseña de 2 estrellas de Ana R.: ...", "2 yıldızlı yorum (Ana R.): ...".
 * The reviewer's name and the review's own title stay as written.
 */
export function reviewCaseTitle(review: ReviewForTitle, language: AppLanguage): string {
  const from = review.reviewerName?.trim() || null;
  const about = review.title?.trim() ? `: ${review.title.trim()}` : '';
  const text = `${wording[language](review.rating, from)}${about}`;
  return text.length > reviewCaseTitleMaxLength ? `${text.slice(0, reviewCaseTitleMaxLength - 1)}…` : text;
}
