import type { StatusServiceId } from '@careloop/contracts/public-site';
import type { SubscriptionList, SubscriptionLocale } from './subscriptions.repository';

// What the subscription mails and pages say, in the subscriber's language (the page they signed up
// from). Formal address (usted, siz) as for patients.

type Texts = {
  listName: Record<SubscriptionList, string>;
  confirmSubject: (list: string) => string;
  confirmBody: (list: string, url: string) => string;
  confirmPageTitle: string;
  confirmPageText: (list: string) => string;
  confirmButton: string;
  confirmedTitle: string;
  confirmedText: (list: string) => string;
  invalidTitle: string;
  invalidText: string;
  unsubscribePageTitle: string;
  unsubscribePageText: (list: string) => string;
  unsubscribeButton: string;
  unsubscribedTitle: string;
  unsubscribedText: (list: string) => string;
  unsubscribeFooter: (url: string) => string;
  services: Record<StatusServiceId, string>;
  incidentOpenedSubject: (service: string) => string;
  incidentOpenedBody: (service: string, since: string, statusUrl: string) => string;
  incidentResolvedSubject: (service: string) => string;
  incidentResolvedBody: (service: string, since: string, until: string, statusUrl: string) => string;
};

export const subscriptionTexts: Record<SubscriptionLocale, Texts> = {
  en: {
    listName: { newsletter: 'the CareLoop newsletter', status: 'CareLoop status updates' },
    confirmSubject: (list) => `Please confirm your subscription to ${list}`,
    confirmBody: (list, url) =>
      `Someone, hopefully you, asked to receive ${list} at this address.\n\nTo confirm, open this link:\n${url}\n\nIf it was not you, ignore this message: nothing will be sent.\n`,
    confirmPageTitle: 'Confirm your subscription',
    confirmPageText: (list) => `Press the button to receive ${list}.`,
    confirmButton: 'Confirm',
    confirmedTitle: 'Subscription confirmed',
    confirmedText: (list) => `You will receive ${list}. Every message has a link to stop them.`,
    invalidTitle: 'This link is not valid',
    invalidText: 'It may have been used already, or replaced by a newer one. Sign up again from the website.',
    unsubscribePageTitle: 'Unsubscribe',
    unsubscribePageText: (list) => `Press the button to stop receiving ${list}.`,
    unsubscribeButton: 'Unsubscribe',
    unsubscribedTitle: 'You are unsubscribed',
    unsubscribedText: (list) => `You will no longer receive ${list}.`,
    unsubscribeFooter: (url) => `To stop these messages: ${url}`,
    services: {
      api: 'API',
      database: 'Database',
      job_runner: 'Job runner',
      review_ingestion: 'Review ingestion',
      messaging: 'Messaging providers',
    },
    incidentOpenedSubject: (service) => `CareLoop incident: ${service} degraded`,
    incidentOpenedBody: (service, since, statusUrl) =>
      `${service} is degraded since ${since}. We are looking into it.\n\nCurrent status: ${statusUrl}\n`,
    incidentResolvedSubject: (service) => `CareLoop incident resolved: ${service}`,
    incidentResolvedBody: (service, since, until, statusUrl) =>
      `${service} is operational again. It was degraded from ${since} to ${until}.\n\nCurrent status: ${statusUrl}\n`,
  },
  es: {
    listName: { newsletter: 'el boletín de CareLoop', status: 'las actualizaciones de estado de CareLoop' },
    confirmSubject: (list) => `Confirme que desea recibir ${list}`,
    confirmBody: (list, url) =>
      `Alguien, esperamos que usted, pidió recibir ${list} en esta dirección.\n\nPara confirmarlo, abra este enlace:\n${url}\n\nSi no fue usted, ignore este mensaje: no se le enviará nada.\n`,
    confirmPageTitle: 'Confirme su suscripción',
    confirmPageText: (list) => `Pulse el botón para recibir ${list}.`,
    confirmButton: 'Confirmar',
    confirmedTitle: 'Suscripción confirmada',
    confirmedText: (list) => `Recibirá ${list}. Cada mensaje incluye un enlace para dejar de recibirlos.`,
    invalidTitle: 'Este enlace no es válido',
    invalidText:
      'Puede que ya se haya usado o que uno más reciente lo haya sustituido. Vuelva a suscribirse desde el sitio web.',
    unsubscribePageTitle: 'Cancelar la suscripción',
    unsubscribePageText: (list) => `Pulse el botón para dejar de recibir ${list}.`,
    unsubscribeButton: 'Cancelar la suscripción',
    unsubscribedTitle: 'Suscripción cancelada',
    unsubscribedText: (list) => `Ya no recibirá ${list}.`,
    unsubscribeFooter: (url) => `Para dejar de recibir estos mensajes: ${url}`,
    services: {
      api: 'API',
      database: 'Base de datos',
      job_runner: 'Ejecutor de tareas',
      review_ingestion: 'Recepción de reseñas',
      messaging: 'Proveedores de mensajería',
    },
    incidentOpenedSubject: (service) => `Incidente en CareLoop: ${service} con problemas`,
    incidentOpenedBody: (service, since, statusUrl) =>
      `${service} presenta problemas desde ${since}. Lo estamos investigando.\n\nEstado actual: ${statusUrl}\n`,
    incidentResolvedSubject: (service) => `Incidente resuelto en CareLoop: ${service}`,
    incidentResolvedBody: (service, since, until, statusUrl) =>
      `${service} vuelve a funcionar con normalidad. Tuvo problemas del ${since} al ${until}.\n\nEstado actual: ${statusUrl}\n`,
  },
  tr: {
    listName: { newsletter: 'CareLoop bülteni', status: 'CareLoop durum güncellemeleri' },
    confirmSubject: (list) => `${list} aboneliğinizi onaylayın`,
    confirmBody: (list, url) =>
      `Birisi (umarız siz) bu adrese ${list} gönderilmesini istedi.\n\nOnaylamak için bu bağlantıyı açın:\n${url}\n\nBu siz değilseniz bu mesajı dikkate almayın: size hiçbir şey gönderilmeyecek.\n`,
    confirmPageTitle: 'Aboneliğinizi onaylayın',
    confirmPageText: (list) => `${list} almak için düğmeye basın.`,
    confirmButton: 'Onayla',
    confirmedTitle: 'Abonelik onaylandı',
    confirmedText: (list) => `${list} size gönderilecek. Her mesajda aboneliği bitirme bağlantısı vardır.`,
    invalidTitle: 'Bu bağlantı geçerli değil',
    invalidText:
      'Daha önce kullanılmış ya da yenisiyle değiştirilmiş olabilir. Web sitesinden yeniden abone olun.',
    unsubscribePageTitle: 'Abonelikten çık',
    unsubscribePageText: (list) => `${list} almayı bırakmak için düğmeye basın.`,
    unsubscribeButton: 'Abonelikten çık',
    unsubscribedTitle: 'Abonelikten çıktınız',
    unsubscribedText: (list) => `Artık ${list} size gönderilmeyecek.`,
    unsubscribeFooter: (url) => `Bu mesajları almayı bırakmak için: ${url}`,
    services: {
      api: 'API',
      database: 'Veritabanı',
      job_runner: 'Görev çalıştırıcı',
      review_ingestion: 'Yorum toplama',
      messaging: 'Mesajlaşma sağlayıcıları',
    },
    incidentOpenedSubject: (service) => `CareLoop olayı: ${service} aksıyor`,
    incidentOpenedBody: (service, since, statusUrl) =>
      `${service} ${since} itibarıyla aksıyor. İnceliyoruz.\n\nGüncel durum: ${statusUrl}\n`,
    incidentResolvedSubject: (service) => `CareLoop olayı çözüldü: ${service}`,
    incidentResolvedBody: (service, since, until, statusUrl) =>
      `${service} yeniden çalışıyor. ${since} ile ${until} arasında aksadı.\n\nGüncel durum: ${statusUrl}\n`,
  },
};
