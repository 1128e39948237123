import type { BrandTone } from './clinic-profile';
import type { DomainMessage } from './domain-message';
import { foldText } from './matching/normalize-name';
import { detectProcedures } from './matching/procedures';
import { withThousandsSeparators } from './thousands';

// Replies to public reviews. A reply is public: whatever the reviewer wrote, it
// never confirms that they are a patient and names no treatment, date or health detail.

/** The languages replies are written in; a review in another language gets the clinic's default. */
export const reviewReplyLanguages = ['en', 'es', 'tr'] as const;
export type ReviewReplyLanguage = (typeof reviewReplyLanguages)[number];

/**
 * scheduled: waiting for the delay; drafted: text ready for staff; approved: staff approved it and
 * it was not posted (no credentials to post: staff copy it); posted: on the provider's page;
 * discarded: staff do not want it; failed: the provider refused or could not be reached.
 */
export const reviewReplyStatuses = [
  'scheduled',
  'drafted',
  'approved',
  'posted',
  'discarded',
  'failed',
] as const;
export type ReviewReplyStatus = (typeof reviewReplyStatuses)[number];

/** Who wrote the current text: the AI model, the template writer, or staff. */
export const reviewReplySources = ['ai', 'template', 'staff'] as const;
export type ReviewReplySource = (typeof reviewReplySources)[number];

/**
 * The longest reply accepted. Trustpilot documents no limit and Google allows 4,096 bytes; a
 * short public answer that moves the conversation to a private channel fits easily.
 */
export const reviewReplyMaxLength = 1000;

const editable: readonly ReviewReplyStatus[] = ['scheduled', 'drafted', 'approved', 'failed'];
const approvable: readonly ReviewReplyStatus[] = ['drafted', 'approved', 'failed'];
const discardable: readonly ReviewReplyStatus[] = ['scheduled', 'drafted', 'approved', 'failed'];

/** Staff may write or change the text until it is posted or discarded (scheduled: before the draft). */
export const canEditReviewReply = (status: ReviewReplyStatus) => editable.includes(status);
/** Approving again after a failure (or once credentials exist) tries to post again. */
export const canApproveReviewReply = (status: ReviewReplyStatus) => approvable.includes(status);
export const canDiscardReviewReply = (status: ReviewReplyStatus) => discardable.includes(status);

export function isReviewReplyStatus(value: unknown): value is ReviewReplyStatus {
  return reviewReplyStatuses.some((status) => status === value);
}

export const reviewReplyProblemCodes = [
  'empty',
  'too_long',
  'placeholder',
  'confirms_patient',
  'names_treatment',
  'names_date',
  'health_detail',
] as const;
export type ReviewReplyProblemCode = (typeof reviewReplyProblemCodes)[number];

export const reviewReplyMessages = {
  empty: { key: 'reviews.reply.errors.empty', message: 'The reply is empty' },
  too_long: {
    key: 'reviews.reply.errors.tooLong',
    message: `The reply is too long (at most ${withThousandsSeparators(reviewReplyMaxLength)} characters)`,
  },
  placeholder: { key: 'reviews.reply.errors.placeholder', message: 'The reply still contains a placeholder' },
  confirms_patient: {
    key: 'reviews.reply.errors.confirmsPatient',
    message: 'The reply must not confirm that the reviewer is a patient',
  },
  names_treatment: {
    key: 'reviews.reply.errors.namesTreatment',
    message: 'The reply must not name a treatment or procedure',
  },
  names_date: { key: 'reviews.reply.errors.namesDate', message: 'The reply must not mention a date' },
  health_detail: {
    key: 'reviews.reply.errors.healthDetail',
    message: 'The reply must not mention health details',
  },
} as const satisfies Record<ReviewReplyProblemCode, DomainMessage>;

export type ReviewReplyProblem = DomainMessage & {
  code: ReviewReplyProblemCode;
  /** The words that broke the rule, as written (null for empty, too long). */
  found: string | null;
};

export type ReviewReplyCheck = { ok: true } | { ok: false; problems: ReviewReplyProblem[] };

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

const foldPhrase = (value: string) =>
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

export function isReviewReplyLanguage(value: unknown): value is ReviewReplyLanguage {
  return reviewReplyLanguages.some((language) => language === value);
}

const hint = (list: string) => new RegExp(`(?<!\\p{L})(?:${list})(?!\\p{L})`, 'gu');
const languageHints: Record<ReviewReplyLanguage, RegExp> = {
  en: hint('the|and|is|was|were|very|but|with|for|not|my|it|they|this|would|never'),
  es: hint('el|la|los|las|que|y|muy|pero|con|por|para|una|es|fue|mi|nos|del|todo|nada'),
  tr: hint('ve|bir|bu|çok|için|ama|ile|değil|gibi|ben|hiç|sonra|kadar|daha|olarak'),
};

/** A rough guess for reviews whose provider sends no language (Google): null when unsure. */
export function guessReviewLanguage(text: string | null | undefined): ReviewReplyLanguage | null {
  if (!text?.trim()) return null;
  const lower = text.toLowerCase();
  const count = (pattern: RegExp) => (lower.match(pattern) ?? []).length;
  const extra: Record<ReviewReplyLanguage, number> = {
    en: 0,
    es: 3 * count(/[ñ¿¡]/g),
    tr: 3 * (count(/[ğış]/g) + (text.match(/İ/g) ?? []).length),
  };
  const scores = reviewReplyLanguages.map((language) => ({
    language,
    score: count(languageHints[language]) + extra[language],
  }));
  const [best, second] = scores.sort((a, b) => b.score - a.score);
  if (!best || best.score < 2 || best.score === second?.score) return null;
  return best.language;
}

/**
 * The language of a reply: the review's (`es-ES` -> `es`) when it is one we write, a guess from
 * its text when the provider sent none, else the clinic's default (English when that is not one).
 */
export function replyLanguageFor(
  review: { language?: string | null; text?: string | null },
  clinicDefault?: string | null,
): ReviewReplyLanguage {
  const fallback = isReviewReplyLanguage(clinicDefault) ? clinicDefault : 'en';
  if (review.language) {
    const base = review.language.trim().toLowerCase().split(/[-_]/)[0];
    return isReviewReplyLanguage(base) ? base : fallback;
  }
  return guessReviewLanguage(review.text) ?? fallback;
}

const notNames = new Set([
  'anonymous',
  'anonim',
  'anonimo',
  'customer',
  'cliente',
  'musteri',
  'user',
  'usuario',
]);

/** The reviewer's first name for a greeting, or null when the display name is not a usable name. */
export function reviewerFirstName(reviewerName: string | null | undefined): string | null {
  const first = reviewerName?.trim().split(/\s+/)[0] ?? '';
  if (!/^\p{Lu}[\p{L}'’-]+$/u.test(first) || first.length > 30) return null;
  if (notNames.has(foldPhrase(first))) return null;
  return first;
}

type TemplateParts = { greeting: (name: string | null) => string; body: string; signOff: string };

// {clinic} is replaced by the clinic's name. Every combination passes `checkReviewReply` (tested).
const templates: Record<ReviewReplyLanguage, Record<BrandTone, TemplateParts>> = {
  en: {
    professional: {
      greeting: (name) => (name ? `Dear ${name},` : 'Hello,'),
      body: 'Thank you for taking the time to share your feedback. We are sorry to hear that your experience did not meet your expectations. We take every comment seriously and would welcome the chance to look into this with you. Please contact us directly so that we can talk it through.',
      signOff: 'Kind regards,\n{clinic}',
    },
    friendly: {
      greeting: (name) => (name ? `Hi ${name},` : 'Hi there,'),
      body: "Thanks so much for sharing your feedback, and we're sorry things didn't go the way you hoped. We'd really like to make this right, so please get in touch with us directly and we'll take a closer look together.",
      signOff: 'Best wishes,\nThe {clinic} team',
    },
    warm: {
      greeting: (name) => (name ? `Dear ${name},` : 'Hello,'),
      body: 'Thank you for sharing your thoughts with us. We are truly sorry to read that you were left disappointed. Your feedback matters to us, and we would be grateful for the chance to speak with you personally. Please reach out to us directly whenever it suits you.',
      signOff: 'Warm regards,\n{clinic}',
    },
    formal: {
      greeting: (name) => (name ? `Dear ${name},` : 'Dear reviewer,'),
      body: 'We thank you for your review. We regret that your experience did not meet your expectations. We would be grateful if you would contact us directly so that we may look into this matter.',
      signOff: 'Yours sincerely,\n{clinic}',
    },
  },
  es: {
    professional: {
      greeting: (name) => (name ? `Estimado/a ${name}:` : 'Hola:'),
      body: 'Gracias por dedicar su tiempo a compartir su opinión. Lamentamos que su experiencia no haya estado a la altura de sus expectativas. Tomamos en serio cada comentario y nos gustaría analizarlo con usted. Le rogamos que se ponga en contacto con nosotros directamente para hablarlo.',
      signOff: 'Un cordial saludo,\n{clinic}',
    },
    friendly: {
      greeting: (name) => (name ? `Hola, ${name}:` : '¡Hola!'),
      body: 'Muchas gracias por contarnos tu opinión, y sentimos que las cosas no salieran como esperabas. Nos encantaría arreglarlo, así que escríbenos directamente y lo vemos juntos con calma.',
      signOff: 'Un abrazo,\nEl equipo de {clinic}',
    },
    warm: {
      greeting: (name) => (name ? `Querido/a ${name}:` : 'Hola:'),
      body: 'Gracias de corazón por compartir con nosotros lo que piensa. Sentimos mucho que se haya llevado una decepción. Su opinión nos importa y nos encantaría poder hablar con usted personalmente. Póngase en contacto con nosotros directamente cuando le venga bien.',
      signOff: 'Con afecto,\n{clinic}',
    },
    formal: {
      greeting: (name) => (name ? `Estimado/a ${name}:` : 'Estimado/a señor/a:'),
      body: 'Le agradecemos su reseña. Lamentamos que su experiencia no haya cumplido sus expectativas. Le agradeceríamos que se pusiera en contacto con nosotros directamente para que podamos examinar este asunto.',
      signOff: 'Atentamente,\n{clinic}',
    },
  },
  tr: {
    professional: {
      greeting: (name) => (name ? `Sayın ${name},` : 'Merhaba,'),
      body: 'Görüşlerinizi paylaşmak için zaman ayırdığınız için teşekkür ederiz. Deneyiminizin beklentilerinizi karşılamadığını duyduğumuz için üzgünüz. Her yorumu ciddiye alıyoruz ve bu konuyu sizinle birlikte ele almak isteriz. Konuşabilmemiz için lütfen bizimle doğrudan iletişime geçin.',
      signOff: 'Saygılarımızla,\n{clinic}',
    },
    friendly: {
      greeting: (name) => (name ? `Merhaba ${name},` : 'Merhaba,'),
      body: 'Görüşlerini paylaştığın için çok teşekkürler; işlerin umduğun gibi gitmediği için üzgünüz. Bunu düzeltmeyi gerçekten isteriz, lütfen bize doğrudan yaz, birlikte yakından bakalım.',
      signOff: 'Sevgiler,\n{clinic} ekibi',
    },
    warm: {
      greeting: (name) => (name ? `Sevgili ${name},` : 'Merhaba,'),
      body: 'Düşüncelerinizi bizimle paylaştığınız için içtenlikle teşekkür ederiz. Hayal kırıklığı yaşadığınızı okumak bizi gerçekten üzdü. Görüşleriniz bizim için değerli ve sizinle bizzat konuşma fırsatı bulursak çok seviniriz. Size uygun olduğunda lütfen bize doğrudan ulaşın.',
      signOff: 'Sıcak selamlarımızla,\n{clinic}',
    },
    formal: {
      greeting: (name) => (name ? `Sayın ${name},` : 'Sayın yetkili,'),
      body: 'Değerlendirmeniz için teşekkür ederiz. Deneyiminizin beklentilerinizi karşılamamış olmasından dolayı üzüntü duyuyoruz. Konuyu inceleyebilmemiz için bizimle doğrudan iletişime geçmenizi rica ederiz.',
      signOff: 'Saygılarımızla,\n{clinic}',
    },
  },
};

export type TemplateReviewReplyInput = {
  language: ReviewReplyLanguage;
  brandTone: BrandTone;
  clinicName: string;
  reviewerFirstName?: string | null;
};

/**
 * A reply without AI: greeting, apology, an invitation to talk privately, the clinic's name. Says
 * nothing about the reviewer's care, so it passes `checkReviewReply` whatever the review said.
 */
export function draftTemplateReviewReply(input: TemplateReviewReplyInput): string {
  const parts = templates[input.language][input.brandTone];
  const name = input.reviewerFirstName?.trim() || null;
  const signOff = parts.signOff.replace('{clinic}', input.clinicName.trim());
  return `${parts.greeting(name)}\n\n${parts.body}\n\n${signOff}`;
}
