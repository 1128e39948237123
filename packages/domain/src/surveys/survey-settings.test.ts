import { describe, expect, it } from 'vitest';
import { defaultSurveySettings, surveySettingsMessages, surveySettingsSchema } from './survey-settings';

const issuesOf = (input: unknown) => {
  const result = surveySettingsSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('survey settings', () => {
  it('a clinic that never saved has surveys off, day 3, by SMS, no links', () => {
    expect(defaultSurveySettings).toEqual({
      enabled: false,
      dayAfterProcedure: 3,
      channel: 'sms',
      googleReviewUrl: null,
      trustpilotReviewUrl: null,
    });
  });

  it('keeps valid settings and blanks an empty link', () => {
    expect(
      surveySettingsSchema.parse({
        enabled: true,
        dayAfterProcedure: 60,
        channel: 'email',
        googleReviewUrl: ' https://g.page/r/abc/review ',
        trustpilotReviewUrl: '',
      }),
    ).toEqual({
      enabled: true,
      dayAfterProcedure: 60,
      channel: 'email',
      googleReviewUrl: 'https://g.page/r/abc/review',
      trustpilotReviewUrl: null,
    });
  });

  it.each([
    [{ dayAfterProcedure: 0 }, 'dayAfterProcedure', surveySettingsMessages.dayRange.message],
    [{ dayAfterProcedure: 61 }, 'dayAfterProcedure', surveySettingsMessages.dayRange.message],
    [{ dayAfterProcedure: 2.5 }, 'dayAfterProcedure', surveySettingsMessages.dayRange.message],
    [{ dayAfterProcedure: '3' }, 'dayAfterProcedure', surveySettingsMessages.dayRange.message],
    [{ channel: 'fax' }, 'channel', surveySettingsMessages.channel.message],
    [
      { googleReviewUrl: 'https://www.trustpilot.com/evaluate/clinic.example' },
      'googleReviewUrl',
      surveySettingsMessages.googleLink.message,
    ],
    [
      { trustpilotReviewUrl: 'http://www.trustpilot.com/evaluate/clinic.example' },
      'trustpilotReviewUrl',
      surveySettingsMessages.trustpilotLink.message,
    ],
  ])('%j is refused at %s', (input, path, message) => {
    expect(issuesOf(input)).toEqual([[path, message]]);
  });

  it('refuses unknown fields', () => {
    expect(issuesOf({ reviewGating: true })).toHaveLength(1);
  });
});
