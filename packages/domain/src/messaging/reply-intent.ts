import { foldText } from '../matching/normalize-name';
import { consentKeywordOf, type ReplyIntent, toWords } from './consent-keywords';
import { matchesOf, nameWordsOf, phrases } from './reply-phrases';

// What a reply asks of its consent: a keyword as the whole message, or a clear phrase inside it.

const optOutPhrases = phrases(
  // English
  '(?:stop|quit|cease) (?:texting|messaging|sending|contacting|emailing|writing|spamming|bothering|whatsapping)',
  '(?:stop|no more|enough) (?:with )?(?:the |these |those |your |all |of )*(?:messages|texts|text messages|sms|whatsapps|reminders|notifications)',
  '(?:dont|do not) (?:ever )?(?:text|message|contact|bother|whatsapp|sms) me',
  '(?:dont|do not) send (?:me )?(?:any ?more |more |these |any |your )*(?:messages|texts|sms)',
  'unsubscribe|opt (?:me )?out|optout',
  '(?:remove|take|delete) me (?:off|from)(?: (?:your|this|the) (?:list|mailing list|contact list|messages))?',
  'i (?:dont|do not) want (?:any ?more |more |these |your |any |to (?:get|receive) (?:any ?more |more |these |your |any )?)(?:messages|texts|sms)',
  'leave me alone',
  // Spanish
  '(?:dar|darme|darse|darnos) de baja|me doy de baja|quiero (?:la )?baja',
  String.raw`(?:deja|dejen|dejad|deje|dejar) de (?:escribir|enviar|mandar|contactar|molestar)\w*`,
  String.raw`no me (?:escriban|escribas|escriba|envien|envies|envie|manden|mandes|mande|contacten|contactes|molesten|molestes)\w*`,
  'no (?:quiero|deseo) (?:recibir )?(?:mas )?(?:mensajes|sms|whatsapps|notificaciones)',
  '(?:borrame|borrenme|quitame|quitenme|eliminame|eliminenme|sacame|saquenme) de (?:la|su|vuestra|tu) lista',
  'no mas mensajes',
  // Turkish
  '(?:mesaj|sms)(?:lar)? (?:atmayin|atmayiniz|atma|gondermeyin|gondermeyiniz|gonderme|yollamayin|yollamayiniz)',
  '(?:mesaj|sms)(?:lari|larinizi|larinizi|iniz)? istemiyorum',
  'listeden (?:cikarin|cikariniz|cikar|silin|siliniz|sil)',
  String.raw`aboneli(?:k|gi|gimi)(?:den)? (?:iptal|cik)\w*`,
  String.raw`rahatsiz etmeyin\w*`,
);

// Withdrawing marketing consent inside a longer message ("stop sending me offers", "no quiero recibir
// más ofertas", "kampanya mesajları istemiyorum"): offers stop, care messages go on. Read before the
// channel phrases, which would take "stop sending" or "mesajları istemiyorum" for the whole channel.
const offers = String.raw`(?:offers|promotions|promos|deals|discounts|ads|adverts|advertising|marketing|sales)(?: messages| texts| emails)?`;
const ofertas = String.raw`(?:ofertas|promociones|publicidad|descuentos)`;
const kampanya = String.raw`(?:kampanya|promosyon|reklam|indirim)\w*(?: (?:mesaj|sms)\w*)?`;
const marketingOptOutPhrases = phrases(
  // English
  `(?:stop|quit|cease) (?:sending|texting|messaging|emailing|whatsapping) (?:me )?(?:any ?more |more |your |the |these |those |all |of )*${offers}`,
  `(?:stop|no more|enough) (?:with )?(?:the |these |those |your |all |of )*${offers}`,
  `(?:dont|do not) (?:ever )?send (?:me )?(?:any ?more |more |these |any |your )*${offers}`,
  `i (?:dont|do not) want (?:any ?more |more |these |your |any |to (?:get|receive) (?:any ?more |more |these |your |any )?)${offers}`,
  `(?:unsubscribe|opt (?:me )?out) (?:me )?(?:from|of) (?:the |your |all )*${offers}`,
  // Spanish
  String.raw`(?:deja|dejen|dejad|deje|dejar) de (?:enviar|mandar)\w* (?:mas )?${ofertas}`,
  String.raw`no me (?:envien|envies|envie|manden|mandes|mande)\w* (?:mas )?${ofertas}`,
  `no (?:quiero|deseo) (?:recibir )?(?:mas )?${ofertas}`,
  `(?:basta|no mas) (?:de )?${ofertas}`,
  `(?:dar|darme|darse|me doy) de baja de (?:las |los |la )?${ofertas}`,
  // Turkish
  `${kampanya} (?:gondermeyin|gondermeyiniz|gonderme|atmayin|atmayiniz|atma|yollamayin|yollamayiniz|istemiyorum|durdurun|durdur)`,
);

// A negation just before ("don't stop texting me", "no dejen de escribirme").
const optOutNegation = /\b(?:dont|do not|never|no|nunca)\s*$/;

/**
 * The consent keyword a reply is. Names are never blanked first: surnames such as Stop, Dur, Alto,
 * Fin, Para and Baja are keywords, and a patient so named who texts only the word means it. A
 * signature after or before the keyword ("STOP - Lucía Stop", "Baja. Dolores") is set aside: first
 * the whole name, then its words; a message that is only the name is no keyword.
 */
function consentKeywordIn(text: string, names: readonly string[]) {
  const words = toWords(foldText(text));
  const direct = consentKeywordOf(words);
  if (direct) return direct;
  // Punctuation kept as a break while names are set aside: "Juan Stop" is the name, "Juan: stop" the
  // given name and the keyword.
  let withBreaks = ` ${wordsAndBreaks(text)} `;
  for (const name of nameWordsOf(names)) withBreaks = withBreaks.split(` ${name} `).join(' ');
  const withoutFullNames = withBreaks
    .split(' ')
    .filter((word) => word !== '' && word !== '|')
    .join(' ');
  if (withoutFullNames === '') return null;
  return consentKeywordOf(withoutFullNames) ?? consentKeywordOf(withoutNameWords(withoutFullNames, names));
}

/** The folded words, a hyphen inside a word joining two ("María-José"), other punctuation as a `|`. */
const wordsAndBreaks = (text: string) =>
  foldText(text)
    .replace(/['’‘`´]/g, '')
    .replace(/([a-z0-9])-(?=[a-z0-9])/g, '$1 ')
    .replace(/[^a-z0-9\s]+/g, ' | ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The words with each word of the names (3 letters or more) set aside, except a name word that is
 * itself a consent keyword: "Stop - Juan" from Juan Stop is still STOP (blanking every name word
 * left nothing of it).
 */
function withoutNameWords(words: string, names: readonly string[]): string {
  const nameWords = new Set(
    nameWordsOf(names)
      .flatMap((name) => name.split(' '))
      .filter((word) => word.length >= 3 && !consentKeywordOf(word)),
  );
  return words
    .split(' ')
    .filter((word) => !nameWords.has(word))
    .join(' ');
}

/** The consent intent of a reply and the words that decided it; null when it asks nothing of consent. */
export function replyIntentOf(
  text: string,
  names: readonly string[],
  clauses: string[],
): { intent: ReplyIntent; found: string } | null {
  const keyword = consentKeywordIn(text, names);
  if (keyword) return { intent: keyword.intent, found: keyword.keyword };
  let offersOnly: string | null = null;
  for (const clause of clauses) {
    // The offers phrase is set aside first, so that "stop sending me offers" is not also "stop
    // sending"; a channel phrase left beside it ("stop texting me and stop sending offers") wins.
    let rest = clause;
    for (const match of matchesOf(marketingOptOutPhrases, clause)) {
      if (optOutNegation.test(match.before)) continue;
      offersOnly ??= match.text;
      rest = rest.replace(match.text, ' ');
    }
    for (const match of matchesOf(optOutPhrases, rest)) {
      if (!optOutNegation.test(match.before)) return { intent: 'opt_out', found: match.text };
    }
  }
  return offersOnly ? { intent: 'marketing_opt_out', found: offersOnly } : null;
}
