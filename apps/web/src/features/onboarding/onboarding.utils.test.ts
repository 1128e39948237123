import type { OnboardingState } from '@careloop/contracts/onboarding';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, i18n, type SupportedLanguage } from '../../i18n';
import { ApiError } from '../../lib/api-client';
import {
  canSkipStep,
  describeSaveFailure,
  initialDrafts,
  initialView,
  isStepReachable,
  messageTextKey,
  profileFieldErrors,
  smsFieldErrors,
  stepIndicators,
  stepProblem,
  stepSave,
  summaryRows,
  translateOnboardingMessage,
  type WizardDrafts,
  type WizardTemplateDraft,
  whatsappFieldErrors,
  withClinicChannel,
} from './onboarding.utils';

const validToken = `EAA${'x'.repeat(120)}`;
const validSid = `AC${'0'.repeat(32)}`;
const validAuthToken = 'a'.repeat(32);

const pending = { completed: false, completedBy: null, completedAt: null };
const done = (by: string) => ({ completed: true, completedBy: by, completedAt: '2025-03-10T12:00:00.000Z' });

function buildState(overrides: Partial<OnboardingState> = {}): OnboardingState {
  return {
    stepCompleted: 0,
    wizardCompleted: false,
    completedAt: null,
    steps: { clinicProfile: pending, whatsappSetup: pending, smsSetup: pending, messageTemplates: pending },
    profile: {
      name: 'Smile',
      email: 'ada@smile.example',
      phone: '',
      category: '',
      brandTone: 'professional',
      defaultLanguage: 'en',
      timeZone: 'UTC',
      country: null,
    },
    channels: { whatsapp: false, sms: false },
    whatsappPhoneNumberId: null,
    smsFromNumber: null,
    templates: [],
    templateLimit: 3,
    reachDismissed: false,
    ...overrides,
  };
}

const template = (name: string, body: string): WizardTemplateDraft => ({
  name,
  body,
  category: null,
  language: 'en',
  channel: 'whatsapp',
});

const drafts: WizardDrafts = {
  profile: {
    name: 'Smile Dental',
    email: 'front@smile.example',
    phone: '+14155550123',
    category: 'dental',
    brandTone: 'warm',
    defaultLanguage: 'en',
    timeZone: 'UTC',
    country: '',
  },
  whatsapp: { accessToken: '', phoneNumberId: '' },
  sms: { accountSid: '', authToken: '', fromNumber: '' },
  templates: [],
};
const none = { whatsapp: false, sms: false };

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
  it('starts from the saved profile and non-secret channel fields, with secrets blank', () => {
    const state = buildState({
      profile: {
        name: 'Smile',
        email: 'a@b.co',
        phone: '+1',
        category: 'dental',
        brandTone: 'warm',
        defaultLanguage: 'es',
        timeZone: 'Europe/Madrid',
        country: 'ES',
      },
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
      profile: {
        name: 'Smile',
        email: 'a@b.co',
        phone: '+1',
        category: 'dental',
        brandTone: 'warm',
        defaultLanguage: 'es',
        timeZone: 'Europe/Madrid',
        country: 'ES',
      },
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

describe('field errors as the user types', () => {
  it.each([
    [{ email: '' }, {}],
    [{ email: 'nope' }, { email: 'settings.errors.emailInvalid' }],
    [{ phone: '12' }, { phone: 'settings.errors.phoneInvalid' }],
    [{ phone: '+14155550123', email: 'a@b.co' }, {}],
  ])('profile %j -> %j', (change, expected) => {
    const errors = profileFieldErrors({ ...drafts.profile, ...change });
    expect(Object.fromEntries(Object.entries(errors).map(([field, m]) => [field, m.key]))).toEqual(expected);
  });

  it.each([
    ['', undefined],
    ['XYZ', 'onboarding.errors.accessTokenPrefix'],
    ['EAA123', 'credentials.errors.accessTokenTooShort'],
    [validToken, undefined],
  ])('WhatsApp token %j -> %s', (accessToken, expected) => {
    expect(whatsappFieldErrors({ accessToken, phoneNumberId: '' }).accessToken?.key).toBe(expected);
  });

  it.each([
    [{ accountSid: 'XX1' }, { accountSid: 'onboarding.errors.accountSidPrefix' }],
    [{ accountSid: 'AC1' }, { accountSid: 'credentials.errors.accountSidLength' }],
    [{ authToken: 'short' }, { authToken: 'credentials.errors.authTokenTooShort' }],
    [{ fromNumber: '555' }, { fromNumber: 'settings.errors.phoneInvalid' }],
    [{ accountSid: validSid, authToken: validAuthToken, fromNumber: '+14155550123' }, {}],
  ])('SMS %j -> %j', (change, expected) => {
    const errors = smsFieldErrors({ ...drafts.sms, ...change });
    expect(Object.fromEntries(Object.entries(errors).map(([field, m]) => [field, m.key]))).toEqual(expected);
  });
});

describe('stepProblem', () => {
  const whatsapp = { accessToken: validToken, phoneNumberId: '106540352242922' };
  const sms = { accountSid: validSid, authToken: validAuthToken, fromNumber: '+14155550123' };

  it.each([
    ['complete profile', 1, drafts, none, null],
    [
      'no category',
      1,
      { ...drafts, profile: { ...drafts.profile, category: '' } },
      none,
      'requiredFieldsMissing',
    ],
    [
      'blank name',
      1,
      { ...drafts, profile: { ...drafts.profile, name: ' ' } },
      none,
      'requiredFieldsMissing',
    ],
    ['bad e-mail', 1, { ...drafts, profile: { ...drafts.profile, email: 'x' } }, none, 'emailInvalid'],
    ['WhatsApp entered', 2, { ...drafts, whatsapp }, none, null],
    ['WhatsApp blank, nothing saved', 2, drafts, none, 'requiredFieldsMissing'],
    ['WhatsApp blank, SMS saved', 2, drafts, { whatsapp: false, sms: true }, null],
    [
      'token without EAA',
      2,
      { ...drafts, whatsapp: { ...whatsapp, accessToken: 'ABC' } },
      none,
      'accessTokenPrefix',
    ],
    [
      'short token',
      2,
      { ...drafts, whatsapp: { ...whatsapp, accessToken: 'EAA1' } },
      none,
      'accessTokenTooShort',
    ],
    ['SMS entered', 3, { ...drafts, sms }, none, null],
    ['SMS blank, WhatsApp saved', 3, drafts, { whatsapp: true, sms: false }, null],
    ['SMS blank, nothing saved', 3, drafts, none, 'requiredFieldsMissing'],
    ['SID without AC', 3, { ...drafts, sms: { ...sms, accountSid: 'XX' } }, none, 'accountSidPrefix'],
    [
      'a template and a channel',
      4,
      { ...drafts, templates: [template('A', 'b')] },
      { whatsapp: true, sms: false },
      null,
    ],
    [
      'only blank templates',
      4,
      { ...drafts, templates: [template('A', ' ')] },
      { whatsapp: true, sms: false },
      'requiredFieldsMissing',
    ],
    ['no channel', 4, { ...drafts, templates: [template('A', 'b')] }, none, 'requiredFieldsMissing'],
  ] as const)('%s (step %i)', (_name, step, input, saved, expected) => {
    const problem = stepProblem(step, input as WizardDrafts, saved);
    expect(problem ? problem.key.split('.').at(-1) : null).toBe(expected);
  });
});

describe('stepSave', () => {
  const state = buildState({ whatsappPhoneNumberId: '106540352242922', smsFromNumber: '+14155550123' });

  it('trims the profile', () => {
    const profile = { ...drafts.profile, name: ' Smile ', email: ' a@b.co ', phone: ' +1415 ' };
    expect(stepSave(1, { ...drafts, profile }, state)).toEqual({
      step: 1,
      body: {
        name: 'Smile',
        email: 'a@b.co',
        phone: '+1415',
        category: 'dental',
        brandTone: 'warm',
        defaultLanguage: 'en',
        timeZone: 'UTC',
        country: null,
      },
    });
  });

  it.each([
    [
      { accessToken: '', phoneNumberId: '106540352242922' },
      { accessToken: '', phoneNumberId: '' },
    ],
    [
      { accessToken: '', phoneNumberId: '999' },
      { accessToken: '', phoneNumberId: '999' },
    ],
    [
      { accessToken: ` ${validToken} `, phoneNumberId: ' 106540352242922 ' },
      { accessToken: validToken, phoneNumberId: '106540352242922' },
    ],
  ])('WhatsApp %j sends %j', (whatsapp, body) => {
    expect(stepSave(2, { ...drafts, whatsapp }, state)).toEqual({ step: 2, body });
  });

  it.each([
    [
      { accountSid: '', authToken: '', fromNumber: '+14155550123' },
      { accountSid: '', authToken: '', fromNumber: '' },
    ],
    [
      { accountSid: validSid, authToken: validAuthToken, fromNumber: '+14155550123' },
      { accountSid: validSid, authToken: validAuthToken, fromNumber: '+14155550123' },
    ],
  ])('SMS %j sends %j', (sms, body) => {
    expect(stepSave(3, { ...drafts, sms }, state)).toEqual({ step: 3, body });
  });

  it('leaves out templates lacking a name or a body, trimmed', () => {
    const templates = [template(' A ', ' body '), template('', 'b'), template('C', '  ')];
    expect(stepSave(4, { ...drafts, templates }, state)).toEqual({
      step: 4,
      body: { templates: [template('A', 'body')] },
    });
  });
});

describe('canSkipStep', () => {
  it.each([
    [1, none, false],
    [2, none, true],
    [2, { whatsapp: false, sms: true }, true],
    [3, none, false],
    [3, { whatsapp: true, sms: false }, true],
    [4, { whatsapp: true, sms: true }, false],
  ] as const)('step %i with %j -> %s', (step, saved, expected) => {
    expect(canSkipStep(step, saved)).toBe(expected);
  });
});

describe('stepIndicators', () => {
  it('marks completed steps and who completed them, by the part of the e-mail before the @', () => {
    const state = buildState({
      steps: {
        clinicProfile: done('ada'),
        whatsappSetup: done('bob@smile.example'),
        smsSetup: { completed: true, completedBy: null, completedAt: null },
        messageTemplates: pending,
      },
      channels: { whatsapp: true, sms: true },
    });
    expect(stepIndicators(state)).toEqual([
      { step: 1, key: 'clinicProfile', mark: 'completed', completedBy: 'ada' },
      { step: 2, key: 'whatsappSetup', mark: 'completed', completedBy: 'bob' },
      { step: 3, key: 'smsSetup', mark: 'completed', completedBy: null },
      { step: 4, key: 'messageTemplates', mark: 'pending', completedBy: null },
    ]);
  });

  // The stepper agrees with the summary: a skipped SMS step is skipped, not completed.
  it.each([
    [{ whatsapp: true, sms: false }, 'completed', 'skipped'],
    [{ whatsapp: false, sms: true }, 'skipped', 'completed'],
  ] as const)(
    'channels %j: WhatsApp step %s, SMS step %s, as the summary says',
    (channels, whatsapp, sms) => {
      const state = buildState({
        steps: {
          clinicProfile: done('ada'),
          whatsappSetup: done('ada'),
          smsSetup: done('ada'),
          messageTemplates: done('ada'),
        },
        channels,
      });
      const marks = stepIndicators(state).map((indicator) => [
        indicator.key,
        indicator.mark,
        indicator.completedBy,
      ]);
      expect(marks).toEqual([
        ['clinicProfile', 'completed', 'ada'],
        ['whatsappSetup', whatsapp, whatsapp === 'completed' ? 'ada' : null],
        ['smsSetup', sms, sms === 'completed' ? 'ada' : null],
        ['messageTemplates', 'completed', 'ada'],
      ]);
      const summary = summaryRows(state);
      expect(summary[1]?.status).toBe(whatsapp === 'completed' ? 'connected' : 'skipped');
      expect(summary[2]?.status).toBe(sms === 'completed' ? 'connected' : 'skipped');
    },
  );
});

describe('isStepReachable', () => {
  it.each([
    [0, 1, true],
    [0, 2, false],
    [2, 3, true],
    [2, 4, false],
    [4, 4, true],
  ] as const)('saved %i, step %i -> %s', (stepCompleted, step, expected) => {
    expect(isStepReachable(step, { stepCompleted })).toBe(expected);
  });
});

describe('summaryRows', () => {
  it.each([
    [{ whatsapp: true, sms: false }, 'connected', 'skipped'],
    [{ whatsapp: false, sms: true }, 'skipped', 'connected'],
    [{ whatsapp: true, sms: true }, 'connected', 'connected'],
  ])('channels %j', (channels, whatsapp, sms) => {
    const state = buildState({
      channels,
      steps: {
        clinicProfile: done('a'),
        whatsappSetup: done('a'),
        smsSetup: done('a'),
        messageTemplates: done('a'),
      },
    });
    expect(summaryRows(state)).toEqual([
      { key: 'clinicProfile', status: 'completed' },
      { key: 'whatsappSetup', status: whatsapp },
      { key: 'smsSetup', status: sms },
      { key: 'messageTemplates', status: 'completed', templateCount: 0 },
    ]);
  });
});

describe('messages', () => {
  it.each([
    [
      { key: 'onboarding.errors.requiredFieldsMissing', message: 'x' },
      'onboarding:errors.requiredFieldsMissing',
    ],
    [{ key: 'settings.errors.phoneInvalid', message: 'x' }, 'onboarding:settings.errors.phoneInvalid'],
    [
      { key: 'credentials.errors.accountSidLength', message: 'x' },
      'onboarding:credentials.errors.accountSidLength',
    ],
    [{ key: 'plans.errors.templateLimitReached', message: 'x' }, 'plans:errors.templateLimitReached'],
    [{ key: 'onboarding.templates.duplicateName', message: 'x' }, 'onboarding:templates.duplicateName'],
    [{ key: 'server', message: 'x' }, null],
  ])('%j -> %s', (message, expected) => {
    expect(messageTextKey(message)).toBe(expected);
  });

  it('shows text only the server knows as it came', () => {
    expect(translateOnboardingMessage(i18n.t, { key: 'server', message: 'Boom' })).toBe('Boom');
  });
});

describe('describeSaveFailure', () => {
  it.each([
    [new ApiError(0, 'NETWORK_ERROR', 'offline'), 'saveFailed', null],
    [new ApiError(500, 'INTERNAL', 'oops'), 'saveFailed', null],
    [
      new ApiError(400, 'VALIDATION', 'Token should start with "EAA"'),
      'validation',
      'onboarding.errors.accessTokenPrefix',
    ],
    [
      new ApiError(400, 'VALIDATION', 'whatever', [{ field: 'phone', key: 'settings.errors.phoneInvalid' }]),
      'validation',
      'settings.errors.phoneInvalid',
    ],
    [
      new ApiError(400, 'VALIDATION_ERROR', 'Two templates are named "A"', [
        { field: 'templates.1.name', message: 'Two templates are named "A"' },
      ]),
      'validation',
      'onboarding.templates.duplicateName',
    ],
    [new ApiError(400, 'VALIDATION_ERROR', 'Something new'), 'validation', 'api'],
    [new ApiError(429, 'RATE_LIMITED', 'Too many requests'), 'saveFailed', 'api'],
    [new ApiError(403, 'FORBIDDEN', 'Only owners and admins'), 'saveFailed', 'api'],
    [
      new ApiError(403, 'PLAN_REQUIRED', 'Template Limit Reached'),
      'saveFailed',
      'plans.errors.templateLimitReached',
    ],
    [new Error('odd'), 'saveFailed', null],
  ])('%s -> %s %s', (error, title, key) => {
    const failure = describeSaveFailure(error, 3);
    expect(failure.title).toBe(title);
    expect(failure.reason?.key ?? null).toBe(key);
  });

  describe("in the interface language, never the server's English", () => {
    afterEach(async () => {
      await changeLanguage('en');
    });

    const duplicate = new ApiError(400, 'VALIDATION_ERROR', 'Two templates are named "Takip"', [
      { field: 'templates.2.name', message: 'Two templates are named "Takip"' },
    ]);
    const rateLimited = new ApiError(429, 'RATE_LIMITED', 'Too many requests');
    const forbidden = new ApiError(403, 'FORBIDDEN', 'Only owners and admins can do this');
    const unknown = new ApiError(400, 'VALIDATION_ERROR', 'Unknown variable {{x}} in "Takip"');

    it.each<[SupportedLanguage, ApiError, string]>([
      [
        'en',
        duplicate,
        'Two templates in the same language are named "Takip". Give one of them another name.',
      ],
      [
        'es',
        duplicate,
        'Hay dos plantillas en el mismo idioma que se llaman «Takip». Cambie el nombre de una de ellas.',
      ],
      ['tr', duplicate, 'Aynı dilde "Takip" adlı iki şablon var. Birinin adını değiştirin.'],
      ['en', rateLimited, 'Too many requests. Wait a moment and try again.'],
      ['tr', rateLimited, 'Çok fazla istek. Biraz bekleyip tekrar deneyin.'],
      ['es', forbidden, 'No tiene permiso para hacer esto.'],
      ['tr', forbidden, 'Bunu yapma izniniz yok.'],
      ['tr', unknown, 'Bazı bilgiler geçerli değil. Kontrol edip tekrar deneyin.'],
    ])('%s: %s', async (language, error, expected) => {
      await changeLanguage(language);
      const failure = describeSaveFailure(error, 3);
      const t = i18n.getFixedT(language, 'onboarding');
      const text = translateOnboardingMessage(t, failure.reason!, { ...failure.values, limit: 3 });
      expect(text).toBe(expected);
    });
  });

  it('words the plan limit with the plan limit', () => {
    const failure = describeSaveFailure(new ApiError(403, 'PLAN_REQUIRED', 'x'), 3);
    expect(failure.reason?.message).toBe(
      'Template Limit Reached - Upgrade to Professional to add more than 3 templates',
    );
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
