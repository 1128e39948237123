import type { AppLanguage } from '@careloop/domain/clinic-locale';
import {
  type ProviderErrorCode,
  providerErrorCode,
  providerErrorMessage,
} from '@careloop/domain/provider-errors';
import { errorKindOfStatus } from '../../integrations/http/provider-http';
import { outboxReasonCode, sandboxEndedReason } from '../outbox/outbox-reasons';

// Why a message was not sent, as staff read it on Sent Messages: the outbox's own reasons and the
// providers' refusals, worded in the reader's language. The stored text (English, with the provider's
// own words) stays what the message.failed webhook and operators read.

const ownReasons: Record<AppLanguage, Record<string, string>> = {
  en: {
    unknown_outcome:
      'Outcome unknown: the sending stopped while the provider was being called; not sent again to avoid a duplicate.',
    no_answer: 'Outcome unknown: the provider did not answer; not sent again to avoid a duplicate.',
    no_phone: 'Not sent: the patient has no phone number.',
    no_channel: 'Not sent: no channel is switched on with its credentials saved.',
    opted_out: 'Not sent: the patient opted out of this channel.',
    no_marketing_consent: 'Not sent: no marketing consent is recorded for this patient.',
    patient_gone: 'Not sent: the patient no longer exists.',
    clinic_gone: 'Not sent: the clinic no longer exists.',
    check_failed: 'Not sent: no message text passed the check.',
    clinical_case_open:
      'Not sent: automated messages are paused while a clinical case of the patient is open.',
    no_email: 'Not sent: the patient has no e-mail address.',
    survey_gone: 'Not sent: the survey no longer exists.',
    mail_failed: 'Not sent: the e-mail server refused the message.',
    sandbox_ended: 'Not sent: the clinic left sandbox mode before it went.',
  },
  es: {
    unknown_outcome:
      'Resultado desconocido: el envío se detuvo mientras se llamaba al proveedor; no se vuelve a enviar para evitar un duplicado.',
    no_answer:
      'Resultado desconocido: el proveedor no respondió; no se vuelve a enviar para evitar un duplicado.',
    no_phone: 'No enviado: el paciente no tiene número de teléfono.',
    no_channel: 'No enviado: no hay ningún canal activado con sus credenciales guardadas.',
    opted_out: 'No enviado: el paciente se dio de baja de este canal.',
    no_marketing_consent: 'No enviado: no consta el consentimiento de marketing de este paciente.',
    patient_gone: 'No enviado: el paciente ya no existe.',
    clinic_gone: 'No enviado: la clínica ya no existe.',
    check_failed: 'No enviado: ningún texto del mensaje superó la revisión.',
    clinical_case_open:
      'No enviado: los mensajes automáticos están en pausa mientras haya un caso clínico abierto del paciente.',
    no_email: 'No enviado: el paciente no tiene dirección de correo electrónico.',
    survey_gone: 'No enviado: la encuesta ya no existe.',
    mail_failed: 'No enviado: el servidor de correo rechazó el mensaje.',
    sandbox_ended: 'No enviado: la clínica salió del modo de prueba antes de su envío.',
  },
  tr: {
    unknown_outcome:
      'Sonuç bilinmiyor: sağlayıcı çağrılırken gönderim durdu; çift gönderimi önlemek için yeniden gönderilmedi.',
    no_answer: 'Sonuç bilinmiyor: sağlayıcı yanıt vermedi; çift gönderimi önlemek için yeniden gönderilmedi.',
    no_phone: 'Gönderilmedi: hastanın telefon numarası yok.',
    no_channel: 'Gönderilmedi: kimlik bilgileri kayıtlı, açık bir kanal yok.',
    opted_out: 'Gönderilmedi: hasta bu kanaldan çıktı.',
    no_marketing_consent: 'Gönderilmedi: bu hasta için kayıtlı pazarlama izni yok.',
    patient_gone: 'Gönderilmedi: hasta artık yok.',
    clinic_gone: 'Gönderilmedi: klinik artık yok.',
    check_failed: 'Gönderilmedi: hiçbir mesaj metni denetimden geçmedi.',
    clinical_case_open:
      'Gönderilmedi: hastanın açık bir klinik vakası varken otomatik mesajlar duraklatılır.',
    no_email: 'Gönderilmedi: hastanın e-posta adresi yok.',
    survey_gone: 'Gönderilmedi: anket artık yok.',
    mail_failed: 'Gönderilmedi: e-posta sunucusu mesajı reddetti.',
    sandbox_ended: 'Gönderilmedi: klinik, mesaj gitmeden önce deneme modundan çıktı.',
  },
};

// "twilio 21610: ...", "whatsapp HTTP 503: ..." (the sender's providerErrorText).
const sendRefusal = /^([a-z][a-z-]*)(?: (?:HTTP (\d{3})|(\S+)))?: /;
// "... (code 30003)" (a provider's delivery report), or "131047: ..." (the code first).
const deliveryReport = /\(code ([^)\s]+)\)$|^(\d+): /;

/** A refusal no code explains: the message was not delivered (not a failed connection). */
const undeliveredUnlessKnown = (code: ProviderErrorCode): ProviderErrorCode =>
  code === 'connection_failed' ? 'message_undelivered' : code;

/** A failed message's reason in the reader's language; never the provider's own words. */
export function failureReasonText(stored: string, channel: string, language: AppLanguage): string {
  const own = stored === sandboxEndedReason ? 'sandbox_ended' : outboxReasonCode(stored);
  const ownText = ownReasons[language][own];
  if (ownText) return ownText;
  const refusal = sendRefusal.exec(stored);
  if (refusal) {
    const [, provider, status, code] = refusal;
    const failure = providerErrorCode({
      provider: provider!,
      kind: status ? errorKindOfStatus(Number(status)) : 'unknown',
      providerCode: code ?? null,
    });
    return providerErrorMessage(undeliveredUnlessKnown(failure), provider!, language);
  }
  const provider = channel === 'whatsapp' ? 'whatsapp' : channel === 'email' ? 'email' : 'sms';
  if (/^Recipient opted out/.test(stored))
    return providerErrorMessage('recipient_opted_out', provider, language);
  const report = deliveryReport.exec(stored);
  // SMS delivery reports with a code are Twilio's (Vonage's say "Delivery <status>", AWS SNS sends none).
  const failure = providerErrorCode({
    provider: provider === 'sms' ? 'twilio' : provider,
    kind: 'unknown',
    providerCode: report?.[1] ?? report?.[2] ?? null,
  });
  return providerErrorMessage(undeliveredUnlessKnown(failure), provider, language);
}
