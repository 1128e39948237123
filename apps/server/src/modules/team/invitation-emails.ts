import type { AppLanguage } from '@careloop/domain/clinic-locale';
import { brandedEmailHtml, capitalized } from '../../integrations/mail/branded-email';
import type { MailMessage } from '../../integrations/mail/mail.client';
import { escapeHtml } from '../../lib/escape-html';

// Invitations are written in the inviting clinic's language: the invited person
// has no account, so no language of their own yet.

type Texts = {
  subject: (clinic: string) => string;
  invited: (inviter: string, clinic: string) => string;
  create: string;
  expiry: string;
  hasAccount: (inviter: string, clinic: string) => string;
  askAnother: (inviter: string, clinic: string) => string;
  ignore: string;
};

const texts: Record<AppLanguage, Texts> = {
  en: {
    subject: (clinic) => `You are invited to join ${clinic} on CareLoop`,
    invited: (inviter, clinic) => `${inviter} invited you to join ${clinic} on CareLoop.`,
    create: 'Create my account',
    expiry: 'the link expires in 7 days',
    hasAccount: (inviter, clinic) =>
      `${inviter} invited you to join ${clinic} on CareLoop, but this address already has a CareLoop account, and each account belongs to one clinic.`,
    askAnother: (inviter, clinic) =>
      `To join ${clinic}, ask ${inviter} to invite another e-mail address of yours.`,
    ignore: 'If you did not expect this, you can ignore this message.',
  },
  es: {
    subject: (clinic) => `Le han invitado a unirse a ${clinic} en CareLoop`,
    invited: (inviter, clinic) => `${inviter} le ha invitado a unirse a ${clinic} en CareLoop.`,
    create: 'Crear mi cuenta',
    expiry: 'el enlace caduca en 7 días',
    hasAccount: (inviter, clinic) =>
      `${inviter} le ha invitado a unirse a ${clinic} en CareLoop, pero esta dirección ya tiene una cuenta de CareLoop y cada cuenta pertenece a una sola clínica.`,
    askAnother: (inviter, clinic) =>
      `Para unirse a ${clinic}, pida a ${inviter} que invite otra dirección de correo suya.`,
    ignore: 'Si no esperaba este mensaje, puede ignorarlo.',
  },
  tr: {
    subject: (clinic) => `CareLoop'ta ${clinic} kliniğine katılmaya davet edildiniz`,
    invited: (inviter, clinic) => `${inviter} sizi CareLoop'ta ${clinic} kliniğine katılmaya davet etti.`,
    create: 'Hesabımı oluştur',
    expiry: 'bağlantının süresi 7 gün içinde dolar',
    hasAccount: (inviter, clinic) =>
      `${inviter} sizi CareLoop'ta ${clinic} kliniğine katılmaya davet etti, ancak bu adresin zaten bir CareLoop hesabı var ve her hesap tek bir kliniğe aittir.`,
    askAnother: (inviter, clinic) =>
      `${clinic} kliniğine katılmak için ${inviter} adlı kişiden başka bir e-posta adresinizi davet etmesini isteyin.`,
    ignore: 'Bunu beklemiyorsanız bu mesajı yok sayabilirsiniz.',
  },
};

type InvitationInput = {
  to: string;
  clinicName: string;
  inviter: string;
  language: AppLanguage;
  publicUrl: string;
};

export function invitationEmail(input: InvitationInput & { link: string }): MailMessage {
  const t = texts[input.language];
  const html = {
    clinic: `<strong>${escapeHtml(input.clinicName)}</strong>`,
    inviter: escapeHtml(input.inviter),
  };
  return {
    to: input.to,
    subject: t.subject(input.clinicName),
    text: `${t.invited(input.inviter, input.clinicName)}\n\n${t.create} (${t.expiry}):\n\n${input.link}\n\n${t.ignore}\n`,
    html: brandedEmailHtml({
      language: input.language,
      publicUrl: input.publicUrl,
      bodyHtml: [t.invited(html.inviter, html.clinic)],
      button: { label: t.create, url: input.link },
      afterHtml: [`${escapeHtml(capitalized(t.expiry, input.language))}.`, escapeHtml(t.ignore)],
    }),
  };
}

/** To an address that has an account already: it cannot join a second clinic, and says so. */
export function accountHolderInvitationEmail(input: InvitationInput): MailMessage {
  const t = texts[input.language];
  const html = {
    clinic: `<strong>${escapeHtml(input.clinicName)}</strong>`,
    inviter: escapeHtml(input.inviter),
  };
  return {
    to: input.to,
    subject: t.subject(input.clinicName),
    text: `${t.hasAccount(input.inviter, input.clinicName)} ${t.askAnother(input.inviter, input.clinicName)}\n\n${t.ignore}\n`,
    html: brandedEmailHtml({
      language: input.language,
      publicUrl: input.publicUrl,
      bodyHtml: [
        t.hasAccount(html.inviter, html.clinic),
        t.askAnother(html.inviter, escapeHtml(input.clinicName)),
      ],
      afterHtml: [escapeHtml(t.ignore)],
    }),
  };
}
