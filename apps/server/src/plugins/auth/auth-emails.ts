import type { AppLanguage } from '@careloop/domain/clinic-locale';
import { brandedEmailHtml, capitalized } from '../../integrations/mail/branded-email';
import type { MailMessage } from '../../integrations/mail/mail.client';
import { escapeHtml } from '../../lib/escape-html';

// Account e-mails in the user's language: the page's at sign-up, then the
// account page's setting, else the clinic's.

type VerificationTexts = {
  subject: string;
  greeting: (name: string | null) => string;
  body: string;
  button: string;
  ignore: string;
};

const verification: Record<AppLanguage, VerificationTexts> = {
  en: {
    subject: 'Confirm your CareLoop account',
    greeting: (name) => (name ? `Hi ${name},` : 'Hi,'),
    body: 'Confirm your e-mail address to finish creating your CareLoop account:',
    button: 'Confirm my e-mail',
    ignore: 'If you did not sign up, you can ignore this message.',
  },
  es: {
    subject: 'Confirme su cuenta de CareLoop',
    greeting: (name) => (name ? `Hola, ${name}:` : 'Hola:'),
    body: 'Confirme su dirección de correo para terminar de crear su cuenta de CareLoop:',
    button: 'Confirmar mi correo',
    ignore: 'Si no se ha registrado, puede ignorar este mensaje.',
  },
  tr: {
    subject: 'CareLoop hesabınızı onaylayın',
    greeting: (name) => (name ? `Merhaba ${name},` : 'Merhaba,'),
    body: 'CareLoop hesabınızı oluşturmayı tamamlamak için e-posta adresinizi onaylayın:',
    button: 'E-postamı onayla',
    ignore: 'Kaydolmadıysanız bu mesajı yok sayabilirsiniz.',
  },
};

export function verificationEmail(input: {
  to: string;
  firstName: string | null;
  link: string;
  language: AppLanguage;
  publicUrl: string;
}): MailMessage {
  const { language, link } = input;
  const t = verification[language];
  const greeting = t.greeting(input.firstName);
  return {
    to: input.to,
    subject: t.subject,
    text: `${greeting}\n\n${t.body}\n\n${link}\n\n${t.ignore}\n`,
    html: brandedEmailHtml({
      language,
      publicUrl: input.publicUrl,
      bodyHtml: [escapeHtml(greeting), escapeHtml(t.body)],
      button: { label: t.button, url: link },
      afterHtml: [escapeHtml(t.ignore)],
    }),
  };
}

type ResetTexts = { subject: string; asked: string; choose: string; expiry: string; ignore: string };

const reset: Record<AppLanguage, ResetTexts> = {
  en: {
    subject: 'Reset your CareLoop password',
    asked: 'Someone asked to reset the password of your CareLoop account.',
    choose: 'Choose a new password',
    expiry: 'the link expires in one hour',
    ignore: 'If it was not you, ignore this message: your password stays as it is.',
  },
  es: {
    subject: 'Restablezca su contraseña de CareLoop',
    asked: 'Alguien ha pedido restablecer la contraseña de su cuenta de CareLoop.',
    choose: 'Elija una contraseña nueva',
    expiry: 'el enlace caduca en una hora',
    ignore: 'Si no ha sido usted, ignore este mensaje: su contraseña sigue siendo la misma.',
  },
  tr: {
    subject: 'CareLoop parolanızı sıfırlayın',
    asked: 'Birisi CareLoop hesabınızın parolasını sıfırlamak istedi.',
    choose: 'Yeni bir parola seçin',
    expiry: 'bağlantının süresi bir saat içinde dolar',
    ignore: 'Bu siz değilseniz bu mesajı yok sayın: parolanız olduğu gibi kalır.',
  },
};

export function passwordResetEmail(input: {
  to: string;
  link: string;
  language: AppLanguage;
  publicUrl: string;
}): MailMessage {
  const { language, link } = input;
  const t = reset[language];
  return {
    to: input.to,
    subject: t.subject,
    text: `${t.asked}\n\n${t.choose} (${t.expiry}):\n\n${link}\n\n${t.ignore}\n`,
    html: brandedEmailHtml({
      language,
      publicUrl: input.publicUrl,
      bodyHtml: [escapeHtml(t.asked)],
      button: { label: t.choose, url: link },
      afterHtml: [`${escapeHtml(capitalized(t.expiry, language))}.`, escapeHtml(t.ignore)],
    }),
  };
}
