import type { AppLanguage } from '@careloop/domain/clinic-locale';
import { describe, expect, it } from 'vitest';
import type { DigestFigures } from './digest.repository';
import { dailyDigestEmail } from './digest-email';

const mail = (language: AppLanguage, figures: DigestFigures) =>
  dailyDigestEmail({
    to: 'owner@example.com',
    language,
    firstName: 'Ana',
    clinicName: 'Clínica Sol',
    timeZone: 'Europe/Madrid',
    digestDate: '2026-03-14',
    figures,
    publicUrl: 'https://app.example.com',
    unsubscribeUrl: 'https://app.example.com/u',
    oneClickUrl: 'https://app.example.com/u1',
  });

const figures = (n: number, attention: number, open: number, overdue: number, failed: number) => ({
  new_reviews: n,
  new_reviews_attention: attention,
  open_cases: open,
  overdue_cases: overdue,
  failed_messages: failed,
});

describe('dailyDigestEmail: counts written and agreed in the recipient language', () => {
  it.each<[AppLanguage, DigestFigures, string[]]>([
    [
      'en',
      figures(11051, 1, 1, 1, 12000),
      [
        'New reviews: 11,051, 1 of them needs attention',
        'Open cases: 1, 1 of them overdue',
        'Messages that failed to send: 12,000',
      ],
    ],
    [
      'en',
      figures(2, 2, 0, 0, 0),
      ['New reviews: 2, 2 of them need attention', 'Open cases: 0, 0 of them overdue'],
    ],
    [
      'es',
      figures(11051, 1, 1, 1, 12000),
      [
        'Reseñas nuevas: 11.051; 1 requiere atención',
        'Casos abiertos: 1; 1 vencido',
        'Mensajes que no se pudieron enviar: 12.000',
      ],
    ],
    [
      'es',
      figures(3, 2, 5, 2, 0),
      ['Reseñas nuevas: 3; 2 requieren atención', 'Casos abiertos: 5; 2 vencidos'],
    ],
    ['es', figures(0, 0, 0, 0, 0), ['Reseñas nuevas: 0\n', 'Casos abiertos: 0; 0 vencidos']],
    [
      'tr',
      figures(11051, 1, 20000, 3, 0),
      ['Yeni yorumlar: 11.051, bunlardan 1 tanesi', 'Açık vakalar: 20.000, bunlardan 3 tanesinin'],
    ],
  ])('%s %j', (language, digestFigures, expected) => {
    const { text, html } = mail(language, digestFigures);
    for (const line of expected) expect(text).toContain(line);
    expect(html).not.toMatch(/\b11051\b/);
  });

  it.each<[AppLanguage, string]>([
    ['en', 'March 14, 2026'],
    ['es', '14 de marzo de 2026'],
    ['tr', '14 Mart 2026'],
  ])('%s: the date in the language, the time in the clinic zone only', (language, date) => {
    const { subject, text } = mail(language, figures(0, 0, 0, 0, 0));
    expect(subject).toContain(date);
    expect(text).toMatch(/08:00\S* \(Europe\/Madrid\)/);
    expect(text).not.toMatch(/UTC|GMT/);
  });
});
