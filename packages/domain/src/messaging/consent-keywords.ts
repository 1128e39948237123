import { foldText } from '../matching/normalize-name';

// Consent keywords: a patient's reply that is, as a whole, one of these words. English,
// Spanish and Turkish; case, accents and a "please" or "thanks" around it do not matter.
// - opt_out / opt_in: the channel. STOP stops every message on the channel the patient wrote
//   through; START resumes it (Twilio's STOP/START sets, providers.md §4.6, and their es/tr words).
// - marketing_opt_in: the explicit agreement to receive offers (cross-sells), recorded as
//   marketing consent with source `keyword`. Its own words, never START/ALTA/BAŞLA: resuming a
//   channel is not agreeing to marketing (docs/decisions/008-marketing-opt-in-keyword.md).
// - marketing_opt_out: withdrawing that consent as easily as it was given ("stop offers", the
//   label of WhatsApp's marketing opt-out button "Stop promotions"): offers stop, care messages go on.
// - help.

export const replyIntents = ['opt_out', 'opt_in', 'marketing_opt_in', 'marketing_opt_out', 'help'] as const;
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
    'basta',
    'cancelar suscripcion',
    'mesaj gelmesin',
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
  ...keywords('marketing_opt_out', [
    'stop offers',
    'no offers',
    'no more offers',
    'stop promotions',
    'no promotions',
    'unsubscribe offers',
    'stop marketing',
    'no ofertas',
    'sin ofertas',
    'no quiero ofertas',
    'no mas ofertas',
    'basta de ofertas',
    'baja ofertas',
    'stop ofertas',
    'kampanya istemiyorum',
    'kampanya yok',
    'kampanya iptal',
    'kampanya durdur',
    'kampanyalari durdur',
    'promosyonlari durdur',
    'kampanya ret',
    'ret kampanya',
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
  const words = toWords(foldText(text))
    .replace(deviceSignature, '')
    .split(' ')
    .filter((word) => word.length > 0 && !fillers.has(word));
  // "STOP STOP": the word said twice is still the word.
  const kept = words.length > 1 && words.every((word) => word === words[0]) ? words[0]! : words.join(' ');
  const intent = keywordIntents.get(kept);
  return intent ? { intent, keyword: kept } : null;
}

// A phone's own last line under the reply: "STOP. Sent from my iPhone" is STOP.
const deviceSignature =
  / ?(?:sent from my|enviado desde mi) [a-z0-9]+(?: [a-z0-9]+)?$| ?[a-z0-9]+(?:umdan|imden|dan|den) gonderildi$/;
