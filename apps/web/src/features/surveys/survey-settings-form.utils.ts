import type { SurveySettingsResponse } from '@careloop/contracts/surveys';
import type { DomainMessage } from '@careloop/domain/domain-message';
import { surveySettingsMessages, surveySettingsSchema } from '@careloop/domain/surveys/survey-settings';

export type SurveySettingsDraft = {
  enabled: boolean;
  dayAfterProcedure: number | string;
  channel: SurveySettingsResponse['channel'];
  googleReviewUrl: string;
  trustpilotReviewUrl: string;
};

export const draftOf = (settings: SurveySettingsResponse): SurveySettingsDraft => ({
  enabled: settings.enabled,
  dayAfterProcedure: settings.dayAfterProcedure,
  channel: settings.channel,
  googleReviewUrl: settings.googleReviewUrl ?? '',
  trustpilotReviewUrl: settings.trustpilotReviewUrl ?? '',
});

const messageByText = new Map<string, DomainMessage>(
  Object.values(surveySettingsMessages).map((message) => [message.message, message]),
);

/**
 * The draft checked by the same rules the server applies: the body to send, or each field's problem
 * as a domain message (translated by the form).
 */
export function checkSurveySettingsDraft(
  draft: SurveySettingsDraft,
):
  | { ok: true; body: ReturnType<typeof surveySettingsSchema.parse> }
  | { ok: false; problems: Partial<Record<keyof SurveySettingsDraft, DomainMessage>> } {
  const parsed = surveySettingsSchema.safeParse({
    ...draft,
    dayAfterProcedure: draft.dayAfterProcedure === '' ? Number.NaN : Number(draft.dayAfterProcedure),
  });
  if (parsed.success) return { ok: true, body: parsed.data };
  const problems: Partial<Record<keyof SurveySettingsDraft, DomainMessage>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof SurveySettingsDraft;
    problems[field] ??= messageByText.get(issue.message) ?? { key: '', message: issue.message };
  }
  return { ok: false, problems };
}
