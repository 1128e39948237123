import type { OnboardingState } from '@careloop/contracts/onboarding';
import { describe, expect, it } from 'vitest';
import { initialDrafts, initialView, withClinicChannel } from './onboarding-drafts.utils';
import { buildState, template } from './onboarding-test-fixtures';

describe('initialView', () => {
  it.each([
    [0, false, 1],
    [1, false, 2],
    [2, false, 3],
    [3, false, 4],
    [4, false, 4],
    [4, true, 'done'],
    [2, true, 'done'],
  ] as const)('saved step %i, completed %s -> %s', (stepCompleted, wizardCompleted, expected) => {
    expect(initialView({ stepCompleted, wizardCompleted })).toBe(expected);
  });
});

describe('initialDrafts', () => {
  const savedProfile = {
    name: 'Smile',
    email: 'a@b.co',
    phone: '+1',
    category: 'dental',
    brandTone: 'warm',
    defaultLanguage: 'es',
    timeZone: 'Europe/Madrid',
    country: 'ES',
  } as const;

  it('starts from the saved profile and non-secret channel fields, with secrets blank', () => {
    const state = buildState({
      profile: savedProfile,
      whatsappPhoneNumberId: '106540352242922',
      smsFromNumber: '+14155550123',
      templates: [
        {
          id: 'tpl_1',
          name: 'Hi',
          body: 'Hello',
          category: 'review_request',
          language: 'es',
          channel: 'sms',
          createdAt: '2025-03-10T12:00:00.000Z',
        },
      ],
    });
    expect(initialDrafts(state)).toEqual({
      profile: savedProfile,
      whatsapp: { accessToken: '', phoneNumberId: '106540352242922' },
      sms: { accountSid: '', authToken: '', fromNumber: '+14155550123' },
      templates: [{ name: 'Hi', body: 'Hello', category: 'review_request', language: 'es', channel: 'sms' }],
    });
  });
});

describe('initialDrafts: the browser guesses zone and country until the profile is saved', () => {
  const madrid = { timeZone: 'Europe/Madrid', languages: ['es-ES', 'es'] };
  const fresh = (profile: Partial<OnboardingState['profile']>, stepCompleted = 0) =>
    buildState({
      stepCompleted,
      profile: { ...buildState({}).profile, timeZone: 'UTC', country: null, ...profile },
    });

  it.each([
    ['a new clinic in a Madrid browser', fresh({}), madrid, 'Europe/Madrid', 'ES'],
    ['a zone already chosen stays', fresh({ timeZone: 'Europe/Istanbul' }), madrid, 'Europe/Istanbul', 'ES'],
    ['a country already chosen stays', fresh({ country: 'TR' }), madrid, 'Europe/Madrid', 'TR'],
    ['after the profile step was saved, no guess', fresh({}, 1), madrid, 'UTC', ''],
    [
      'a language tag without a region',
      fresh({}),
      { timeZone: 'Europe/Madrid', languages: ['es'] },
      'Europe/Madrid',
      '',
    ],
    [
      'the first tag with a region',
      fresh({}),
      { timeZone: 'America/Mexico_City', languages: ['es', 'es-MX', 'en-US'] },
      'America/Mexico_City',
      'MX',
    ],
    [
      'a zone the runtime does not know',
      fresh({}),
      { timeZone: 'Mars/Olympus', languages: ['tr-TR'] },
      'UTC',
      'TR',
    ],
    [
      'a malformed tag is skipped',
      fresh({}),
      { timeZone: undefined, languages: ['??', 'en-GB'] },
      'UTC',
      'GB',
    ],
  ] as const)('%s', (_case, state, browser, timeZone, country) => {
    const { profile } = initialDrafts(state, browser);
    expect({ timeZone: profile.timeZone, country: profile.country }).toEqual({ timeZone, country });
  });

  it("keeps the clinic's language (the one its owner signed up in)", () => {
    expect(initialDrafts(fresh({ defaultLanguage: 'es' }), madrid).profile.defaultLanguage).toBe('es');
  });
});

describe('withClinicChannel', () => {
  const previous = [template('A', 'a')];
  const next = [template('A', 'a'), template('B', 'b')];

  it.each([
    [{ whatsapp: false, sms: true }, ['whatsapp', 'sms']],
    [{ whatsapp: true, sms: false }, ['whatsapp', 'whatsapp']],
    [{ whatsapp: true, sms: true }, ['whatsapp', 'whatsapp']],
    [{ whatsapp: false, sms: false }, ['whatsapp', 'whatsapp']],
  ])('new drafts with channels %j -> %j', (channels, expected) => {
    expect(withClinicChannel(previous, next, channels).map((d) => d.channel)).toEqual(expected);
  });
});
