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

// Every text of every catalogue, each placeholder fed a number: none may come out as raw digits,
// whether the text says `{{count}}` or `{{count, number}}` (a screen passing a number gets it grouped).
const catalogues = import.meta.glob<Record<string, unknown>>('./*/*.json', {
  eager: true,
  import: 'default',
});

function texts(node: unknown, prefix = ''): [string, string][] {
  if (typeof node === 'string') return [[prefix, node]];
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, child]) => texts(child, prefix ? `${prefix}.${key}` : key));
}

const withPlaceholders = Object.entries(catalogues).flatMap(([file, catalogue]) => {
  const [, language, namespace] = file.match(/^\.\/(\w+)\/(.+)\.json$/) ?? [];
  return texts(catalogue)
    .filter(([, text]) => text.includes('{{'))
    .map(([key, text]) => ({ language: language!, id: `${language}/${namespace}:${key}`, text }));
});

describe('a number in any text reads as its language writes it', () => {
  const written = { en: '12,345.5', es: '12.345,5', tr: '12.345,5' } as Record<string, string>;

  it('covers the catalogues', () => {
    expect(new Set(withPlaceholders.map((entry) => entry.language))).toEqual(new Set(['en', 'es', 'tr']));
    expect(withPlaceholders.length).toBeGreaterThan(300);
  });

  it.each(['en', 'es', 'tr'])('%s: no raw 12345.5 in any text', (language) => {
    const raw = withPlaceholders
      .filter((entry) => entry.language === language)
      .flatMap(({ id, text }) => {
        const names = [...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,\s*([^}]+))?\}\}/g)];
        const values = Object.fromEntries(names.map(([, name]) => [name!, 12345.5]));
        const out = i18n.services.interpolator.interpolate(text, values, language, {});
        const unknownFormat = names.some(
          ([, , format]) => format !== undefined && format.trim() !== 'number',
        );
        return out.includes('12345') || !out.includes(written[language]!) || unknownFormat
          ? [`${id}: ${out}`]
          : [];
      });
    expect(raw).toEqual([]);
  });
});
