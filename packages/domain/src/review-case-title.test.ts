import { describe, expect, it } from 'vitest';
import { reviewCaseTitle, reviewCaseTitleMaxLength } from './review-case-title';

describe('reviewCaseTitle: in the clinic language', () => {
  it.each([
    ['en', 2, 'Ana R.', 'Terrible aftercare', '2-star review from Ana R.: Terrible aftercare'],
    ['en', 1, null, null, '1-star review'],
    ['en', 3, '  ', '  ', '3-star review'],
    ['es', 2, 'Ana R.', 'Mala atención', 'Reseña de 2 estrellas de Ana R.: Mala atención'],
    ['es', 1, 'Luis', null, 'Reseña de 1 estrella de Luis'],
    ['es', 3, null, 'Regular', 'Reseña de 3 estrellas: Regular'],
    ['tr', 2, 'Ayşe K.', 'Kötü', '2 yıldızlı yorum (Ayşe K.): Kötü'],
    ['tr', 1, null, null, '1 yıldızlı yorum'],
  ] as const)('%s, %d stars, from %j about %j -> %j', (language, rating, reviewerName, title, expected) => {
    expect(reviewCaseTitle({ rating, reviewerName, title }, language)).toBe(expected);
  });

  it.each(['en', 'es', 'tr'] as const)(
    '%s: a long title is cut to the column with an ellipsis',
    (language) => {
      const text = reviewCaseTitle({ rating: 2, reviewerName: 'Ana', title: 'x'.repeat(400) }, language);
      expect(text).toHaveLength(reviewCaseTitleMaxLength);
      expect(text.endsWith('…')).toBe(true);
    },
  );
});
