import type { AppLanguage } from '@careloop/domain/clinic-locale';
import { escapeHtml } from '../../lib/escape-html';

// One look for every mail the product sends an account holder (confirmation, password reset,
// invitations, the daily digest): the logo, the message, one button for its one action, and a
// footer saying who sent it. Tables and inline styles only: that is what mail clients render.

/** The logo's file in the web app's build (apps/web/public), a PNG because mail clients drop SVG. */
const emailLogoPath = '/email-logo.png';

const brandColor = '#0b6b73';

const footers: Record<AppLanguage, { sentBy: string; tagline: string }> = {
  en: { sentBy: 'Sent by CareLoop', tagline: 'patient follow-ups and reviews for clinics' },
  es: { sentBy: 'Enviado por CareLoop', tagline: 'seguimiento de pacientes y reseñas para clínicas' },
  tr: { sentBy: 'CareLoop tarafından gönderildi', tagline: 'klinikler için hasta takibi ve yorumlar' },
};

export type BrandedEmail = {
  language: AppLanguage;
  /** The site's address: the logo and the footer link point there. */
  publicUrl: string;
  /** The message before the button: HTML the caller escaped. */
  bodyHtml: string[];
  /** The one action of the message, drawn as a button. */
  button?: { label: string; url: string };
  /** Under the button (an expiry, what to do if it was not you): HTML the caller escaped. */
  afterHtml?: string[];
  /** Above the brand line in the footer (why this mail came, how to stop it): HTML the caller escaped. */
  footerHtml?: string;
};

function buttonHtml(button: NonNullable<BrandedEmail['button']>): string {
  const url = escapeHtml(button.url);
  return (
    '<table role="presentation" cellpadding="0" cellspacing="0" style="margin:24px 0"><tr>' +
    `<td style="border-radius:6px;background:${brandColor}">` +
    `<a href="${url}" style="display:inline-block;padding:12px 24px;color:#ffffff;font-weight:600;text-decoration:none;border-radius:6px">${escapeHtml(button.label)}</a>` +
    '</td></tr></table>'
  );
}

/** The HTML body of a branded mail, in the reader's language. */
export function brandedEmailHtml(email: BrandedEmail): string {
  const site = escapeHtml(email.publicUrl);
  const footer = footers[email.language];
  const paragraphs = (html: string[]) => html.map((p) => `<p style="margin:0 0 16px">${p}</p>`).join('');
  return (
    `<!doctype html><html lang="${email.language}"><body style="margin:0;padding:0;background:#f4f6f7">` +
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f6f7"><tr><td align="center" style="padding:24px 12px">' +
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2933">' +
    `<tr><td style="padding:20px 28px;border-bottom:3px solid ${brandColor}">` +
    `<a href="${site}" style="text-decoration:none;color:${brandColor};font-size:20px;font-weight:700">` +
    `<img src="${site}${emailLogoPath}" width="32" height="32" alt="" style="vertical-align:middle;border:0;margin-right:8px">CareLoop</a>` +
    '</td></tr>' +
    `<tr><td style="padding:28px">${paragraphs(email.bodyHtml)}` +
    (email.button ? buttonHtml(email.button) : '') +
    paragraphs(email.afterHtml ?? []) +
    '</td></tr>' +
    '<tr><td style="padding:16px 28px;border-top:1px solid #e4e7eb;color:#616e7c;font-size:13px">' +
    (email.footerHtml ? `<p style="margin:0 0 8px">${email.footerHtml}</p>` : '') +
    `<p style="margin:0">${escapeHtml(footer.sentBy)}, ${escapeHtml(footer.tagline)} · <a href="${site}" style="color:#616e7c">${site.replace(/^https?:\/\//, '')}</a></p>` +
    '</td></tr></table></td></tr></table></body></html>'
  );
}

/** A clause ("the link expires in one hour") as a sentence of its own, in the reader's language. */
export const capitalized = (text: string, language: AppLanguage) =>
  text.charAt(0).toLocaleUpperCase(language) + text.slice(1);
