import type { PublicSurvey } from '@careloop/contracts/surveys';
import { ApiError } from '../lib/api-client';
import { fetchSurvey, sendSurveyAnswer } from './survey-api';
import { browserLanguage, refusalText, type SurveyTexts, surveyTexts } from './survey-texts';
import { type Answer, clinicHeader, messageView, questionForm, setSending, thanksView } from './survey-views';
import './survey-page.css';

/** The patient's survey at /s/:token: public, no sign-in, in the survey's language and the clinic's colours. */
const root = document.getElementById('survey') as HTMLElement;
const token = decodeURIComponent(window.location.pathname.split('/')[2] ?? '');

const asRefusal = (error: unknown) =>
  error instanceof ApiError ? { status: error.status, details: error.details } : { status: 0 };

function show(...nodes: Node[]) {
  root.replaceChildren(...nodes);
  root.removeAttribute('aria-busy');
  // Move focus to the new view's heading so a screen reader announces the change.
  root.querySelector<HTMLElement>('h1[tabindex]')?.focus();
}

function applyBranding(survey: PublicSurvey, texts: SurveyTexts) {
  document.documentElement.lang = texts.language;
  document.title = texts.t('title', { clinic: survey.clinicName });
  if (survey.branding.color) document.documentElement.style.setProperty('--brand', survey.branding.color);
}

function showQuestion(survey: PublicSurvey, texts: SurveyTexts, previous: Answer | null) {
  show(
    clinicHeader(survey, texts),
    questionForm(survey, texts, previous, (answer, form) => {
      setSending(form, texts, true);
      sendSurveyAnswer(token, answer).then(
        (saved) => showThanks(survey, texts, saved),
        (error: unknown) => setSending(form, texts, false, refusalText(texts, asRefusal(error))),
      );
    }),
  );
}

function showThanks(survey: PublicSurvey, texts: SurveyTexts, answer: Answer) {
  show(
    clinicHeader(survey, texts),
    thanksView(survey, texts, answer, new Date(), () => showQuestion(survey, texts, answer)),
  );
}

function load(texts: SurveyTexts) {
  root.setAttribute('aria-busy', 'true');
  root.replaceChildren(texts.t('loading'));
  fetchSurvey(token).then(
    (survey) => {
      const surveyLanguage = surveyTexts(survey.language);
      applyBranding(survey, surveyLanguage);
      if (survey.answer) showThanks(survey, surveyLanguage, survey.answer);
      else showQuestion(survey, surveyLanguage, null);
    },
    (error: unknown) => {
      const refusal = asRefusal(error);
      if (refusal.status === 404) show(messageView(texts.error('notFound')));
      else
        show(messageView(texts.error('loadFailed'), { label: texts.t('retry'), onRetry: () => load(texts) }));
    },
  );
}

load(surveyTexts(browserLanguage(navigator.languages)));
