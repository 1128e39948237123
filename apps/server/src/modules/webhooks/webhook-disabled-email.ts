import type { AppLanguage } from '@careloop/domain/clinic-locale';
import type { MailMessage } from '../../integrations/mail/mail.client';

// The e-mail to a clinic's owners when CareLoop stops sending to one of its webhook endpoints, in
// each owner's own language (else the clinic's), its time in the clinic's zone.

type Texts = {
  subject: string;
  gone: string;
  failing: (since: string) => string;
  stopped: (url: string, why: string) => string;
  next: (settingsUrl: string) => string;
};

const texts: Record<AppLanguage, Texts> = {
  en: {
    subject: 'CareLoop webhook endpoint disabled',
    gone: 'it answered 410 Gone, which means the receiver no longer exists',
    failing: (since) => `every delivery to it has failed since ${since}, through all retries`,
    stopped: (url, why) => `CareLoop has stopped sending webhooks to ${url}: ${why}.`,
    next: (settingsUrl) =>
      `Events from now on are not sent to it. Once the receiver works again, turn the endpoint back on in Settings > API (${settingsUrl}); failed deliveries can be sent again from its delivery log.`,
  },
  es: {
    subject: 'CareLoop ha desactivado un endpoint de webhooks',
    gone: 'respondió 410 Gone, lo que significa que el receptor ya no existe',
    failing: (since) => `todas las entregas han fallado desde el ${since}, tras todos los reintentos`,
    stopped: (url, why) => `CareLoop ha dejado de enviar webhooks a ${url}: ${why}.`,
    next: (settingsUrl) =>
      `A partir de ahora no se le enviarán eventos. Cuando el receptor vuelva a funcionar, reactive el endpoint en Ajustes > API (${settingsUrl}); las entregas fallidas pueden reenviarse desde su registro de entregas.`,
  },
  tr: {
    subject: 'CareLoop bir webhook uç noktasını devre dışı bıraktı',
    gone: '410 Gone yanıtı verdi; bu, alıcının artık var olmadığı anlamına gelir',
    failing: (since) =>
      `${since} tarihinden bu yana tüm yeniden denemelere rağmen her teslimat başarısız oldu`,
    stopped: (url, why) => `CareLoop, ${url} adresine webhook göndermeyi durdurdu: ${why}.`,
    next: (settingsUrl) =>
      `Bundan sonraki olaylar bu adrese gönderilmeyecek. Alıcı yeniden çalıştığında uç noktayı Ayarlar > API bölümünden (${settingsUrl}) tekrar açın; başarısız teslimatlar teslimat kaydından yeniden gönderilebilir.`,
  },
};

export type WebhookDisabledEmailInput = {
  to: string;
  language: AppLanguage;
  timeZone: string;
  endpointUrl: string;
  reason: 'gone' | 'failing';
  /** When its deliveries began to fail (or, unknown, when it was disabled). */
  failingSince: Date;
  settingsUrl: string;
};

export function webhookDisabledEmail(input: WebhookDisabledEmailInput): MailMessage {
  const t = texts[input.language];
  const since = new Intl.DateTimeFormat(input.language, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: input.timeZone,
  }).format(input.failingSince);
  const why = input.reason === 'gone' ? t.gone : t.failing(since);
  return {
    to: input.to,
    subject: t.subject,
    text: [t.stopped(input.endpointUrl, why), '', t.next(input.settingsUrl)].join('\n'),
  };
}
