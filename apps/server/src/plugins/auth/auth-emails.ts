import type { MailMessage } from '../../integrations/mail/mail.client';

export function verificationEmail(to: string, firstName: string | null, link: string): MailMessage {
  const greeting = firstName ? `Hi ${firstName},` : 'Hi,';
  return {
    to,
    subject: 'Confirm your CareLoop account',
    text: `${greeting}\n\nConfirm your e-mail address to finish creating your CareLoop account:\n\n${link}\n\nIf you did not sign up, you can ignore this message.\n`,
    html: `<p>${greeting}</p><p>Confirm your e-mail address to finish creating your CareLoop account:</p><p><a href="${link}">Confirm my e-mail</a></p><p>If you did not sign up, you can ignore this message.</p>`,
  };
}

export function passwordResetEmail(to: string, link: string): MailMessage {
  return {
    to,
    subject: 'Reset your CareLoop password',
    text: `Someone asked to reset the password of your CareLoop account.\n\nChoose a new password here (the link expires in one hour):\n\n${link}\n\nIf it was not you, ignore this message: your password stays as it is.\n`,
    html: `<p>Someone asked to reset the password of your CareLoop account.</p><p><a href="${link}">Choose a new password</a> (the link expires in one hour).</p><p>If it was not you, ignore this message: your password stays as it is.</p>`,
  };
}
