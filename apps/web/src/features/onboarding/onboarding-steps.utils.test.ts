import { describe, expect, it } from 'vitest';
import type { WizardDrafts } from './onboarding-drafts.utils';
import {
  canSkipStep,
  profileFieldErrors,
  smsFieldErrors,
  stepProblem,
  stepSave,
  whatsappFieldErrors,
} from './onboarding-steps.utils';
import { buildState, template } from './onboarding-test-fixtures';

const validToken = `EAA${'x'.repeat(120)}`;
const validSid = `AC${'0'.repeat(32)}`;
const validAuthToken = 'a'.repeat(32);

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
