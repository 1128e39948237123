import type { CaseSeverity } from '../case-rules';
import { foldText } from '../matching/normalize-name';
import { consentKeywordOf, type ReplyIntent, toWords } from './consent-keywords';
import { positiveWordsIn } from './positive-reply';

export { type ReplyIntent, replyIntents } from './consent-keywords';

// What a patient's reply means for the system: a consent keyword, a
// clinical red flag (a high-severity case that AI never answers), or a complaint and how bad it
// is. English, Spanish and Turkish; case and accents do not matter.

export const clinicalRedFlags = ['pain', 'bleeding', 'swelling', 'fever', 'infection', 'graft_loss'] as const;
export type ClinicalRedFlag = (typeof clinicalRedFlags)[number];

export const replyAlertKinds = ['clinical', 'negative'] as const;
export type ReplyAlertKind = (typeof replyAlertKinds)[number];

export type ReplyClassification = {
  intent: ReplyIntent | null;
  clinicalFlags: ClinicalRedFlag[];
  /** How bad a complaint is; null when the reply is not negative. */
  negativeSeverity: CaseSeverity | null;
  /** The alert (and case) the reply raises: clinical flags always high. */
  alert: { kind: ReplyAlertKind; severity: CaseSeverity } | null;
  /**
   * Thanks or contentment with no consent keyword, symptom or complaint beside it: recovery counts
   * it as the patient won back.
   */
  positive: boolean;
  /** False for consent keywords, clinical flags and anything worse than a mild complaint. */
  canAnswerWithAi: boolean;
  /** The words that decided it, folded (lower-case, no accents). */
  evidence: string[];
};

export type ReplyContext = {
  /** Names that are not words here (a patient called Dolores signing "Dolores"). */
  names?: readonly string[];
};

// Patterns run on one clause at a time, folded to a-z and 0-9 words separated by single spaces.
const phrases = (...sources: string[]) => new RegExp(sources.map((s) => `\\b(?:${s})\\b`).join('|'), 'g');

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

type ClinicalTerm = { flag: ClinicalRedFlag; pattern: RegExp };

const clinicalTerms: ClinicalTerm[] = [
  {
    flag: 'pain',
    pattern: phrases(
      'pain(?:s|ful)?|hurts?(?! (?:my|your|his|her|our|their) feelings)|hurting|aching|aches?|sore(?:ness)?|throbbing|agony|excruciating',
      'dolor(?:es)?|duele(?:n)?|dolorid[oa]s?|doloros[oa]s?',
      String.raw`agri(?!miyor|madi|siz)\w*(?<!kesici)(?! kesici)|aciyor|sizliyor|zonkluyor`,
    ),
  },
  {
    flag: 'bleeding',
    pattern: phrases(
      'bleed(?:s|ing)?|bled|blood',
      'sangra|sangran|sangrado|sangrando|sangre|sangrar|sangro',
      String.raw`kanama\w*|kaniyor|kanadi|kan`,
    ),
  },
  {
    flag: 'swelling',
    pattern: phrases(
      'swelling|swollen|swelled|puffy|puffiness',
      'hinchazon(?:es)?|hinchad[oa]s?|hinchando|inflamad[oa]s?|inflamacion',
      String.raw`sislik\w*|sisti|sismis\w*|sisme\w*|siskin\w*|odem\w*`,
    ),
  },
  {
    flag: 'fever',
    pattern: phrases(
      'fever(?:ish)?|(?:high|a|running a) temperature|chills',
      'fiebre|calentura|escalofrios|febril',
      'ates(?:im|i|in|li|ler|lendim)?',
    ),
  },
  {
    flag: 'infection',
    pattern: phrases(
      'infect(?:ed|ion|ions)|pus|oozing|abscess',
      String.raw`infeccion(?:es)?|infectad[oa]s?|supura\w*|absceso`,
      String.raw`enfeksiyon\w*|iltihap\w*|irin\w*|apse`,
    ),
  },
  {
    flag: 'graft_loss',
    pattern: phrases(
      String.raw`grafts? (?:\w+ ){0,3}?(?:fell|falling|fall|came|coming|dropped|dropping|lost|loss|popped|popping|dislodged)`,
      String.raw`(?:lost|losing|lose|loss of) (?:\w+ ){0,2}?grafts?`,
      String.raw`injertos? (?:\w+ ){0,3}?(?:cae|caen|cayendo|cayeron|cayo|perdido|perdidos|salido|salen|salio|salieron)`,
      String.raw`(?:perdida|caida|perdi|perdiendo|cayeron|cayo|caen) (?:\w+ ){0,3}?injertos?`,
      String.raw`greft\w* (?:\w+ ){0,2}?(?:kayb\w*|kaybet\w*|dokul\w*|dus\w*|cik\w*)`,
    ),
  },
];

// "no pain", "I don't have any swelling", "sin dolor", but not "it does not stop bleeding".
const clinicalNegationBefore =
  /\b(?:no|not|without|zero|dont|didnt|doesnt|isnt|wasnt|arent|havent|hasnt|sin|ningun|ninguna|nada de|tampoco)(?: (?!stop|stopping|quit|para|paro|deja|dejado)\w+){0,2} $/;
// "it stopped bleeding", "dejo de sangrar", but not "it never stopped bleeding".
const clinicalStoppedBefore =
  /(?<!\b(?:never|not|hasnt|didnt|havent|nunca|no) )\b(?:stopped|dejo de|ha dejado de) $/;
// "pain free", "the bleeding has stopped", "el dolor desaparecio", "agrim yok", "kanama durdu".
const clinicalNegationAfter =
  /^ (?:(?:is|has|have|had|was|ya|se|ha|hic|artik|tamamen) )?(?:free|gone|stopped|subsided|disappeared|cleared|went (?:down|away)|gone (?:down|away)|desaparecio|desaparecido|paro|parado|bajo|bajado|fue|termino|yok|yoktu|gecti|durdu|dustu|indi|kalmadi|degil\w*)\b/;

type SentimentTier = { severity: CaseSeverity; pattern: RegExp };

const negativeTiers: SentimentTier[] = [
  {
    severity: 'high',
    pattern: phrases(
      'lawyers?|attorneys?|sue|suing|lawsuit|legal action|malpractice|negligence|report (?:you|this|the clinic|it)|health (?:authority|department|ministry)|police|scam(?:mers?|med)?|fraud|botched|ruined|disaster|nightmare',
      String.raw`abogad[oa]s?|demandar\w*|denunciar\w*|denuncia|negligencia|mala praxis|estafa\w*|fraude|arruinad[oa]s?|arruino|arruinaron|desastre|pesadilla|chapuza`,
      String.raw`avukat\w*|dava ac\w*|mahkeme\w*|savcilig\w*|dolandirici\w*|felaket\w*|kabus\w*|mahvett\w*|mahvold\w*`,
    ),
  },
  {
    severity: 'medium',
    pattern: phrases(
      String.raw`terrible|horrible|awful|disgusting|unacceptable|appalling|furious|angry|outraged|worst|rude|unprofessional|incompetent|waste of (?:money|time)|refund|money back|complain(?:t|ts|ing)?|never again|regret\w*|hate|useless|ripped off|rip off|pathetic`,
      'terrible|horrible|fatal|asqueroso|inaceptable|furios[oa]|enfadad[oa]|enojad[oa]|indignad[oa]|maleducad[oa]s?|groser[oa]s?|poco profesional(?:es)?|incompetentes?|perdida de (?:dinero|tiempo)|reembolso|devolucion (?:del|de mi) dinero|quejas?|reclamacion|nunca mas|me arrepiento|arrepentid[oa]|odio|inutil(?:es)?|vergonzoso|una verguenza',
      String.raw`berbat|korkunc|rezil\w*|rezalet|kabul edilemez|sinir oldum|sinirlendim|kizgin\w*|ofkeli\w*|kaba|saygisiz\w*|profesyonel degil\w*|beceriksiz\w*|(?:para(?:mi)? )?iade (?:istiyorum|edin)|sikayet\w*|bir daha asla|asla bir daha|pisman\w*|nefret\w*`,
    ),
  },
  {
    severity: 'low',
    pattern: phrases(
      'disappointed|disappointing|not happy|unhappy|not satisfied|dissatisfied|not good|not great|bad|poor|upset|annoyed|frustrated|frustrating|worried|concerned|waited|expected (?:more|better)|could (?:be|have been) better|not impressed',
      'decepcionad[oa]s?|decepcion|decepcionante|no estoy content[oa]|descontent[oa]s?|insatisfech[oa]s?|no (?:muy )?satisfech[oa]s?|mal|malo|mala|molest[oa]|preocupad[oa]|frustrad[oa]|esperaba mas',
      String.raw`hayal kirikligi\w*|memnun degil\w*|memnuniyetsiz\w*|mutsuz\w*|kotu|endiseli\w*|endise\w*|kizdim|bekletildim`,
    ),
  },
];

const sentimentNegationBefore =
  /\b(?:no|not|nothing|never|without|dont|didnt|doesnt|isnt|wasnt|arent|werent|hardly|zero|sin|nada|nunca|ningun|ninguna|tampoco)(?: \w+){0,2} $/;
const sentimentNegationAfter = /^ (?:(?:hic|hicbir) )?(?:yok|yoktu|degil\w*)\b/;

const negativeEmoji: { severity: CaseSeverity; pattern: RegExp }[] = [
  { severity: 'medium', pattern: /[😡🤬😠]/u },
  { severity: 'low', pattern: /[👎😞😢😭😤]/u },
];

const severityRank: Record<CaseSeverity, number> = { low: 0, medium: 1, high: 2 };
const severityByRank: readonly CaseSeverity[] = ['low', 'medium', 'high'];

const clauseBreak = /[.!?;,:\n()¡¿]+|\s(?:but|however|although|pero|aunque|sin embargo|ama|fakat|ancak)\s/;

/** Each name's words, folded, as a-z and 0-9 words. */
const nameWordsOf = (names: readonly string[]) =>
  names.map((name) => toWords(foldText(name))).filter((words) => words.length > 0);

/**
 * The reply folded, with given names and "Dolores" written as a name mid-sentence blanked out
 * (the capital is the only clue, so it is read before folding), so that a patient called
 * Dolores signing "Dolores" reports no pain.
 */
function foldWithoutNames(text: string, names: readonly string[]): string {
  let folded = foldText(text.replace(/([^\s.!?¡¿]\s+)Dolores\b/g, '$1 '));
  for (const words of nameWordsOf(names)) {
    for (const word of words.split(' ')) {
      if (word.length >= 3) folded = folded.replace(new RegExp(`\\b${word}\\b`, 'g'), ' ');
    }
  }
  return folded;
}

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

function* matchesOf(pattern: RegExp, clause: string) {
  for (const match of clause.matchAll(pattern)) {
    yield {
      text: match[0],
      before: clause.slice(0, match.index),
      after: clause.slice(match.index + match[0].length),
    };
  }
}

function intentOf(
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

/**
 * Reads a patient's reply. Consent keywords count only as the whole message (fillers such as
 * "please" aside) or as a clear phrase ("stop texting me", "deja de escribirme", "mesaj
 * atmayın"), never inside another word or sentence ("the pain won't stop", "cancel my
 * appointment"). Symptoms and complaints that are denied ("no pain", "sin quejas", "ağrım yok")
 * do not count.
 */
export function classifyReply(text: string, context: ReplyContext = {}): ReplyClassification {
  const names = context.names ?? [];
  const clausesOf = (folded: string) =>
    folded
      .split(clauseBreak)
      .map(toWords)
      .filter((clause) => clause.length > 0);
  // Symptoms and complaints are read without the patient's names; opt-out phrases with them
  // ("Stop texting me" from a patient called Stop).
  const clauses = clausesOf(foldWithoutNames(text, names));
  const evidence: string[] = [];

  const intent = intentOf(text, names, clausesOf(foldText(text)));
  if (intent) evidence.push(intent.found);

  const clinicalFlags: ClinicalRedFlag[] = [];
  for (const { flag, pattern } of clinicalTerms) {
    for (const clause of clauses) {
      const hit = [...matchesOf(pattern, clause)].find(
        (match) =>
          !clinicalNegationBefore.test(match.before) &&
          !clinicalStoppedBefore.test(match.before) &&
          !clinicalNegationAfter.test(match.after),
      );
      if (hit) {
        clinicalFlags.push(flag);
        evidence.push(hit.text);
        break;
      }
    }
  }

  const signals: { severity: CaseSeverity; found: string }[] = [];
  for (const { severity, pattern } of negativeTiers) {
    for (const clause of clauses) {
      for (const match of matchesOf(pattern, clause)) {
        if (sentimentNegationBefore.test(match.before) || sentimentNegationAfter.test(match.after)) continue;
        if (!signals.some((signal) => signal.found === match.text))
          signals.push({ severity, found: match.text });
      }
    }
  }
  for (const { severity, pattern } of negativeEmoji) {
    const emoji = pattern.exec(text)?.[0];
    if (emoji) signals.push({ severity, found: emoji });
  }
  let negativeSeverity: CaseSeverity | null = null;
  if (signals.length > 0) {
    const worst = Math.max(...signals.map((signal) => severityRank[signal.severity]));
    // A reply that piles up complaints is worse than its worst word.
    const rank = signals.length >= 3 ? Math.min(worst + 1, 2) : worst;
    negativeSeverity = severityByRank[rank] ?? 'high';
    evidence.push(...signals.map((signal) => signal.found));
  }

  const positiveWords =
    intent === null && clinicalFlags.length === 0 && negativeSeverity === null
      ? positiveWordsIn(clauses, text)
      : [];
  evidence.push(...positiveWords);

  const alert: ReplyClassification['alert'] =
    clinicalFlags.length > 0
      ? { kind: 'clinical', severity: 'high' }
      : negativeSeverity
        ? { kind: 'negative', severity: negativeSeverity }
        : null;
  return {
    intent: intent?.intent ?? null,
    clinicalFlags,
    negativeSeverity,
    alert,
    positive: positiveWords.length > 0,
    canAnswerWithAi:
      intent === null &&
      clinicalFlags.length === 0 &&
      (negativeSeverity === null || negativeSeverity === 'low'),
    evidence,
  };
}

export const replySentiments = ['positive', 'negative'] as const;
export type ReplySentiment = (typeof replySentiments)[number];

/** What a reply is kept as: negative when it raises an alert, positive when it is one; else neither. */
export function replySentiment(classification: ReplyClassification | null): ReplySentiment | null {
  if (!classification) return null;
  if (classification.alert) return 'negative';
  return classification.positive ? 'positive' : null;
}
