import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '.';

// Counts and allowances read as the language writes them: plural forms and grouped digits.
beforeAll(async () => {
  await i18n.loadNamespaces(['reviews', 'plans']);
  await i18n.loadLanguages(['es', 'tr']);
});
afterAll(async () => {
  await changeLanguage('en');
});

describe('the review sync toast: plural and number for the language', () => {
  it.each([
    ['en', 1, 'Imported 1 new review'],
    ['en', 0, 'Imported 0 new reviews'],
    ['en', 11051, 'Imported 11,051 new reviews'],
    ['es', 1, 'Se importó 1 reseña nueva'],
    ['es', 3, 'Se importaron 3 reseñas nuevas'],
    ['es', 11051, 'Se importaron 11.051 reseñas nuevas'],
    ['tr', 1, '1 yeni yorum içe aktarıldı'],
    ['tr', 11051, '11.051 yeni yorum içe aktarıldı'],
  ] as const)('%s, %d', async (language, count, expected) => {
    await changeLanguage(language);
    expect(i18n.t('reviews:toasts.imported', { count })).toBe(expected);
  });
});

describe('an unlimited allowance is a sentence of its own', () => {
  it.each([
    ['en', 'Unlimited patients'],
    ['es', 'Pacientes ilimitados'],
    ['tr', 'Sınırsız hasta'],
  ] as const)('%s', async (language, expected) => {
    await changeLanguage(language);
    expect(i18n.t('plans:plans.patientsUnlimited')).toBe(expected);
  });
});
