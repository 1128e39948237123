import type { PublicSurvey, SurveyAnswerResponse } from '@careloop/contracts/surveys';
import { apiFetch } from '../lib/api-client';

const surveyPath = (token: string) => `/api/surveys/${encodeURIComponent(token)}`;

export const fetchSurvey = (token: string) => apiFetch<PublicSurvey>(surveyPath(token));

export const sendSurveyAnswer = (token: string, answer: { score: number; comment: string | null }) =>
  apiFetch<SurveyAnswerResponse>(`${surveyPath(token)}/answers`, {
    method: 'POST',
    body: answer.comment ? answer : { score: answer.score },
  });
