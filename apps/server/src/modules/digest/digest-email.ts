import type { AppLanguage } from '@careloop/domain/clinic-locale';
import { brandedEmailHtml } from '../../integrations/mail/branded-email';
import type { MailMessage } from '../../integrations/mail/mail.client';
import { escapeHtml } from '../../lib/escape-html';
import type { DigestFigures } from './digest.repository';

export type DigestEmailInput = {
  to: string;
  language: AppLanguage;
  firstName: string | null;
  clinicName: string;
  timeZone: string;
  digestDate: string;
  figures: DigestFigures;
  publicUrl: string;
  /** The page that turns the digest off with one click (no sign-in). */
  unsubscribeUrl: string;
  /** RFC 8058 one-click: mail clients POST here. */
  oneClickUrl: string;
};

/** A count as written (digits and grouping of the language) and whether its language reads it as one. */
type Count = { value: number; text: string; one: boolean };

type Texts = {
  subject: (clinic: string, date: string) => string;
  greeting: (name: string | null) => string;
  intro: (clinic: string, date: string, zone: string) => string;
  newReviews: (n: Count, attention: Count) => string;
  openCases: (n: Count, overdue: Count) => string;
  failedMessages: (n: Count) => string;
  allQuiet: string;
  open: string;
  links: { dashboard: string; reviews: string; cases: string; conversations: string };
  why: (clinic: string) => string;
  unsubscribe: string;
  account: string;
};

const plural = (n: Count, one: string, other: string) => (n.one ? one : other);

const texts: Record<AppLanguage, Texts> = {
  en: {
    subject: (clinic, date) => `${clinic}: your CareLoop daily digest for ${date}`,
    greeting: (name) => (name ? `Hi ${name},` : 'Hi,'),
    intro: (clinic, date, zone) =>
      `Here is ${clinic} on CareLoop for the day up to 08:00 (${zone}) on ${date}.`,
    newReviews: (n, attention) =>
      `New reviews: ${n.text}${n.value > 0 ? `, ${attention.text} of them ${plural(attention, 'needs', 'need')} attention (3 stars or fewer)` : ''}`,
    openCases: (n, overdue) => `Open cases: ${n.text}, ${overdue.text} of them overdue`,
    failedMessages: (n) => `Messages that failed to send: ${n.text}`,
    allQuiet: 'Nothing needs you today.',
    open: 'Open CareLoop:',
    links: { dashboard: 'Dashboard', reviews: 'Reviews', cases: 'Cases', conversations: 'Conversations' },
    why: (clinic) => `You receive this e-mail once a day as an owner or admin of ${clinic}.`,
    unsubscribe: 'Stop these e-mails',
    account: 'or turn the digest off on your account page',
  },
  es: {
    subject: (clinic, date) => `${clinic}: su resumen diario de CareLoop del ${date}`,
    greeting: (name) => (name ? `Hola, ${name}:` : 'Hola:'),
    intro: (clinic, date, zone) =>
      `Este es el resumen de ${clinic} en CareLoop del día hasta las 08:00 (${zone}) del ${date}.`,
    newReviews: (n, attention) =>
      `Reseñas nuevas: ${n.text}${n.value > 0 ? `; ${attention.text} ${plural(attention, 'requiere', 'requieren')} atención (3 estrellas o menos)` : ''}`,
    openCases: (n, overdue) =>
      `Casos abiertos: ${n.text}; ${overdue.text} ${plural(overdue, 'vencido', 'vencidos')}`,
    failedMessages: (n) => `Mensajes que no se pudieron enviar: ${n.text}`,
    allQuiet: 'Hoy no hay nada pendiente.',
    open: 'Abrir CareLoop:',
    links: { dashboard: 'Panel', reviews: 'Reseñas', cases: 'Casos', conversations: 'Conversaciones' },
    why: (clinic) => `Recibe este correo una vez al día como propietario o administrador de ${clinic}.`,
    unsubscribe: 'Dejar de recibir estos correos',
    account: 'o desactive el resumen en la página de su cuenta',
  },
  tr: {
    subject: (clinic, date) => `${clinic}: ${date} tarihli CareLoop günlük özetiniz`,
    greeting: (name) => (name ? `Merhaba ${name},` : 'Merhaba,'),
    intro: (clinic, date, zone) =>
      `${clinic} için CareLoop'ta ${date} saat 08:00'e (${zone}) kadar olan günün özeti.`,
    newReviews: (n, attention) =>
      `Yeni yorumlar: ${n.text}${n.value > 0 ? `, bunlardan ${attention.text} tanesi ilgi bekliyor (3 yıldız veya altı)` : ''}`,
    openCases: (n, overdue) => `Açık vakalar: ${n.text}, bunlardan ${overdue.text} tanesinin süresi geçti`,
    failedMessages: (n) => `Gönderilemeyen mesajlar: ${n.text}`,
    allQuiet: 'Bugün sizi bekleyen bir şey yok.',
    open: "CareLoop'u açın:",
    links: { dashboard: 'Panel', reviews: 'Yorumlar', cases: 'Vakalar', conversations: 'Konuşmalar' },
    why: (clinic) =>
      `Bu e-postayı ${clinic} kliniğinin sahibi veya yöneticisi olarak günde bir kez alıyorsunuz.`,
    unsubscribe: 'Bu e-postaları durdur',
    account: 'veya özeti hesap sayfanızdan kapatın',
  },
};

/** "15 January 2026" in the recipient's language (the digest date is a calendar date). */
function formatDate(isoDate: string, language: AppLanguage): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}

const intlLocales: Record<AppLanguage, string> = { en: 'en-US', es: 'es-ES', tr: 'tr-TR' };

/** Counts as the recipient's language writes them ("11,051", "11.051") and its plural rule. */
function countWriter(language: AppLanguage): (n: number) => Count {
  const numbers = new Intl.NumberFormat(intlLocales[language]);
  const plurals = new Intl.PluralRules(intlLocales[language]);
  return (n) => ({ value: n, text: numbers.format(n), one: plurals.select(n) === 'one' });
}

/** The Daily Digest mail: figures only (no patient names or case text leave the app by e-mail). */
export function dailyDigestEmail(input: DigestEmailInput): MailMessage {
  const t = texts[input.language];
  const date = formatDate(input.digestDate, input.language);
  const f = input.figures;
  const count = countWriter(input.language);
  const lines = [
    t.newReviews(count(f.new_reviews), count(f.new_reviews_attention)),
    t.openCases(count(f.open_cases), count(f.overdue_cases)),
    t.failedMessages(count(f.failed_messages)),
  ];
  const quiet = f.new_reviews === 0 && f.open_cases === 0 && f.failed_messages === 0;
  const links = (['dashboard', 'reviews', 'cases', 'conversations'] as const).map((key) => ({
    label: t.links[key],
    url: `${input.publicUrl}/${key}`,
  }));
  const accountUrl = `${input.publicUrl}/account/security`;
  const text = [
    t.greeting(input.firstName),
    '',
    t.intro(input.clinicName, date, input.timeZone),
    '',
    ...lines.map((line) => `- ${line}`),
    ...(quiet ? ['', t.allQuiet] : []),
    '',
    t.open,
    ...links.map((link) => `${link.label}: ${link.url}`),
    '',
    '--',
    t.why(input.clinicName),
    `${t.unsubscribe}: ${input.unsubscribeUrl}`,
    `(${t.account}: ${accountUrl})`,
    '',
  ].join('\n');
  const [dashboard, ...otherLinks] = links;
  const html = brandedEmailHtml({
    language: input.language,
    publicUrl: input.publicUrl,
    bodyHtml: [
      escapeHtml(t.greeting(input.firstName)),
      escapeHtml(t.intro(input.clinicName, date, input.timeZone)),
      lines.map(escapeHtml).join('<br>'),
      ...(quiet ? [escapeHtml(t.allQuiet)] : []),
    ],
    button: { label: dashboard!.label, url: dashboard!.url },
    afterHtml: [otherLinks.map((link) => `<a href="${link.url}">${escapeHtml(link.label)}</a>`).join(' · ')],
    footerHtml: `${escapeHtml(t.why(input.clinicName))} <a href="${escapeHtml(input.unsubscribeUrl)}">${escapeHtml(t.unsubscribe)}</a> (<a href="${accountUrl}">${escapeHtml(t.account)}</a>).`,
  });
  return {
    to: input.to,
    subject: t.subject(input.clinicName, date),
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${input.oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
