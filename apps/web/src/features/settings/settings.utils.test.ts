import type { MessageTemplate } from '@careloop/contracts/templates';
import { describe, expect, it } from 'vitest';
import { blankTemplateDraft, type TemplateDraft } from '../../components/template-editor.utils';
import {
  canTestSms,
  canTestWhatsApp,
  hasUnknownTemplateVariables,
  parseAiDelayHours,
  parseAiThreshold,
  parseSettingsTab,
  type SmsFormValues,
  templateDraftsFrom,
  templateSetChanged,
  toSmsBody,
  toWhatsAppBody,
  validateSms,
  validateWhatsApp,
} from './settings.utils';

const token = (length: number, prefix = 'EAA') => prefix + 'x'.repeat(length - prefix.length);
const sid = (length: number, prefix = 'AC') => prefix + '1'.repeat(length - prefix.length);
const nothingSaved = { hasAccessToken: false, hasAppSecret: false };

describe('parseSettingsTab', () => {
  it.each([
    [null, 'clinic'],
    ['clinic', 'clinic'],
    ['templates', 'templates'],
    ['team', 'team'],
    ['billing', 'clinic'],
  ])('%j -> %s', (value, expected) => {
    expect(parseSettingsTab(value)).toBe(expected);
  });
});

describe('validateWhatsApp', () => {
  const template = { templateName: 'careloop_follow_up', templateLanguage: '' };

  it.each([
    [{ templateName: 'Follow-Up', templateLanguage: '' }, 'templateName'],
    [{ templateName: '', templateLanguage: '' }, 'templateName'],
    [{ templateName: 'clinica_sol', templateLanguage: 'es-ES' }, 'templateLanguage'],
    [{ templateName: 'clinica_sol', templateLanguage: 'es_ES' }, null],
  ])('template %j -> error on %s', (values, field) => {
    const errors = validateWhatsApp(
      { accessToken: token(100), phoneNumberId: '1', appSecret: '', ...values },
      nothingSaved,
    );
    expect(Object.keys(errors)).toEqual(field ? [field] : []);
  });

  it.each([
    ['', 'Access token is required'],
    [token(120, 'EAB'), "WhatsApp Access Token must start with 'EAA'"],
    [token(99), 'Token appears to be too short'],
    [token(100), undefined],
    [` ${token(100)} `, undefined],
  ])('token %j -> %s', (accessToken, message) => {
    const errors = validateWhatsApp(
      { accessToken, phoneNumberId: '1065', appSecret: '', ...template },
      nothingSaved,
    );
    expect(errors.accessToken?.message).toBe(message);
  });

  it('keeps a saved token when the field is blank, but checks a typed one', () => {
    const saved = { hasAccessToken: true, hasAppSecret: false };
    expect(
      validateWhatsApp({ accessToken: '', phoneNumberId: '1', appSecret: '', ...template }, saved),
    ).toEqual({});
    expect(
      validateWhatsApp({ accessToken: 'EAA', phoneNumberId: '1', appSecret: '', ...template }, saved)
        .accessToken?.message,
    ).toBe('Token appears to be too short');
  });

  it('requires the phone number ID', () => {
    const errors = validateWhatsApp(
      { accessToken: token(100), phoneNumberId: ' ', appSecret: '', ...template },
      nothingSaved,
    );
    expect(errors.phoneNumberId?.message).toBe('Phone number ID is required');
  });

  it('sends secrets only when typed, trimmed', () => {
    expect(toWhatsAppBody({ accessToken: '', phoneNumberId: ' 42 ', appSecret: ' ', ...template })).toEqual({
      phoneNumberId: '42',
      ...template,
    });
    expect(
      toWhatsAppBody({ accessToken: ` ${token(100)}`, phoneNumberId: '42', appSecret: 's', ...template }),
    ).toEqual({
      phoneNumberId: '42',
      ...template,
      accessToken: token(100),
      appSecret: 's',
    });
  });

  it.each([
    ['', false, false],
    ['', true, true],
    ['EAA', false, true],
  ])('test connection with token %j and saved %s -> enabled %s', (accessToken, hasAccessToken, enabled) => {
    expect(
      canTestWhatsApp(
        { accessToken, phoneNumberId: '', appSecret: '', ...template },
        { hasAccessToken, hasAppSecret: false },
      ),
    ).toBe(enabled);
  });
});

describe('validateSms', () => {
  const base: SmsFormValues = {
    provider: 'twilio',
    accountSid: sid(34),
    authToken: 'a'.repeat(32),
    fromNumber: '+1415',
  };
  const unsaved = { provider: 'twilio' as const, hasAccountSid: false, hasAuthToken: false };

  it.each([
    [sid(33), 'SID must be exactly 34 characters'],
    [sid(34), undefined],
    [sid(35), 'SID must be exactly 34 characters'],
    [sid(34, 'AB'), "Account SID must start with 'AC'"],
    ['', 'Account SID is required'],
  ])('Twilio SID %j -> %s', (accountSid, message) => {
    expect(validateSms({ ...base, accountSid }, unsaved).accountSid?.message).toBe(message);
  });

  it.each([
    [31, 'Auth token appears to be too short'],
    [32, undefined],
  ])('Twilio auth token of %i characters -> %s', (length, message) => {
    expect(validateSms({ ...base, authToken: 'a'.repeat(length) }, unsaved).authToken?.message).toBe(message);
  });

  it('applies only "required" to other providers', () => {
    const vonage = { ...base, provider: 'vonage' as const, accountSid: 'key', authToken: 'short' };
    expect(validateSms(vonage, unsaved)).toEqual({});
    expect(validateSms({ ...vonage, accountSid: '' }, unsaved).accountSid?.message).toBe(
      'Account SID is required',
    );
  });

  it('keeps saved secrets only for the saved provider', () => {
    const saved = { provider: 'twilio' as const, hasAccountSid: true, hasAuthToken: true };
    expect(validateSms({ ...base, accountSid: '', authToken: '' }, saved)).toEqual({});
    const other = validateSms({ ...base, provider: 'aws_sns', accountSid: '', authToken: '' }, saved);
    expect(Object.keys(other).sort()).toEqual(['accountSid', 'authToken']);
    expect(canTestSms({ ...base, accountSid: '' }, saved)).toBe(true);
    expect(canTestSms({ ...base, provider: 'vonage', accountSid: '' }, saved)).toBe(false);
  });

  it('requires the from number and sends secrets only when typed', () => {
    expect(validateSms({ ...base, fromNumber: '' }, unsaved).fromNumber?.message).toBe(
      'From number is required',
    );
    expect(toSmsBody({ ...base, accountSid: '', authToken: '', fromNumber: ' +1415 ' })).toEqual({
      provider: 'twilio',
      fromNumber: '+1415',
    });
  });
});

describe('AI reply choices', () => {
  it.each([
    ['1', 1],
    [3, 3],
    ['4', 3],
    [null, 3],
  ])('threshold %j -> %i', (value, expected) => {
    expect(parseAiThreshold(value)).toBe(expected);
  });

  it.each([
    ['24', 24],
    [8, 8],
    ['3', 2],
    [undefined, 2],
  ])('delay %j -> %i', (value, expected) => {
    expect(parseAiDelayHours(value)).toBe(expected);
  });
});

const saved = (overrides: Partial<MessageTemplate> = {}): MessageTemplate => ({
  id: 'tpl-1',
  name: 'Check-in',
  body: 'Hi {{patient_name}}',
  category: null,
  language: 'en',
  channel: 'whatsapp',
  createdAt: '2026-01-01T00:00:00Z',
  ...overrides,
});
const draftOf = ({ name, body, category, language, channel }: MessageTemplate): TemplateDraft => ({
  name,
  body,
  category,
  language,
  channel,
});

describe('templateDraftsFrom', () => {
  it('adds one blank custom draft when the set has no custom template', () => {
    const drafts = templateDraftsFrom([saved({ category: 'review_request' })], 'es');
    expect(drafts).toHaveLength(2);
    expect(drafts[1]).toEqual(blankTemplateDraft('es'));
  });

  it('adds nothing when a custom template exists', () => {
    expect(templateDraftsFrom([saved()], 'en')).toEqual([draftOf(saved())]);
  });
});

describe('templateSetChanged', () => {
  const set = [saved(), saved({ id: 'tpl-2', name: 'Recall', category: 'appointment_reminder' })];
  const drafts = set.map(draftOf);
  it.each([
    ['the same set', drafts, false],
    ['the same set plus a blank draft', [...drafts, blankTemplateDraft('en')], false],
    ['the same set with padding', drafts.map((d) => ({ ...d, name: ` ${d.name} ` })), false],
    ['a changed body', [{ ...drafts[0]!, body: 'Hello' }, drafts[1]!], true],
    ['a changed language', [{ ...drafts[0]!, language: 'tr' as const }, drafts[1]!], true],
    ['a changed channel', [drafts[0]!, { ...drafts[1]!, channel: 'sms' as const }], true],
    ['one removed', [drafts[0]!], true],
    ['one added', [...drafts, { ...drafts[0]!, name: 'Third' }], true],
    ['a different order', [drafts[1]!, drafts[0]!], true],
  ])('%s -> %s', (_label, next, changed) => {
    expect(templateSetChanged(set, next)).toBe(changed);
  });
});

describe('hasUnknownTemplateVariables', () => {
  const draft = (body: string): TemplateDraft => ({ ...blankTemplateDraft('en'), name: 'x', body });
  it.each([
    [['Hi {{patient_name}}, see you at {{appointment_time}}'], false],
    [['', 'Plain text'], false],
    [['Hi {{patient_name}}', 'Your {{doctor}} is ready'], true],
    [['{{ clinic_name }} says {{PATIENT_NAME}}'], true],
  ])('%j -> %s', (bodies, expected) => {
    expect(hasUnknownTemplateVariables(bodies.map(draft))).toBe(expected);
  });
});
