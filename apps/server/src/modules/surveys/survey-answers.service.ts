import type { PublicSurvey, SurveyAnswerResponse } from '@careloop/contracts/surveys';
import { caseDueAt } from '@careloop/domain/case-rules';
import { type AppLanguage, appLanguages } from '@careloop/domain/clinic-locale';
import { classifyReply } from '@careloop/domain/messaging/reply-classification';
import { detractorCaseSeverity } from '@careloop/domain/surveys/nps';
import {
  canChangeSurveyAnswer,
  surveyAnswerChangeHours,
  surveyAnswerMessages,
  surveyAnswerSchema,
} from '@careloop/domain/surveys/survey-answer';
import type { AppDeps } from '../../app-deps';
import { AppError, badRequest } from '../../lib/errors';
import { publicBrandingOf, publicLogoOf } from '../branding/branding.service';
import { noteOnOpenCaseOf, openCase } from '../cases/cases.service';
import { raiseReplyAlert } from '../inbound/inbound.service';
import { emitWebhookEvents } from '../webhooks/webhook-events.service';
import { type FoundSurvey, findSurveyByTokenHash, storeSurveyAnswer } from './survey-answers.repository';
import { hashSurveyToken } from './survey-link-token';

type Deps = Pick<AppDeps, 'db'>;

const hourMs = 3_600_000;

/** Links carry 32 random bytes in base64url (43 characters); anything else cannot be one. */
const tokenShape = /^[A-Za-z0-9_-]{22,128}$/;

const surveyNotFound = () => new AppError(404, 'NOT_FOUND', surveyAnswerMessages.notFound.message);

type OpenSurvey = FoundSurvey & { sentAt: Date; expiresAt: Date };

/** The sent, unexpired survey a link names; 404 for anything else (unknown, never sent, expired). */
export async function findOpenSurvey(deps: Deps, token: string, now: Date): Promise<OpenSurvey> {
  if (!tokenShape.test(token)) throw surveyNotFound();
  const survey = await findSurveyByTokenHash(deps.db, hashSurveyToken(token));
  if (!survey?.sentAt || !survey.expiresAt || survey.expiresAt <= now) throw surveyNotFound();
  return { ...survey, sentAt: survey.sentAt, expiresAt: survey.expiresAt };
}

/** The language a survey is read in: the patient's when the app has it, else English. */
export const surveyLanguageOf = (survey: { language: string | null }): AppLanguage =>
  appLanguages.find((code) => code === survey.language) ?? 'en';

const reviewLinksOf = (survey: FoundSurvey) => ({
  google: survey.googleReviewUrl ?? null,
  trustpilot: survey.trustpilotReviewUrl ?? null,
});

/** 24 hours from the first answer, but never past the link's expiry: after it the link is a 404. */
const changeableUntil = (answeredAt: Date, survey: OpenSurvey) =>
  new Date(Math.min(answeredAt.getTime() + surveyAnswerChangeHours * hourMs, survey.expiresAt.getTime()));

export async function getPublicSurvey(deps: Deps, token: string, now = new Date()): Promise<PublicSurvey> {
  const survey = await findOpenSurvey(deps, token, now);
  const language = surveyLanguageOf(survey);
  const answer =
    survey.answeredAt && survey.score !== null
      ? {
          score: survey.score,
          comment: survey.comment,
          changeableUntil: changeableUntil(survey.answeredAt, survey).toISOString(),
        }
      : null;
  return {
    clinicName: survey.clinicName,
    language,
    answer,
    canAnswer: !survey.answeredAt || canChangeSurveyAnswer(survey.answeredAt, now),
    reviewLinks: reviewLinksOf(survey),
    branding: await publicBrandingOf(
      deps,
      { id: survey.clinicId, subscriptionTier: survey.clinicTier },
      `/api/surveys/${token}/logo`,
    ),
  };
}

/** The logo on a survey's page (the clinic's custom branding); 404 when the page shows none. */
export async function getSurveyLogo(deps: Deps, token: string, now = new Date()) {
  const survey = await findOpenSurvey(deps, token, now);
  const logo = await publicLogoOf(deps, { id: survey.clinicId, subscriptionTier: survey.clinicTier });
  if (!logo) throw new AppError(404, 'NOT_FOUND', 'Logo not found');
  return logo;
}

/**
 * Records a patient's answer, and in the same transaction: a detractor's case (one per survey), the
 * urgent clinical case when the comment names a red flag (as a reply would), and the
 * survey.answered webhook. Bad input is refused before anything is read or stored.
 */
export async function answerSurvey(
  deps: Deps,
  token: string,
  body: unknown,
  now = new Date(),
): Promise<SurveyAnswerResponse> {
  const parsed = surveyAnswerSchema.safeParse(body);
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) => {
      const message = issue.message;
      const known = Object.values(surveyAnswerMessages).find((m) => m.message === message);
      return { field: issue.path.map(String).join('.') || null, key: known?.key ?? null, message };
    });
    throw badRequest(details[0]?.message ?? 'The request is not valid', details);
  }
  const { score, comment } = parsed.data;
  const survey = await findOpenSurvey(deps, token, now);
  const alreadyAnswered = () =>
    new AppError(409, 'CONFLICT', surveyAnswerMessages.alreadyAnswered.message, [
      {
        field: null,
        key: surveyAnswerMessages.alreadyAnswered.key,
        message: surveyAnswerMessages.alreadyAnswered.message,
      },
    ]);
  if (survey.answeredAt && !canChangeSurveyAnswer(survey.answeredAt, now)) throw alreadyAnswered();

  const firstAnsweredAt = await deps.db.transaction(async (tx) => {
    // What was there before, read with the write: the survey read above may be older (two answers at once).
    const before = await storeSurveyAnswer(tx, survey, {
      score,
      comment,
      at: now,
      changeableSince: new Date(now.getTime() - surveyAnswerChangeHours * hourMs),
    });
    if (!before) throw alreadyAnswered();

    // A changed answer reaches the case the first one raised, as a note: staff about to call a
    // detractor's 0 see the 10 and "sorry, misclick" (the case itself is theirs to close).
    if (before.answeredAt !== null && (score !== before.score || comment !== before.comment)) {
      await noteOnOpenCaseOf(
        { db: tx },
        survey.clinicId,
        { source: 'survey', sourceId: survey.id },
        comment ? `${score}/10 - ${comment}` : `${score}/10`,
      );
    }

    const severity = detractorCaseSeverity(score);
    if (severity) {
      // sourceId = the survey: the open-case index keeps a changed answer from opening a second case.
      await openCase({ db: tx }, survey.clinicId, {
        source: 'survey',
        sourceId: survey.id,
        patientId: survey.patientId,
        title: { kind: 'survey_detractor', patientName: survey.patientName, score },
        description: comment,
        severity,
        dueAt: caseDueAt(now),
        createdAt: now,
      });
    }

    // Only a clinical red flag: a complaint in a survey is the detractor case's business. A changed
    // score that keeps the comment has told the clinic nothing new: no second alert and case note.
    if (comment && comment !== before.comment) {
      const classification = classifyReply(comment, { names: [survey.patientName] });
      if (classification.alert?.kind === 'clinical') {
        const patient = { id: survey.patientId, name: survey.patientName };
        await raiseReplyAlert(tx, survey.clinicId, patient, classification, comment, now);
      }
    }

    await emitWebhookEvents(
      tx,
      survey.clinicId,
      [
        {
          type: 'survey.answered',
          data: {
            survey_id: survey.id,
            patient_id: survey.patientId,
            score,
            changed: before.answeredAt !== null,
          },
        },
      ],
      now,
    );
    return before.answeredAt ?? now;
  });

  return {
    score,
    comment,
    changeableUntil: changeableUntil(firstAnsweredAt, survey).toISOString(),
    reviewLinks: reviewLinksOf(survey),
  };
}
