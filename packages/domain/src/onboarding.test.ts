import { describe, expect, it } from 'vitest';
import { emailHandle } from './clinic-profile';
import { onboardingMessages } from './credentials';
import {
  isSetupDone,
  onboardingProgressPercent,
  reachSuggestion,
  resumeStep,
  usableTemplates,
  validateClinicProfileStep,
  validateSmsStep,
  validateTemplatesStep,
  validateWhatsAppStep,
} from './onboarding';

const missing = onboardingMessages.requiredFieldsMissing;
const none = { whatsapp: false, sms: false };
const token = `EAA${'x'.repeat(120)}`;
const sid = `AC${'1'.repeat(32)}`;

describe('onboardingProgressPercent (step / 4)', () => {
  it.each([
    [0, 0],
    [1, 25],
    [2, 50],
    [3, 75],
    [4, 100],
    [5, 100],
    [-1, 0],
  ])('step %i -> %i%%', (step, percent) => {
    expect(onboardingProgressPercent(step)).toBe(percent);
  });
});

describe('resumeStep (saved step + 1)', () => {
  it.each([
    [0, 1],
    [1, 2],
    [3, 4],
    [4, 4],
    [-2, 1],
  ])('saved %i -> step %i', (saved, step) => {
    expect(resumeStep(saved)).toBe(step);
  });
});

describe('validateClinicProfileStep', () => {
  const valid = { name: 'Sunrise', email: 'a@b.co', phone: '+34600000000', category: 'dental' };
  it.each([
    ['all fields', valid, null],
    ['no name', { ...valid, name: ' ' }, missing],
    ['no email', { ...valid, email: '' }, missing],
    ['no phone', { ...valid, phone: '' }, missing],
    ['no category', { ...valid, category: '' }, missing],
    ['unknown category', { ...valid, category: 'veterinary' }, missing],
  ])('%s', (_label, input, expected) => {
    expect(validateClinicProfileStep(input)).toEqual(expected);
  });
});

describe('validateWhatsAppStep (either channel may satisfy it)', () => {
  it.each([
    ['token and phone number id', { accessToken: token, phoneNumberId: '1065' }, none, null],
    ['nothing entered, nothing saved', { accessToken: '', phoneNumberId: '' }, none, missing],
    ['only a token', { accessToken: token, phoneNumberId: '' }, none, missing],
    [
      'skipped for SMS already saved',
      { accessToken: '', phoneNumberId: '' },
      { whatsapp: false, sms: true },
      null,
    ],
    ['WhatsApp saved before', { accessToken: '', phoneNumberId: '' }, { whatsapp: true, sms: false }, null],
    [
      'a token without its phone number id, SMS saved',
      { accessToken: token, phoneNumberId: '' },
      { whatsapp: false, sms: true },
      missing,
    ],
    [
      'a new token without the phone number id',
      { accessToken: token, phoneNumberId: '' },
      { whatsapp: true, sms: false },
      missing,
    ],
    [
      'a new phone number id, the saved token kept',
      { accessToken: '', phoneNumberId: '1066' },
      { whatsapp: true, sms: false },
      null,
    ],
    [
      'a phone number id alone, SMS saved',
      { accessToken: '', phoneNumberId: '1066' },
      { whatsapp: false, sms: true },
      missing,
    ],
    [
      'token without EAA',
      { accessToken: 'EAB123', phoneNumberId: '1065' },
      none,
      onboardingMessages.accessTokenPrefix,
    ],
  ])('%s', (_label, input, saved, expected) => {
    expect(validateWhatsAppStep(input, saved)).toEqual(expected);
  });
});

describe('validateSmsStep (either channel may satisfy it)', () => {
  const entered = { accountSid: sid, authToken: 'y'.repeat(32), fromNumber: '+15551234567' };
  it.each([
    ['SID, token and from number', entered, none, null],
    ['no from number', { ...entered, fromNumber: '' }, none, missing],
    [
      'nothing, WhatsApp saved',
      { accountSid: '', authToken: '', fromNumber: '' },
      { whatsapp: true, sms: false },
      null,
    ],
    ['nothing at all', { accountSid: '', authToken: '', fromNumber: '' }, none, missing],
    [
      'no from number, WhatsApp saved',
      { ...entered, fromNumber: '' },
      { whatsapp: true, sms: false },
      missing,
    ],
    [
      'a SID alone, WhatsApp saved',
      { ...entered, authToken: '', fromNumber: '' },
      { whatsapp: true, sms: false },
      missing,
    ],
    [
      'a new from number, the saved SID and token kept',
      { accountSid: '', authToken: '', fromNumber: '+15551234568' },
      { whatsapp: false, sms: true },
      null,
    ],
    ['SID without AC', { ...entered, accountSid: 'XX123' }, none, onboardingMessages.accountSidPrefix],
  ])('%s', (_label, input, saved, expected) => {
    expect(validateSmsStep(input, saved)).toEqual(expected);
  });
});

describe('templates step', () => {
  it.each([
    ['one named template and a channel', [{ name: 'A', body: 'B' }], { whatsapp: true, sms: false }, null],
    ['templates but no channel', [{ name: 'A', body: 'B' }], none, missing],
    ['only a nameless template', [{ name: '', body: 'B' }], { whatsapp: false, sms: true }, missing],
    ['no templates', [], { whatsapp: true, sms: true }, missing],
  ])('%s', (_label, templates, channels, expected) => {
    expect(validateTemplatesStep(templates, channels)).toEqual(expected);
  });

  it('skips templates lacking a name or a body', () => {
    const kept = usableTemplates([
      { name: 'A', body: 'B' },
      { name: ' ', body: 'B' },
      { name: 'C', body: '' },
    ]);
    expect(kept).toEqual([{ name: 'A', body: 'B' }]);
  });
});

describe('reachSuggestion', () => {
  it.each([
    [{ whatsapp: true, sms: false }, 'sms'],
    [{ whatsapp: false, sms: true }, 'whatsapp'],
    [{ whatsapp: true, sms: true }, null],
    [{ whatsapp: false, sms: false }, null],
  ])('%j -> %s', (channels, expected) => {
    expect(reachSuggestion(channels)).toBe(expected);
  });
});

describe('emailHandle', () => {
  it.each([
    ['maria.lopez@clinic.es', 'maria.lopez'],
    ['no-at-sign', 'no-at-sign'],
    ['@x.com', ''],
  ])('%s -> %s', (email, handle) => {
    expect(emailHandle(email)).toBe(handle);
  });
});

describe('isSetupDone (the dashboard reminder hides when true)', () => {
  const profile = { name: 'Sol Dental', email: 'a@sol.example', phone: '+34600000000', category: 'dental' };
  const template = { name: 'Day 1', body: 'Hello {{patient_name}}' };
  it.each([
    [
      'wizard completed',
      {
        wizardCompleted: true,
        profile: { ...profile, name: '' },
        channels: { whatsapp: false, sms: false },
        templates: [],
      },
      true,
    ],
    [
      'all in place through Settings',
      { wizardCompleted: false, profile, channels: { whatsapp: false, sms: true }, templates: [template] },
      true,
    ],
    [
      'no channel',
      { wizardCompleted: false, profile, channels: { whatsapp: false, sms: false }, templates: [template] },
      false,
    ],
    [
      'no usable template',
      {
        wizardCompleted: false,
        profile,
        channels: { whatsapp: true, sms: false },
        templates: [{ name: 'x', body: ' ' }],
      },
      false,
    ],
    [
      'profile missing a phone',
      {
        wizardCompleted: false,
        profile: { ...profile, phone: '' },
        channels: { whatsapp: true, sms: true },
        templates: [template],
      },
      false,
    ],
  ] as const)('%s -> %s', (_, state, done) => {
    expect(isSetupDone(state)).toBe(done);
  });
});
