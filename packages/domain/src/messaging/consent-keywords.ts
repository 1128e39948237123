import { foldText } from '../matching/normalize-name';

// Consent keywords: a patient's reply that is, as a whole, one of these words. English,
// Spanish and Turkish; case, accents and a "please" or "thanks" around it do not matter.
// - opt_out / opt_in: the channel. STOP stops every message on the channel the patient wrote
//   through; START resumes it (Twilio's STOP/START sets, providers.md §4.6, and their es/tr words).
// - marketing_opt_in: the explicit agreement to receive offers (cross-sells), recorded as
//   marketing consent with source `keyword`. Its own words, never START/ALTA/BAŞLA: resuming a
//   channel is not agreeing to marketing (docs/decisions/008-marketing-opt-in-keyword.md).
// - help.

export const replyIntents = ['opt_out', 'opt_in', 'marketing_opt_in', 'help'] as const;
export type ReplyIntent = (typeof replyIntents)[number];

// Words that may surround a keyword without changing it: "STOP please", "Baja, gracias".
const fillers = new Set([
  'please',
  'pls',
  'plz',
  'now',
  'thanks',
  'thank',
  'you',
  'thx',
  'ok',
  'okay',
  'all',
  'por',
  'favor',
  'gracias',
  'ya',
  'lutfen',
  'tesekkurler',
  'tesekkur',
  'ederim',
  'artik',
  'hemen',
]);

const keywords = (intent: ReplyIntent, words: string[]) =>
  words.map((word): [string, ReplyIntent] => [word, intent]);

// "RET" is the Turkish commercial-message opt-out word. YES is left out of every opt-in: it is
// also the usual answer to "are you feeling well?"; it counts only before the offers word.
const keywordIntents = new Map<string, ReplyIntent>([
  ...keywords('opt_out', [
    'stop',
    'stopall',
    'stop all',
    'unsubscribe',
    'cancel',
    'end',
    'quit',
    'revoke',
    'optout',
    'opt out',
    'baja',
    'dar de baja',
    'darme de baja',
    'alto',
    'para',
    'parar',
    'detener',
    'cancelar',
    'fin',
    'no mas',
    'dur',
    'durdur',
    'iptal',
    'ret',
    'cikis',
    'istemiyorum',
    'abonelikten cik',
  ]),
  ...keywords('opt_in', [
    'start',
    'unstop',
    'optin',
    'opt in',
    'alta',
    'dar de alta',
    'darme de alta',
    'comenzar',
    'reanudar',
    'basla',
    'baslat',
  ]),
  ...keywords('marketing_opt_in', [
    'offers',
    'yes offers',
    'send offers',
    'send me offers',
    'ofertas',
    'si ofertas',
    'quiero ofertas',
    'enviame ofertas',
    'kampanya',
    'kampanyalar',
    'evet kampanya',
    'kampanya istiyorum',
  ]),
  ...keywords('help', ['help', 'info', 'ayuda', 'informacion', 'yardim', 'bilgi']),
]);

/** Folded text (lower-case, no accents) as a-z and 0-9 words separated by single spaces. */
export const toWords = (folded: string) =>
  folded
    .replace(/['’‘`´]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

export type ConsentKeyword = { intent: ReplyIntent; keyword: string };

/**
 * The consent keyword a whole reply is, fillers aside; null for anything else ("cancel my
 * appointment", "any offers?", "no offers"). Accepts raw text or text already folded.
 */
export function consentKeywordOf(text: string): ConsentKeyword | null {
  const kept = toWords(foldText(text))
    .split(' ')
    .filter((word) => word.length > 0 && !fillers.has(word))
    .join(' ');
  const intent = keywordIntents.get(kept);
  return intent ? { intent, keyword: kept } : null;
}
