import { describe, expect, it } from 'vitest';
import { appLanguages } from './clinic-locale';
import {
  connectionSuccessfulMessage,
  type ProviderErrorCode,
  type ProviderFailure,
  providerErrorCode,
  providerErrorCodes,
  providerErrorMessage,
} from './provider-errors';

describe('providerErrorCode: each provider code to one stable code', () => {
  it.each<[ProviderFailure, ProviderErrorCode]>([
    // Twilio (providers.md 4.2)
    [{ provider: 'twilio', kind: 'unauthorized', providerCode: '20003' }, 'auth_failed'],
    [{ provider: 'twilio', kind: 'not_found', providerCode: '20404' }, 'not_found'],
    [{ provider: 'twilio', kind: 'rate_limited', providerCode: '20429' }, 'rate_limited'],
    [{ provider: 'twilio', kind: 'bad_request', providerCode: '21211' }, 'invalid_recipient'],
    [{ provider: 'twilio', kind: 'bad_request', providerCode: '21610' }, 'recipient_opted_out'],
    [{ provider: 'twilio', kind: 'bad_request', providerCode: '99999' }, 'invalid_request'],
    // WhatsApp Cloud API (3.3)
    [{ provider: 'whatsapp', kind: 'unauthorized', providerCode: '190' }, 'auth_failed'],
    [{ provider: 'whatsapp', kind: 'unauthorized', providerCode: '0' }, 'auth_failed'],
    [{ provider: 'whatsapp', kind: 'unavailable', providerCode: '3' }, 'permission_denied'],
    [{ provider: 'whatsapp', kind: 'forbidden', providerCode: '10' }, 'permission_denied'],
    [{ provider: 'whatsapp', kind: 'forbidden', providerCode: '200' }, 'permission_denied'],
    [{ provider: 'whatsapp', kind: 'forbidden', providerCode: '299' }, 'permission_denied'],
    [{ provider: 'whatsapp', kind: 'rate_limited', providerCode: '4' }, 'rate_limited'],
    [{ provider: 'whatsapp', kind: 'bad_request', providerCode: '80007' }, 'rate_limited'],
    [{ provider: 'whatsapp', kind: 'bad_request', providerCode: '130429' }, 'rate_limited'],
    [{ provider: 'whatsapp', kind: 'bad_request', providerCode: '131056' }, 'rate_limited'],
    [{ provider: 'whatsapp', kind: 'bad_request', providerCode: '100' }, 'invalid_request'],
    [{ provider: 'whatsapp', kind: 'forbidden', providerCode: '368' }, 'account_blocked'],
    [{ provider: 'whatsapp', kind: 'bad_request', providerCode: '131026' }, 'invalid_recipient'],
    [{ provider: 'whatsapp', kind: 'bad_request', providerCode: '131047' }, 'reengagement_required'],
    [{ provider: 'whatsapp', kind: 'bad_request', providerCode: '470' }, 'reengagement_required'],
    [{ provider: 'whatsapp', kind: 'bad_request', providerCode: '132001' }, 'template_rejected'],
    [{ provider: 'whatsapp', kind: 'bad_request', providerCode: '300' }, 'invalid_request'],
    // Vonage SMS API status (5.1)
    [{ provider: 'vonage', kind: 'unauthorized', providerCode: '4' }, 'auth_failed'],
    [{ provider: 'vonage', kind: 'rate_limited', providerCode: '1' }, 'rate_limited'],
    [{ provider: 'vonage', kind: 'bad_request', providerCode: '9' }, 'quota_exhausted'],
    [{ provider: 'vonage', kind: 'bad_request', providerCode: '7' }, 'account_blocked'],
    [{ provider: 'vonage', kind: 'unavailable', providerCode: '5' }, 'provider_unavailable'],
    // AWS SNS (5.2)
    [{ provider: 'aws-sns', kind: 'unauthorized', providerCode: 'InvalidClientTokenId' }, 'auth_failed'],
    [{ provider: 'aws-sns', kind: 'forbidden', providerCode: 'AuthorizationError' }, 'permission_denied'],
    [{ provider: 'aws-sns', kind: 'rate_limited', providerCode: 'Throttling' }, 'rate_limited'],
    // OpenAI (6.4)
    [{ provider: 'openai', kind: 'unauthorized', providerCode: 'invalid_api_key' }, 'auth_failed'],
    [{ provider: 'openai', kind: 'rate_limited', providerCode: 'insufficient_quota' }, 'quota_exhausted'],
    [{ provider: 'openai', kind: 'rate_limited', providerCode: 'rate_limit_exceeded' }, 'rate_limited'],
    [{ provider: 'openai', kind: 'forbidden', providerCode: null }, 'permission_denied'],
    // Trustpilot and Google: the HTTP status (2.4, 1.5)
    [{ provider: 'trustpilot', kind: 'unauthorized', providerCode: null }, 'auth_failed'],
    [{ provider: 'trustpilot', kind: 'forbidden', providerCode: null }, 'permission_denied'],
    [{ provider: 'trustpilot', kind: 'rate_limited', providerCode: null }, 'rate_limited'],
    [{ provider: 'trustpilot', kind: 'unavailable', providerCode: null }, 'provider_unavailable'],
    [{ provider: 'google', kind: 'unauthorized', providerCode: null }, 'auth_failed'],
    [{ provider: 'google', kind: 'bad_request', providerCode: 'invalid_grant' }, 'auth_failed'],
    [{ provider: 'google', kind: 'unauthorized', providerCode: 'invalid_client' }, 'auth_failed'],
    [{ provider: 'google', kind: 'bad_request', providerCode: null }, 'invalid_request'],
    [{ provider: 'google', kind: 'forbidden', providerCode: 'PERMISSION_DENIED' }, 'permission_denied'],
    [{ provider: 'google', kind: 'rate_limited', providerCode: 'RESOURCE_EXHAUSTED' }, 'rate_limited'],
    [{ provider: 'google', kind: 'invalid_response', providerCode: null }, 'unexpected_response'],
    [{ provider: 'google', kind: 'something_new', providerCode: null }, 'connection_failed'],
  ])('%j -> %s', (failure, code) => {
    expect(providerErrorCode(failure)).toBe(code);
  });
});

describe('providerErrorMessage: every code in every language', () => {
  const cases = providerErrorCodes.flatMap((code) =>
    appLanguages.map((language) => [code, language] as const),
  );

  it.each(cases)('%s in %s: a sentence of its own, naming the provider where it should', (code, language) => {
    const text = providerErrorMessage(code, 'twilio', language);
    expect(text.trim()).not.toBe('');
    expect(text).not.toContain('twilio');
    if (language !== 'en') expect(text).not.toBe(providerErrorMessage(code, 'twilio', 'en'));
  });

  it.each([
    ['en', 'auth_failed', 'twilio', 'Twilio did not accept the credentials. Check them and save them again.'],
    ['es', 'auth_failed', 'twilio', 'Twilio no aceptó las credenciales. Revíselas y guárdelas de nuevo.'],
    [
      'tr',
      'auth_failed',
      'twilio',
      'Twilio kimlik bilgilerini kabul etmedi. Bilgileri kontrol edip yeniden kaydedin.',
    ],
    [
      'es',
      'rate_limited',
      'aws-sns',
      'AWS SNS está limitando las solicitudes por ahora. Inténtelo de nuevo en unos minutos.',
    ],
    [
      'tr',
      'provider_unavailable',
      'trustpilot',
      'Trustpilot hizmetine ulaşılamadı. Daha sonra yeniden deneyin.',
    ],
    ['es', 'connection_failed', 'whatsapp', 'No se pudo conectar con WhatsApp.'],
  ] as const)('%s %s %s -> %j', (language, code, provider, expected) => {
    expect(providerErrorMessage(code, provider, language)).toBe(expected);
  });

  it.each([
    ['en', 'Connection successful'],
    ['es', 'Conexión correcta'],
    ['tr', 'Bağlantı başarılı'],
  ] as const)('success in %s: %s', (language, text) => {
    expect(connectionSuccessfulMessage(language)).toBe(text);
  });
});
