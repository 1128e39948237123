import type { PublicSurvey } from '@careloop/contracts/surveys';
import { describe, expect, it, vi } from 'vitest';
import { surveyTexts } from './survey-texts';
import { questionForm, thanksView } from './survey-views';

const survey: PublicSurvey = {
  clinicName: '<b>Clínica</b> Sol',
  language: 'es',
  answer: null,
  canAnswer: true,
  reviewLinks: {
    google: 'https://g.page/r/abc/review',
    trustpilot: 'https://www.trustpilot.com/evaluate/sol.es',
  },
  branding: { color: null, logoUrl: null },
};
const es = surveyTexts('es');

describe('questionForm', () => {
  it('offers 0 to 10 as one radio group and sends the chosen score with the comment', () => {
    const onSubmit = vi.fn();
    const form = questionForm(survey, es, null, onSubmit);
    const radios = [...form.querySelectorAll<HTMLInputElement>('input[type="radio"][name="score"]')];
    expect(radios.map((radio) => radio.value)).toEqual([
      '0',
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
    ]);
    // The clinic's name is text, never markup.
    expect(form.querySelector('h1')?.textContent).toBe(
      '¿Qué probabilidad hay de que recomiende <b>Clínica</b> Sol a un amigo?',
    );
    expect(form.querySelector('b')).toBeNull();
    radios[4]!.checked = true;
    form.querySelector('textarea')!.value = '  Tardaron mucho  ';
    form.dispatchEvent(new Event('submit', { cancelable: true }));
    expect(onSubmit).toHaveBeenCalledWith({ score: 4, comment: 'Tardaron mucho' }, form);
  });

  it('without a score says so in the page language and sends nothing', () => {
    const onSubmit = vi.fn();
    const form = questionForm(survey, es, null, onSubmit);
    form.dispatchEvent(new Event('submit', { cancelable: true }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(form.querySelector('[role="alert"]')?.textContent).toBe('Elija una puntuación del 0 al 10');
  });

  it('starts from the previous answer when changing it', () => {
    const form = questionForm(survey, es, { score: 7, comment: 'Bien', changeableUntil: '' }, vi.fn());
    expect(form.querySelector<HTMLInputElement>('input[value="7"]')?.checked).toBe(true);
    expect(form.querySelector('textarea')?.value).toBe('Bien');
  });
});

describe('thanksView', () => {
  const now = new Date('2026-11-28T10:00:00Z');
  it.each([0, 4, 6, 9, 10])('shows both review links after a score of %i (no review gating)', (score) => {
    const view = thanksView(
      survey,
      es,
      { score, comment: null, changeableUntil: '2026-11-29T09:00:00Z' },
      now,
      vi.fn(),
    );
    const links = [...view.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(links).toEqual([survey.reviewLinks.google, survey.reviewLinks.trustpilot]);
  });

  it('offers the change while the 24 hours last, and not after', () => {
    const open = thanksView(
      survey,
      es,
      { score: 4, comment: null, changeableUntil: '2026-11-29T09:00:00Z' },
      now,
      vi.fn(),
    );
    expect(open.querySelector('button')?.textContent).toBe('Cambiar mi respuesta');
    const closed = thanksView(
      survey,
      es,
      { score: 4, comment: null, changeableUntil: '2026-11-28T09:00:00Z' },
      now,
      vi.fn(),
    );
    expect(closed.querySelector('button')).toBeNull();
  });
});
