import type { PublicSurvey } from '@careloop/contracts/surveys';
import { h } from './survey-dom';
import type { SurveyTexts } from './survey-texts';

export type Answer = { score: number; comment: string | null; changeableUntil: string };

/** The clinic's logo (custom branding) and name at the top of every view. */
export function clinicHeader(survey: PublicSurvey, texts: SurveyTexts) {
  const logo = survey.branding.logoUrl
    ? h('img', {
        src: survey.branding.logoUrl,
        alt: texts.t('logoAlt', { clinic: survey.clinicName }),
        class: 'logo',
      })
    : null;
  return h(
    'header',
    { class: 'clinic' },
    logo,
    logo ? null : h('p', { class: 'clinic-name' }, survey.clinicName),
  );
}

const scores = Array.from({ length: 11 }, (_, score) => score);

/** The one question as a native radio group (keyboard and screen readers for free), then the comment. */
export function questionForm(
  survey: PublicSurvey,
  texts: SurveyTexts,
  previous: Answer | null,
  onSubmit: (answer: { score: number; comment: string | null }, form: HTMLFormElement) => void,
) {
  const error = h('p', { class: 'error', id: 'answer-error', role: 'alert' });
  const options = scores.map((score) =>
    h(
      'label',
      { class: 'score' },
      h('input', {
        type: 'radio',
        name: 'score',
        value: score,
        checked: previous?.score === score,
        'aria-describedby': score === 0 ? 'scale-low' : score === 10 ? 'scale-high' : undefined,
      }),
      h('span', {}, String(score)),
    ),
  );
  const comment = h('textarea', {
    id: 'comment',
    name: 'comment',
    rows: 4,
    maxlength: 1000,
    'aria-describedby': 'comment-hint',
  });
  comment.value = previous?.comment ?? '';
  const submit = h('button', { type: 'submit', class: 'primary' }, texts.t('submit'));
  const form = h(
    'form',
    { novalidate: true },
    h(
      'fieldset',
      { 'aria-describedby': 'scale-hint' },
      h('legend', {}, h('h1', {}, texts.t('question', { clinic: survey.clinicName }))),
      h('p', { id: 'scale-hint', class: 'hint' }, texts.t('scaleHint')),
      h('div', { class: 'scores' }, ...options),
      h(
        'div',
        { class: 'scale', 'aria-hidden': 'true' },
        h('span', { id: 'scale-low' }, texts.t('scaleLow')),
        h('span', { id: 'scale-high' }, texts.t('scaleHigh')),
      ),
    ),
    h('label', { for: 'comment', class: 'comment-label' }, texts.t('commentLabel')),
    h('p', { id: 'comment-hint', class: 'hint' }, texts.t('commentHint')),
    comment,
    error,
    submit,
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const chosen = form.querySelector<HTMLInputElement>('input[name="score"]:checked');
    if (!chosen) {
      error.textContent = texts.error('score');
      form.querySelector<HTMLInputElement>('input[name="score"]')?.focus();
      return;
    }
    onSubmit({ score: Number(chosen.value), comment: comment.value.trim() || null }, form);
  });
  return form;
}

/** While an answer is on its way: the button says so and cannot send it twice. */
export function setSending(form: HTMLFormElement, texts: SurveyTexts, sending: boolean, error = '') {
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (button) {
    button.disabled = sending;
    button.textContent = texts.t(sending ? 'sending' : 'submit');
  }
  const message = form.querySelector('#answer-error');
  if (message) message.textContent = error;
}

function reviewLink(href: string, label: string, texts: SurveyTexts) {
  return h(
    'a',
    { href, class: 'review', target: '_blank', rel: 'noopener noreferrer' },
    label,
    h('span', { class: 'visually-hidden' }, ` ${texts.t('opensNewTab')}`),
  );
}

/**
 * The thank-you, with the clinic's review links whatever the score: inviting only the happy patients
 * to review breaks Google's and Trustpilot's rules and the FTC's rule on reviews.
 */
export function thanksView(
  survey: PublicSurvey,
  texts: SurveyTexts,
  answer: Answer,
  now: Date,
  onChange: () => void,
) {
  const until = new Date(answer.changeableUntil);
  const canChange = until.getTime() > now.getTime();
  const formatted = new Intl.DateTimeFormat(texts.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(until);
  const { google, trustpilot } = survey.reviewLinks;
  const links = [
    google ? reviewLink(google, texts.t('reviewGoogle'), texts) : null,
    trustpilot ? reviewLink(trustpilot, texts.t('reviewTrustpilot'), texts) : null,
  ].filter((link) => link !== null);
  const change = h('button', { type: 'button', class: 'secondary' }, texts.t('change'));
  change.addEventListener('click', onChange);
  return h(
    'section',
    { class: 'thanks', 'aria-labelledby': 'thanks-title' },
    h('h1', { id: 'thanks-title', tabindex: -1 }, texts.t('thanksTitle')),
    h('p', {}, texts.t('thanksBody', { clinic: survey.clinicName })),
    h('p', { class: 'your-answer' }, texts.t('yourAnswer', { score: answer.score })),
    links.length > 0 ? h('p', {}, texts.t('reviewInvite')) : null,
    links.length > 0 ? h('div', { class: 'reviews' }, ...links) : null,
    canChange ? h('p', { class: 'hint' }, texts.t('changeUntil', { time: formatted })) : null,
    canChange ? change : null,
  );
}

/** The link stopped working between opening and answering, or the survey could not be read. */
export function messageView(title: string, retry?: { label: string; onRetry: () => void }) {
  const button = retry ? h('button', { type: 'button', class: 'primary' }, retry.label) : null;
  if (button && retry) button.addEventListener('click', retry.onRetry);
  return h('section', { class: 'message' }, h('h1', { tabindex: -1 }, title), button);
}
