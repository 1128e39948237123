import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { slugify } from './slug';

describe('slugify', () => {
  it.each([
    ['AI Patient Communication', 'ai-patient-communication'],
    ['HIPAA & GDPR: What Clinics Need to Know', 'hipaa-gdpr-what-clinics-need-to-know'],
    ['  Why 60% of Revenue Is Lost...  ', 'why-60-of-revenue-is-lost'],
    ['How to grow reviews?', 'how-to-grow-reviews'],
    ['---Already--hyphenated---', 'already-hyphenated'],
    ['Top 10 Tips for 2025', 'top-10-tips-for-2025'],
    ['Café Décor', 'cafe-decor'],
    ['Recuperación del Paciente', 'recuperacion-del-paciente'],
    ['Niño', 'nino'],
    ['İyileşme Süreci', 'iyilesme-sureci'],
    ['Hasta Takibı Çözümü', 'hasta-takibi-cozumu'],
    ['Straße', 'strasse'],
    ['ﬁrst', 'first'],
    ['', ''],
    ['!!!', ''],
    ['日本語', ''],
  ])('%j -> %j', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it('always yields hyphen-separated lowercase ASCII words, and is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 80 }), (title) => {
        const slug = slugify(title);
        expect(slug).toMatch(/^(?:[a-z0-9]+(?:-[a-z0-9]+)*)?$/);
        expect(slugify(slug)).toBe(slug);
      }),
    );
  });
});
