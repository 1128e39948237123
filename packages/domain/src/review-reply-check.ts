import { foldText } from './matching/normalize-name';
import { detectProcedures } from './matching/procedures';
import {
  type ReviewReplyCheck,
  type ReviewReplyProblem,
  type ReviewReplyProblemCode,
  reviewReplyMaxLength,
  reviewReplyMessages,
} from './review-reply';

// The check of a reply before it is stored or posted (rules in `checkReviewReply`).

export type ReviewReplyContext = {
  /** The clinic's name may contain any word ("Smile Implant Centre"): it is not read as a detail. */
  clinicName?: string | null;
  /** Likewise the reviewer's own name (Dolores, April, Ekim). */
  reviewerName?: string | null;
};

// Every pattern runs on folded text (lower-case a-z, no accents: "hastamız" -> "hastamiz") in
// which each character other than a-z, 0-9 and the date separators / . - : has become one space,
// so offsets stay aligned with the original. A space in a pattern stands for any run of spaces.
const words = (...sources: string[]) =>
  new RegExp(sources.map((s) => `\\b(?:${s.replaceAll(' ', ' +')})\\b`).join('|'), 'g');

const patientPatterns = words(
  // English
  String.raw`our (?:\w+ )?patients?`,
  String.raw`as (?:a|our) (?:\w+ )?patient`,
  String.raw`you (?:were|are) (?:a|our|one of our) (?:\w+ )?patients?`,
  String.raw`patients? (?:of ours|like you)`,
  String.raw`your (?:treatment|procedure|surgery|operation|appointment|visit|consultation|check[ -]?up|follow[ -]?up|doctor|dentist|surgeon|physician|nurse|results?|recovery|medical \w+|records?|case|stay|session|aftercare|care plan|diagnosis|prescription|medication)s?`,
  String.raw`(?:treated|operated on|examined|diagnosed|saw) you`,
  String.raw`you (?:visited|came to) (?:us|our \w+|the clinic)`,
  String.raw`your time (?:with us|at (?:our|the) \w+)`,
  // Spanish
  String.raw`nuestr[oa]s? (?:\w+ )?pacientes?`,
  String.raw`como (?:nuestr[oa] )?paciente`,
  String.raw`pacientes? como usted`,
  String.raw`(?:usted|tu) (?:es|era|fue) (?:nuestr[oa] )?paciente`,
  String.raw`(?:su|sus|tu|tus) (?:tratamiento|procedimiento|cirugia|operacion|intervencion|cita|consulta|visita|revision|doctor|doctora|medic[oa]|dentista|odontolog[oa]|cirujan[oa]|resultado|recuperacion|historia clinica|historial|expediente|caso|estancia|postoperatorio|diagnostico|receta|medicacion)e?s?`,
  String.raw`(?:le|te|la|lo) (?:tratamos|atendimos|operamos|intervinimos|examinamos)`,
  // Turkish
  String.raw`hasta(?:miz|mizsiniz|mizdiniz|mizin|mizi|miza|larimiz)\w*`,
  String.raw`(?:tedaviniz|ameliyatiniz|operasyonunuz|isleminiz|randevunuz|muayeneniz|kontrolunuz|doktorunuz|hekiminiz|cerrahiniz|sonuclariniz|sonucunuz|ziyaretiniz|konaklamaniz|dosyaniz|receteniz)\w*`,
  String.raw`iyilesme sureciniz\w*`,
  String.raw`(?:sizi|size) (?:tedavi|muayene|ameliyat)\w*`,
  String.raw`klinigimizde (?:tedavi|ameliyat|islem)\w*`,
);

// Named procedures come from the matcher's vocabulary (`detectProcedures`); these are the words
// for a treatment in general.
const treatmentPatterns = words(
  String.raw`treatments?|procedures?|surger(?:y|ies)|operations?|therap(?:y|ies)|implants?`,
  String.raw`tratamientos?|procedimientos?|cirugias?|operacion(?:es)?|intervencion(?:es)?|terapias?|implantes?`,
  String.raw`tedavi\w*|ameliyat\w*|operasyon\w*|terapi\w*|implant\w*`,
);

const months = {
  en: 'january|february|april|june|july|august|september|october|november|december',
  // "may" and "march" are also verbs, and the Turkish months also ordinary nouns (ocak, ekim,
  // aralik): those count only next to a number.
  enAmbiguous: 'may|march',
  es: 'enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre',
  tr: 'ocak|subat|mart|nisan|mayis|haziran|temmuz|agustos|eylul|ekim|kasim|aralik',
};
const anyMonth = `${months.en}|${months.enAmbiguous}|${months.es}|${months.tr}`;

const datePatterns = words(
  String.raw`\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}`, // 12/03/2025, 2025-03-12, 12.3.25
  String.raw`(?:19|20)\d{2}`,
  String.raw`\d{1,2}(?:st|nd|rd|th)? (?:of |de )?(?:${anyMonth})`,
  String.raw`(?:${anyMonth}) \d{1,2}(?:st|nd|rd|th)?`,
  months.en,
  months.es,
  String.raw`monday|tuesday|wednesday|thursday|friday|saturday|sunday|yesterday|tonight`,
  String.raw`last (?:week|month|year|night|weekend|time)`,
  String.raw`\d+ (?:days?|weeks?|months?|years?) ago|(?:a|one|two|three|a few|a couple of) (?:days?|weeks?|months?|years?) ago`,
  String.raw`(?:this|that) (?:morning|afternoon|evening)`,
  String.raw`lunes|martes|miercoles|jueves|viernes|sabado|domingo|ayer|anteayer|anoche`,
  String.raw`(?:la semana|el mes|el ano|el fin de semana) pasad[oa]`,
  String.raw`hace (?:\d+|un|una|unos|unas|dos|tres|pocos|pocas) (?:dias?|semanas?|mes(?:es)?|anos?)`,
  String.raw`pazartesi|sali|carsamba|persembe|cuma|cumartesi|pazar|dun|evvelsi gun`,
  String.raw`gecen (?:hafta|ay|yil|sene|gun)`,
  String.raw`(?:\d+|bir|iki|uc|birkac) (?:gun|hafta|ay|yil) once`,
  String.raw`\d{1,2}:\d{2}`, // 10:30
  String.raw`\d{1,2}(?: )?(?:am|pm)`,
);

const healthPatterns = words(
  // English
  String.raw`pain(?:s|ful)?|painkillers?|aches?|aching|sore(?:ness)?|hurt(?:s|ing)?`,
  String.raw`infect(?:ed|ions?)?|inflam\w*|swell(?:ing|ed)?|swollen|bleed(?:ing|s)?|blood|bruis(?:e|ed|es|ing)`,
  String.raw`grafts?|scar(?:s|ring)?|stitch(?:es)?|sutures?|post[ -]?op|numb(?:ness)?|fever|allerg\w*`,
  String.raw`medications?|medicines?|antibiotics?|prescriptions?|an(?:a)?esthe\w*|diagnos\w*|complications?|side[ -]effects?`,
  String.raw`recover(?:y|ing|ed)?|heal(?:ing|ed|s)?|wounds?|nerves?|gums?|tooth|teeth|hair loss|shedding|shock loss|donor area|scalp|symptoms?`,
  String.raw`medical (?:records?|history|file|condition)`,
  // Spanish ("molestias" is left out: "disculpe las molestias" is the usual apology)
  String.raw`dolor(?:es)?|dolorid[oa]s?|doloros[oa]s?|infecci\w*|infectad[oa]s?|hinchaz\w*|hinchad[oa]s?|inflamad[oa]s?`,
  String.raw`sangr\w*|moreton(?:es)?|hematomas?|injertos?|cicatri\w*|suturas?|puntos de sutura|entumec\w*|fiebre|alergi\w*|alergic[oa]s?`,
  String.raw`medicacion(?:es)?|medicamentos?|antibioticos?|analgesicos?|receta medica|anestesi\w*|diagnostic\w*|complicacion(?:es)?|efectos? secundarios?`,
  String.raw`recuperacion|curacion|heridas?|nervios?|encias?|dientes?|muelas?|caida del (?:cabello|pelo)|zona donante|cuero cabelludo|sintomas?`,
  // Turkish ("sinir" is left out: it is also "limit"; "iyilestirme" is "improving" our service)
  String.raw`agri\w*|sizla\w*|enfeksiyon\w*|iltihap\w*|sislik\w*|sisme\w*|sismis\w*|kanama\w*|kan|morarma\w*|greft\w*`,
  String.raw`yara(?:lar|niz|si|nizi|nizin)?|dikis\w*|uyusma\w*|ates|alerji\w*|ilac\w*|antibiyotik\w*|anestezi\w*|teshis\w*|komplikasyon\w*|yan etki\w*`,
  String.raw`iyilesme\w*|iyilesmek\w*|dis|disler\w*|disleriniz\w*|dis eti\w*|sac dokulme\w*|sok dokulme\w*|donor bolge\w*|belirti(?:ler\w*|si)?`,
);

const placeholderPattern = /\[[^\]\n]{0,60}\]|\{\{|\}\}|<[^>\n]{1,60}>/;

type Folded = { text: string; origin: number[] };

/** Folds each character (see `foldText`) and keeps, for every folded character, where it came from. */
function foldWithOrigin(value: string): Folded {
  let text = '';
  const origin: number[] = [];
  let at = 0;
  for (const char of value) {
    const folded = foldText(char).replace(/[^a-z0-9/.:-]/g, ' ');
    for (let i = 0; i < folded.length; i += 1) origin.push(at);
    text += folded;
    at += char.length;
  }
  return { text, origin };
}

/** A name or phrase folded to lower-case words separated by one space. */
export const foldPhrase = (value: string) =>
  foldWithOrigin(value)
    .text.replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** The text with the clinic's and the reviewer's names replaced by spaces (same length). */
function withoutNames(text: string, context: ReviewReplyContext): string {
  const phrases = [
    context.clinicName ? foldPhrase(context.clinicName) : '',
    ...(context.reviewerName ? foldPhrase(context.reviewerName).split(' ') : []),
  ].filter((phrase) => phrase.length >= 2);
  if (phrases.length === 0) return text;
  const folded = foldWithOrigin(text);
  const units = text.split('');
  for (const phrase of phrases) {
    const pattern = new RegExp(`\\b${phrase.replaceAll(' ', '[^a-z0-9]+')}\\b`, 'g');
    for (const match of folded.text.matchAll(pattern)) {
      const from = folded.origin[match.index] ?? 0;
      const last = folded.origin[match.index + match[0].length - 1] ?? from;
      const to = last + ((text.codePointAt(last) ?? 0) > 0xffff ? 2 : 1);
      for (let i = from; i < to; i += 1) units[i] = ' ';
    }
  }
  return units.join('');
}

function firstMatch(pattern: RegExp, folded: Folded, original: string): string | null {
  pattern.lastIndex = 0;
  const match = pattern.exec(folded.text);
  if (!match) return null;
  const from = folded.origin[match.index] ?? 0;
  const to = (folded.origin[match.index + match[0].length - 1] ?? from) + 1;
  // A decomposed letter's accents come after its base letter: keep them.
  const rest = /^\p{M}*/u.exec(original.slice(to))?.[0] ?? '';
  return original.slice(from, to + rest.length).trim();
}

const problem = (code: ReviewReplyProblemCode, found: string | null): ReviewReplyProblem => ({
  code,
  found,
  ...reviewReplyMessages[code],
});

/**
 * Checks a reply before it is stored or posted: not empty, at most `reviewReplyMaxLength`
 * characters, no placeholder left, and nothing that confirms the reviewer is a patient, names a
 * treatment, a date or a health detail (English, Spanish and Turkish wording). Every broken rule is
 * listed once, with the first words that broke it.
 */
export function checkReviewReply(text: string, context: ReviewReplyContext = {}): ReviewReplyCheck {
  const trimmed = text.trim();
  if (trimmed.length === 0) return { ok: false, problems: [problem('empty', null)] };
  const problems: ReviewReplyProblem[] = [];
  if (trimmed.length > reviewReplyMaxLength) problems.push(problem('too_long', null));

  const original = withoutNames(trimmed, context);
  const folded = foldWithOrigin(original);
  const placeholder = placeholderPattern.exec(original)?.[0];
  if (placeholder) problems.push(problem('placeholder', placeholder));
  const patient = firstMatch(patientPatterns, folded, original);
  if (patient) problems.push(problem('confirms_patient', patient));
  const treatment = firstMatch(treatmentPatterns, folded, original) ?? detectProcedures(original)[0] ?? null;
  if (treatment) problems.push(problem('names_treatment', treatment));
  const date = firstMatch(datePatterns, folded, original);
  if (date) problems.push(problem('names_date', date));
  const health = firstMatch(healthPatterns, folded, original);
  if (health) problems.push(problem('health_detail', health));
  return problems.length === 0 ? { ok: true } : { ok: false, problems };
}
