import { describe, expect, it } from 'vitest';
import {
  type CaseTitle,
  caseTitleMaxLength,
  caseTitleText,
  storedCaseTitle,
  storedCaseTitleText,
} from './case-title';
import type { AppLanguage } from './clinic-locale';

describe('caseTitleText: every kind in every language', () => {
  it.each<[AppLanguage, CaseTitle, string]>([
    [
      'en',
      { kind: 'review', rating: 2, reviewerName: 'Ana R.', reviewTitle: 'Terrible aftercare' },
      '2-star review from Ana R.: Terrible aftercare',
    ],
    ['en', { kind: 'review', rating: 1, reviewerName: null, reviewTitle: null }, '1-star review'],
    ['en', { kind: 'review', rating: 3, reviewerName: '  ', reviewTitle: '  ' }, '3-star review'],
    [
      'es',
      { kind: 'review', rating: 2, reviewerName: 'Ana R.', reviewTitle: 'Mala atención' },
      'Reseña de 2 estrellas de Ana R.: Mala atención',
    ],
    [
      'es',
      { kind: 'review', rating: 1, reviewerName: 'Luis', reviewTitle: null },
      'Reseña de 1 estrella de Luis',
    ],
    [
      'es',
      { kind: 'review', rating: 3, reviewerName: null, reviewTitle: 'Regular' },
      'Reseña de 3 estrellas: Regular',
    ],
    [
      'tr',
      { kind: 'review', rating: 2, reviewerName: 'Ayşe K.', reviewTitle: 'Kötü' },
      '2 yıldızlı yorum (Ayşe K.): Kötü',
    ],
    ['tr', { kind: 'review', rating: 1, reviewerName: null, reviewTitle: null }, '1 yıldızlı yorum'],
    ['en', { kind: 'negative_reply', patientName: 'Ana Ruiz' }, 'Negative reply from Ana Ruiz'],
    ['es', { kind: 'negative_reply', patientName: 'Ana Ruiz' }, 'Respuesta negativa de Ana Ruiz'],
    ['tr', { kind: 'negative_reply', patientName: 'Ayşe Kaya' }, 'Ayşe Kaya kişisinden olumsuz yanıt'],
    [
      'en',
      { kind: 'clinical_reply', patientName: 'Ana Ruiz', flags: ['pain', 'fever', 'graft_loss'] },
      'Clinical red flag in a reply from Ana Ruiz: pain, fever, and graft loss',
    ],
    [
      'en',
      { kind: 'clinical_reply', patientName: 'Ana Ruiz', flags: [] },
      'Clinical red flag in a reply from Ana Ruiz',
    ],
    [
      'es',
      { kind: 'clinical_reply', patientName: 'Ana Ruiz', flags: ['bleeding', 'swelling'] },
      'Señal de alarma clínica en una respuesta de Ana Ruiz: sangrado e hinchazón',
    ],
    [
      'tr',
      { kind: 'clinical_reply', patientName: 'Ayşe Kaya', flags: ['infection', 'pain'] },
      'Ayşe Kaya kişisinin yanıtında klinik uyarı işareti: enfeksiyon ve ağrı',
    ],
    [
      'en',
      { kind: 'survey_detractor', patientName: 'Ana Ruiz', score: 4 },
      'Survey detractor: Ana Ruiz (4/10)',
    ],
    [
      'es',
      { kind: 'survey_detractor', patientName: 'Ana Ruiz', score: 0 },
      'Encuesta con valoración baja: Ana Ruiz (0/10)',
    ],
    [
      'tr',
      { kind: 'survey_detractor', patientName: 'Ayşe Kaya', score: 6 },
      'Anket puanı düşük: Ayşe Kaya (6/10)',
    ],
  ])('%s %j -> %j', (language, title, expected) => {
    expect(caseTitleText(title, language)).toBe(expected);
  });

  it.each(['en', 'es', 'tr'] as const)(
    '%s: a long title is cut to the column with an ellipsis',
    (language) => {
      const text = caseTitleText(
        { kind: 'review', rating: 2, reviewerName: 'Ana', reviewTitle: 'x'.repeat(400) },
        language,
      );
      expect(text).toHaveLength(caseTitleMaxLength);
      expect(text.endsWith('…')).toBe(true);
    },
  );
});

describe('storedCaseTitleText: a stored case in the reader language', () => {
  const title: CaseTitle = { kind: 'survey_detractor', patientName: 'Ana Ruiz', score: 2 };

  it.each<[string, { title: string; titleKind: string | null; titleParams: unknown }, AppLanguage, string]>([
    [
      'kind and parameters, worded for the reader',
      { ...storedCaseTitle(title), title: 'old' },
      'es',
      'Encuesta con valoración baja: Ana Ruiz (2/10)',
    ],
    [
      'the same row for a Turkish reader',
      { ...storedCaseTitle(title), title: 'old' },
      'tr',
      'Anket puanı düşük: Ana Ruiz (2/10)',
    ],
    [
      'a manual case keeps its words',
      { title: 'Call back about the invoice', titleKind: null, titleParams: null },
      'es',
      'Call back about the invoice',
    ],
    [
      'parameters that no longer read as the kind fall back to the text',
      { title: 'Stored text', titleKind: 'review', titleParams: { rating: 9 } },
      'tr',
      'Stored text',
    ],
    [
      'an unknown kind falls back to the text',
      { title: 'Stored text', titleKind: 'something_new', titleParams: {} },
      'en',
      'Stored text',
    ],
    [
      'parameters that are not an object fall back to the text',
      { title: 'Stored text', titleKind: 'negative_reply', titleParams: 'x' },
      'en',
      'Stored text',
    ],
  ])('%s', (_what, stored, language, expected) => {
    expect(storedCaseTitleText(stored, language)).toBe(expected);
  });

  it('is stored as its kind, its parameters without the kind, and its English wording', () => {
    expect(storedCaseTitle(title)).toEqual({
      title: 'Survey detractor: Ana Ruiz (2/10)',
      titleKind: 'survey_detractor',
      titleParams: { patientName: 'Ana Ruiz', score: 2 },
    });
  });
});
