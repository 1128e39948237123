import { describe, expect, it } from 'vitest';
import { browserLanguage, refusalText, surveyTexts } from './survey-texts';

describe('refusalText', () => {
  const es = surveyTexts('es');
  it.each([
    [
      { status: 400, details: [{ key: 'surveys.answer.errors.score' }], message: 'x' },
      'Elija una puntuación del 0 al 10',
    ],
    [
      { status: 400, details: [{ key: 'surveys.answer.errors.commentLength' }], message: 'x' },
      'El comentario puede tener como máximo 1000 caracteres',
    ],
    [{ status: 409, message: 'x' }, 'Esta encuesta ya se respondió y ya no se puede cambiar'],
    [{ status: 404, message: 'x' }, 'Este enlace de encuesta no es válido o ha caducado'],
    [
      { status: 429, message: 'x' },
      'Demasiados intentos en poco tiempo. Espere un minuto e inténtelo de nuevo.',
    ],
    [
      { status: 0, message: 'Failed to fetch' },
      'No se pudo enviar su respuesta. Compruebe su conexión e inténtelo de nuevo.',
    ],
    [
      { status: 400, details: [{ key: 'something.new' }], message: 'Server words' },
      'No se pudo guardar su respuesta. Inténtelo de nuevo.',
    ],
    [
      { status: 500, message: 'Something went wrong on our side' },
      'No se pudo guardar su respuesta. Inténtelo de nuevo.',
    ],
    [
      { status: 503, message: 'The server is restarting' },
      'No se pudo guardar su respuesta. Inténtelo de nuevo.',
    ],
  ])('%j -> %s', (refusal, text) => {
    expect(refusalText(es, refusal)).toBe(text);
  });
});

describe('browserLanguage', () => {
  it.each([
    [['tr-TR', 'en'], 'tr'],
    [['de-DE', 'es-MX'], 'es'],
    [['fr'], 'en'],
    [[], 'en'],
  ])('%j -> %s', (languages, language) => {
    expect(browserLanguage(languages)).toBe(language);
  });
});

describe('surveyTexts', () => {
  it('fills the clinic into the question in each language', () => {
    expect(surveyTexts('en').t('question', { clinic: 'Clínica Sol' })).toBe(
      'How likely are you to recommend Clínica Sol to a friend?',
    );
    expect(surveyTexts('es').t('question', { clinic: 'Clínica Sol' })).toBe(
      '¿Qué probabilidad hay de que recomiende Clínica Sol a un amigo?',
    );
  });
});
