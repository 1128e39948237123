import { surveyChannels } from '@careloop/domain/surveys/survey-settings';
import { z } from 'zod';

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
