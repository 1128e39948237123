import type { AppLanguage } from './clinic-locale';

// A provider's refusal as staff read it: one stable code per cause, worded in the reader's language.
// The provider's own words (English, and sometimes an internal detail) are for operators: they stay in
// the logs and the stored check, never on a clinic's screen.

export const providerErrorCodes = [
  'auth_failed',
  'permission_denied',
  'account_blocked',
  'account_inactive',
  'not_found',
  'invalid_request',
  'rate_limited',
  'quota_exhausted',
  'provider_unavailable',
  'unexpected_response',
  'recipient_opted_out',
  'invalid_recipient',
  'reengagement_required',
  'template_rejected',
  'message_undelivered',
  'not_configured_on_server',
  'test_twilio_only',
  'connection_failed',
] as const;
export type ProviderErrorCode = (typeof providerErrorCodes)[number];

export function isProviderErrorCode(value: unknown): value is ProviderErrorCode {
  return providerErrorCodes.some((code) => code === value);
}

/** What the HTTP layer made of a failed call (the server's ProviderError, without its class). */
export type ProviderFailure = {
  /** twilio, whatsapp, vonage, aws-sns, trustpilot, google, openai... */
  provider: string;
  /** unauthorized, forbidden, not_found, bad_request, rate_limited, unavailable, invalid_response. */
  kind: string;
  /** The provider's own error code when it sent one (Twilio 20003, WhatsApp 190, Vonage status 4). */
  providerCode: string | null;
};

// The provider's own codes first (they say more than the HTTP status): providers.md §3.3, §4.2,
// §5.1, §5.2, §6.4.
const byProviderCode: Record<string, Record<string, ProviderErrorCode>> = {
  twilio: {
    '20003': 'auth_failed',
    '20404': 'not_found',
    '20429': 'rate_limited',
    '21211': 'invalid_recipient',
    '21610': 'recipient_opted_out',
    // Carrier delivery errors, in status callbacks (providers.md 4.2).
    '30003': 'invalid_recipient',
    '30005': 'invalid_recipient',
    '30006': 'invalid_recipient',
    '30007': 'message_undelivered',
    '30008': 'message_undelivered',
  },
  whatsapp: {
    '0': 'auth_failed',
    '190': 'auth_failed',
    '3': 'permission_denied',
    '10': 'permission_denied',
    '4': 'rate_limited',
    '80007': 'rate_limited',
    '130429': 'rate_limited',
    '131048': 'rate_limited',
    '131056': 'rate_limited',
    '100': 'invalid_request',
    '368': 'account_blocked',
    '131026': 'invalid_recipient',
    '131047': 'reengagement_required',
    '470': 'reengagement_required',
    '132000': 'template_rejected',
    '132001': 'template_rejected',
    '132012': 'template_rejected',
  },
  vonage: {
    '1': 'rate_limited',
    '2': 'invalid_request',
    '3': 'invalid_request',
    '4': 'auth_failed',
    '5': 'provider_unavailable',
    '6': 'invalid_recipient',
    '7': 'account_blocked',
    '8': 'account_blocked',
    '9': 'quota_exhausted',
    '14': 'auth_failed',
    '15': 'invalid_request',
  },
  'aws-sns': {
    AuthorizationError: 'permission_denied',
    InvalidClientTokenId: 'auth_failed',
    SignatureDoesNotMatch: 'auth_failed',
    InvalidParameter: 'invalid_request',
    Throttling: 'rate_limited',
    ThrottlingException: 'rate_limited',
    InternalError: 'provider_unavailable',
  },
  openai: {
    invalid_api_key: 'auth_failed',
    rate_limit_exceeded: 'rate_limited',
    insufficient_quota: 'quota_exhausted',
  },
  google: {
    // OAuth token endpoint: a refresh token revoked or expired, a client id or secret refused.
    invalid_grant: 'auth_failed',
    invalid_client: 'auth_failed',
    UNAUTHENTICATED: 'auth_failed',
    PERMISSION_DENIED: 'permission_denied',
    RESOURCE_EXHAUSTED: 'rate_limited',
    NOT_FOUND: 'not_found',
    INVALID_ARGUMENT: 'invalid_request',
  },
};

const byKind: Record<string, ProviderErrorCode> = {
  unauthorized: 'auth_failed',
  forbidden: 'permission_denied',
  not_found: 'not_found',
  bad_request: 'invalid_request',
  rate_limited: 'rate_limited',
  unavailable: 'provider_unavailable',
  invalid_response: 'unexpected_response',
};

/** WhatsApp's API-permission codes are a range (200-299): permission denied. */
function whatsAppPermissionRange(failure: ProviderFailure): ProviderErrorCode | null {
  if (failure.provider !== 'whatsapp' || failure.providerCode === null) return null;
  const code = Number(failure.providerCode);
  return Number.isInteger(code) && code >= 200 && code <= 299 ? 'permission_denied' : null;
}

/** The stable code of a provider's refusal: its own code when known, else what the HTTP status said. */
export function providerErrorCode(failure: ProviderFailure): ProviderErrorCode {
  const own =
    failure.providerCode === null ? undefined : byProviderCode[failure.provider]?.[failure.providerCode];
  return own ?? whatsAppPermissionRange(failure) ?? byKind[failure.kind] ?? 'connection_failed';
}

const providerNames: Record<string, string> = {
  twilio: 'Twilio',
  whatsapp: 'WhatsApp',
  vonage: 'Vonage',
  'aws-sns': 'AWS SNS',
  aws_sns: 'AWS SNS',
  trustpilot: 'Trustpilot',
  google: 'Google',
  openai: 'OpenAI',
  stripe: 'Stripe',
  sms: 'SMS',
  email: 'E-mail',
};

/** A provider's name as a reader knows it (Twilio, AWS SNS); an unknown one as it is written. */
function providerDisplayName(provider: string): string {
  return providerNames[provider] ?? provider;
}

type Wording = Record<ProviderErrorCode, (provider: string) => string>;

const messages: Record<AppLanguage, Wording> = {
  en: {
    auth_failed: (p) => `${p} did not accept the credentials. Check them and save them again.`,
    permission_denied: (p) =>
      `${p} accepted the credentials but refused access. Check the account's permissions.`,
    account_blocked: (p) => `${p} has blocked this account. Contact ${p} to restore it.`,
    account_inactive: (p) => `The ${p} account is not active (suspended or closed).`,
    not_found: (p) => `${p} does not know this account or number. Check the IDs you entered.`,
    invalid_request: (p) => `${p} refused the request as invalid. Check the values you entered.`,
    rate_limited: (p) => `${p} is limiting requests for now. Try again in a few minutes.`,
    quota_exhausted: (p) => `The ${p} account has no credit or quota left.`,
    provider_unavailable: (p) => `${p} could not be reached. Try again later.`,
    unexpected_response: (p) => `${p} sent an answer CareLoop could not read. Try again later.`,
    recipient_opted_out: (p) => `The recipient has unsubscribed from messages through ${p}.`,
    invalid_recipient: (p) => `${p} cannot deliver to this number.`,
    reengagement_required: () =>
      'More than 24 hours have passed since the patient last wrote: only an approved template can be sent.',
    template_rejected: (p) => `${p} refused the message template (unknown template or wrong parameters).`,
    message_undelivered: (p) => `${p} could not deliver the message.`,
    not_configured_on_server: (p) =>
      `${p} is not set up on this CareLoop server. Contact your administrator.`,
    test_twilio_only: () => 'The connection test is available for Twilio only.',
    connection_failed: (p) => `Could not connect to ${p}.`,
  },
  es: {
    auth_failed: (p) => `${p} no aceptó las credenciales. Revíselas y guárdelas de nuevo.`,
    permission_denied: (p) =>
      `${p} aceptó las credenciales pero denegó el acceso. Revise los permisos de la cuenta.`,
    account_blocked: (p) => `${p} ha bloqueado esta cuenta. Contacte con ${p} para recuperarla.`,
    account_inactive: (p) => `La cuenta de ${p} no está activa (suspendida o cerrada).`,
    not_found: (p) => `${p} no reconoce esta cuenta o número. Revise los identificadores introducidos.`,
    invalid_request: (p) => `${p} rechazó la solicitud por no ser válida. Revise los valores introducidos.`,
    rate_limited: (p) => `${p} está limitando las solicitudes por ahora. Inténtelo de nuevo en unos minutos.`,
    quota_exhausted: (p) => `La cuenta de ${p} no tiene saldo ni cuota disponible.`,
    provider_unavailable: (p) => `No se pudo contactar con ${p}. Inténtelo de nuevo más tarde.`,
    unexpected_response: (p) =>
      `${p} envió una respuesta que CareLoop no pudo leer. Inténtelo de nuevo más tarde.`,
    recipient_opted_out: (p) => `El destinatario se ha dado de baja de los mensajes a través de ${p}.`,
    invalid_recipient: (p) => `${p} no puede entregar mensajes a este número.`,
    reengagement_required: () =>
      'Han pasado más de 24 horas desde el último mensaje del paciente: solo se puede enviar una plantilla aprobada.',
    template_rejected: (p) =>
      `${p} rechazó la plantilla del mensaje (plantilla desconocida o parámetros incorrectos).`,
    message_undelivered: (p) => `${p} no pudo entregar el mensaje.`,
    not_configured_on_server: (p) =>
      `${p} no está configurado en este servidor de CareLoop. Contacte con su administrador.`,
    test_twilio_only: () => 'La prueba de conexión solo está disponible para Twilio.',
    connection_failed: (p) => `No se pudo conectar con ${p}.`,
  },
  tr: {
    auth_failed: (p) => `${p} kimlik bilgilerini kabul etmedi. Bilgileri kontrol edip yeniden kaydedin.`,
    permission_denied: (p) =>
      `${p} kimlik bilgilerini kabul etti ancak erişimi reddetti. Hesabın izinlerini kontrol edin.`,
    account_blocked: (p) => `${p} bu hesabı engelledi. Hesabı geri açmak için ${p} ile iletişime geçin.`,
    account_inactive: (p) => `${p} hesabı etkin değil (askıya alınmış veya kapatılmış).`,
    not_found: (p) => `${p} bu hesabı veya numarayı tanımıyor. Girdiğiniz kimlikleri kontrol edin.`,
    invalid_request: (p) => `${p} isteği geçersiz saydı. Girdiğiniz değerleri kontrol edin.`,
    rate_limited: (p) => `${p} şu anda istekleri sınırlıyor. Birkaç dakika sonra yeniden deneyin.`,
    quota_exhausted: (p) => `${p} hesabında bakiye veya kota kalmadı.`,
    provider_unavailable: (p) => `${p} hizmetine ulaşılamadı. Daha sonra yeniden deneyin.`,
    unexpected_response: (p) =>
      `${p} CareLoop'un okuyamadığı bir yanıt gönderdi. Daha sonra yeniden deneyin.`,
    recipient_opted_out: (p) => `Alıcı ${p} üzerinden gelen mesajlardan çıktı.`,
    invalid_recipient: (p) => `${p} bu numaraya mesaj iletemiyor.`,
    reengagement_required: () =>
      'Hastanın son mesajının üzerinden 24 saatten fazla geçti: yalnızca onaylı bir şablon gönderilebilir.',
    template_rejected: (p) => `${p} mesaj şablonunu reddetti (bilinmeyen şablon veya hatalı parametreler).`,
    message_undelivered: (p) => `${p} mesajı iletemedi.`,
    not_configured_on_server: (p) =>
      `${p} bu CareLoop sunucusunda yapılandırılmamış. Yöneticinizle iletişime geçin.`,
    test_twilio_only: () => 'Bağlantı testi yalnızca Twilio için kullanılabilir.',
    connection_failed: (p) => `${p} bağlantısı kurulamadı.`,
  },
};

/** What staff read for a provider's refusal, in their language. */
export function providerErrorMessage(
  code: ProviderErrorCode,
  provider: string,
  language: AppLanguage,
): string {
  return messages[language][code](providerDisplayName(provider));
}

const successful: Record<AppLanguage, string> = {
  en: 'Connection successful',
  es: 'Conexión correcta',
  tr: 'Bağlantı başarılı',
};

/** A connection test that passed, in the reader's language. */
export function connectionSuccessfulMessage(language: AppLanguage): string {
  return successful[language];
}
