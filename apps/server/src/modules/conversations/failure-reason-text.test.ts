import type { AppLanguage } from '@careloop/domain/clinic-locale';
import { describe, expect, it } from 'vitest';
import { outboxReasons, sandboxEndedReason } from '../outbox/outbox-reasons';
import { failureReasonText } from './failure-reason-text';

describe('failureReasonText: why a message failed, in the reader language, never the provider words', () => {
  it.each<[string, string, AppLanguage, string]>([
    [outboxReasons.no_phone, 'sms', 'en', 'Not sent: the patient has no phone number.'],
    [outboxReasons.no_phone, 'sms', 'es', 'No enviado: el paciente no tiene número de teléfono.'],
    [outboxReasons.opted_out, 'whatsapp', 'tr', 'Gönderilmedi: hasta bu kanaldan çıktı.'],
    [sandboxEndedReason, 'sms', 'es', 'No enviado: la clínica salió del modo de prueba antes de su envío.'],
    [
      `${outboxReasons.noAnswer} (twilio HTTP 503)`,
      'sms',
      'es',
      'Resultado desconocido: el proveedor no respondió; no se vuelve a enviar para evitar un duplicado.',
    ],
    [
      'twilio 21610: Attempt to send to unsubscribed recipient',
      'sms',
      'es',
      'El destinatario se ha dado de baja de los mensajes a través de Twilio.',
    ],
    [
      'whatsapp 131047: Re-engagement message',
      'whatsapp',
      'tr',
      'Hastanın son mesajının üzerinden 24 saatten fazla geçti: yalnızca onaylı bir şablon gönderilebilir.',
    ],
    [
      'twilio HTTP 503: Service Unavailable',
      'sms',
      'es',
      'No se pudo contactar con Twilio. Inténtelo de nuevo más tarde.',
    ],
    ['vonage 9: Partner quota violation', 'sms', 'tr', 'Vonage hesabında bakiye veya kota kalmadı.'],
    ['aws-sns: Something odd', 'sms', 'en', 'AWS SNS could not deliver the message.'],
    [
      'Unreachable destination handset [number] (code 30003)',
      'sms',
      'es',
      'SMS no puede entregar mensajes a este número.',
    ],
    [
      'Message Undeliverable (code 131026)',
      'whatsapp',
      'es',
      'WhatsApp no puede entregar mensajes a este número.',
    ],
    ['Recipient opted out (code 9)', 'sms', 'tr', 'Alıcı SMS üzerinden gelen mesajlardan çıktı.'],
    ['Delivery failed (code 4)', 'sms', 'en', 'SMS could not deliver the message.'],
    ['Failed', 'whatsapp', 'es', 'WhatsApp no pudo entregar el mensaje.'],
  ])('%j over %s in %s', (stored, channel, language, expected) => {
    expect(failureReasonText(stored, channel, language)).toBe(expected);
  });
});
