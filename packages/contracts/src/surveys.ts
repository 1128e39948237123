import { surveyChannels } from '@careloop/domain/surveys/survey-settings';
import { z } from 'zod';
import { publicBrandingSchema } from './branding';

/** A clinic's survey settings (surveys off, day 3, SMS, no review links when never saved). */
export const surveySettingsResponseSchema = z.object({
  enabled: z.boolean(),
  dayAfterProcedure: z.number().int(),
  channel: z.enum(surveyChannels),
  googleReviewUrl: z.string().nullable(),
  trustpilotReviewUrl: z.string().nullable(),
});
export type SurveySettingsResponse = z.infer<typeof surveySettingsResponseSchema>;

/**
 * PUT /api/surveys/settings: the whole form. Checked by the domain's survey settings schema in the
 * service so each refused field comes back with its own message.
 */
export const saveSurveySettingsBodySchema = z.record(z.string(), z.unknown());

export const saveSurveySettingsResponseSchema = z.object({
  message: z.string(),
  settings: surveySettingsResponseSchema,
});
export type SaveSurveySettingsResponse = z.infer<typeof saveSurveySettingsResponseSchema>;

/** The clinic's review links, shown after every answer whatever the score (no review gating). */
export const surveyReviewLinksSchema = z.object({
  google: z.string().nullable(),
  trustpilot: z.string().nullable(),
});

/** GET /api/surveys/:token: what the public survey page shows. */
export const publicSurveySchema = z.object({
  clinicName: z.string(),
  language: z.enum(['en', 'es', 'tr']),
  answer: z
    .object({ score: z.number().int(), comment: z.string().nullable(), changeableUntil: z.string() })
    .nullable(),
  canAnswer: z.boolean(),
  reviewLinks: surveyReviewLinksSchema,
  branding: publicBrandingSchema,
});
export type PublicSurvey = z.infer<typeof publicSurveySchema>;

/** POST /api/surveys/:token/answers; checked by the domain's answer schema in the service. */
export const surveyAnswerBodySchema = z.record(z.string(), z.unknown());

export const surveyAnswerResponseSchema = z.object({
  score: z.number().int(),
  comment: z.string().nullable(),
  changeableUntil: z.string(),
  reviewLinks: surveyReviewLinksSchema,
});
export type SurveyAnswerResponse = z.infer<typeof surveyAnswerResponseSchema>;
