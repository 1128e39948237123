import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, i18n, type SupportedLanguage } from '../../i18n';
import { ApiError } from '../../lib/api-client';
import { describeSaveFailure, messageTextKey, translateOnboardingMessage } from './onboarding-messages.utils';

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
