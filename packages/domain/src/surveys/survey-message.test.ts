import { describe, expect, it } from 'vitest';
import { surveyEmailSubject, surveyLink, surveyMessageText } from './survey-message';

describe('survey invitation', () => {
  it('builds the short link under PUBLIC_URL', () => {
    expect(surveyLink('https://app.careloop.example/', 'abc_DEF-123')).toBe(
      'https://app.careloop.example/s/abc_DEF-123',
    );
  });

  it.each([
    [
      'en',
      'Hi Ana, how likely are you to recommend Clínica Sol to a friend? Tell us in one tap: https://x.example/s/t',
    ],
    [
      'es',
      'Hola Ana, ¿qué probabilidad hay de que recomiende Clínica Sol a un amigo? Díganoslo con un toque: https://x.example/s/t',
    ],
    [
      'tr',
      'Merhaba Ana, Clínica Sol kliniğini bir arkadaşınıza tavsiye etme olasılığınız nedir? Tek dokunuşla bize bildirin: https://x.example/s/t',
    ],
  ] as const)('%s text carries the link last', (language, text) => {
    expect(
      surveyMessageText(language, {
        patientFirstName: 'Ana',
        clinicName: 'Clínica Sol',
        link: 'https://x.example/s/t',
      }),
    ).toBe(text);
  });

  it.each([
    ['en', 'How was your visit to Clínica Sol?'],
    ['es', '¿Qué tal su visita a Clínica Sol?'],
    ['tr', 'Clínica Sol ziyaretiniz nasıldı?'],
  ] as const)('%s e-mail subject names the clinic', (language, subject) => {
    expect(surveyEmailSubject(language, 'Clínica Sol')).toBe(subject);
  });
});
