import { surveySettingsMessages } from '@careloop/domain/surveys/survey-settings';
import { describe, expect, it } from 'vitest';
import { checkSurveySettingsDraft, type SurveySettingsDraft } from './survey-settings-form.utils';

const valid: SurveySettingsDraft = {
  enabled: true,
  dayAfterProcedure: '5',
  channel: 'email',
  googleReviewUrl: 'https://g.page/r/CUxyz123abc/review',
  trustpilotReviewUrl: '',
};

describe('checkSurveySettingsDraft', () => {
  it('sends numbers and null for empty links', () => {
    expect(checkSurveySettingsDraft(valid)).toEqual({
      ok: true,
      body: { ...valid, dayAfterProcedure: 5, trustpilotReviewUrl: null },
    });
  });

  it.each([
    [{ dayAfterProcedure: '0' }, 'dayAfterProcedure', surveySettingsMessages.dayRange],
    [{ dayAfterProcedure: '61' }, 'dayAfterProcedure', surveySettingsMessages.dayRange],
    [{ dayAfterProcedure: '' }, 'dayAfterProcedure', surveySettingsMessages.dayRange],
    [{ googleReviewUrl: 'http://g.page/r/x/review' }, 'googleReviewUrl', surveySettingsMessages.googleLink],
    [
      { googleReviewUrl: 'https://evil.example/review' },
      'googleReviewUrl',
      surveySettingsMessages.googleLink,
    ],
    [
      { trustpilotReviewUrl: 'https://www.trustpilot.com.evil.io/evaluate/x' },
      'trustpilotReviewUrl',
      surveySettingsMessages.trustpilotLink,
    ],
  ])('refuses %j on %s', (change, field, message) => {
    const result = checkSurveySettingsDraft({ ...valid, ...change });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems[field as keyof SurveySettingsDraft]).toEqual(message);
  });
});
