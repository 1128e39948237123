import type { CaseSeverity } from '../case-rules';
import { foldText } from '../matching/normalize-name';
import { type ReplyIntent, toWords } from './consent-keywords';
import { positiveWordsIn } from './positive-reply';
import { replyIntentOf } from './reply-intent';
import { matchesOf, nameWordsOf, phrases } from './reply-phrases';

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

  const intent = replyIntentOf(text, names, clausesOf(foldText(text)));
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
