import { z } from 'zod';
import type { AppLanguage } from './clinic-locale';
import { type ClinicalRedFlag, clinicalRedFlags } from './messaging/reply-classification';

// A case raised by the app is stored as what raised it (a kind and its parameters) and worded when it
// is read, in the reader's language: a Turkish receptionist and a Spanish owner of one clinic each read
// their own. Staff's manual cases keep the words they typed.

/** The title column's limit: a longer title is cut with an ellipsis. */
export const caseTitleMaxLength = 200;

export const caseTitleKinds = ['review', 'negative_reply', 'clinical_reply', 'survey_detractor'] as const;
export type CaseTitleKind = (typeof caseTitleKinds)[number];

const name = z.string();

const caseTitleSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('review'),
    rating: z.number().int().min(1).max(5),
    reviewerName: name.nullable(),
    reviewTitle: name.nullable(),
  }),
  z.object({ kind: z.literal('negative_reply'), patientName: name }),
  z.object({
    kind: z.literal('clinical_reply'),
    patientName: name,
    flags: z.array(z.enum(clinicalRedFlags)),
  }),
  z.object({
    kind: z.literal('survey_detractor'),
    patientName: name,
    score: z.number().int().min(0).max(10),
  }),
]);

/** What raised a case, enough to word its title in any language. */
export type CaseTitle = z.infer<typeof caseTitleSchema>;

const flagWords: Record<AppLanguage, Record<ClinicalRedFlag, string>> = {
  en: {
    pain: 'pain',
    bleeding: 'bleeding',
    swelling: 'swelling',
    fever: 'fever',
    infection: 'infection',
    graft_loss: 'graft loss',
  },
  es: {
    pain: 'dolor',
    bleeding: 'sangrado',
    swelling: 'hinchazón',
    fever: 'fiebre',
    infection: 'infección',
    graft_loss: 'pérdida del injerto',
  },
  tr: {
    pain: 'ağrı',
    bleeding: 'kanama',
    swelling: 'şişlik',
    fever: 'ateş',
    infection: 'enfeksiyon',
    graft_loss: 'greft kaybı',
  },
};

const listFormats = new Map<AppLanguage, Intl.ListFormat>();

function listOf(words: string[], language: AppLanguage): string {
  let format = listFormats.get(language);
  if (!format) {
    format = new Intl.ListFormat(language, { style: 'long', type: 'conjunction' });
    listFormats.set(language, format);
  }
  return format.format(words);
}

type Wording = {
  review: (rating: number, from: string | null) => string;
  negativeReply: (patient: string) => string;
  clinicalReply: (patient: string, flags: string) => string;
  surveyDetractor: (patient: string, score: number) => string;
};

const wording: Record<AppLanguage, Wording> = {
  en: {
    review: (rating, from) => `${rating}-star review${from ? ` from ${from}` : ''}`,
    negativeReply: (patient) => `Negative reply from ${patient}`,
    clinicalReply: (patient, flags) =>
      `Clinical red flag in a reply from ${patient}${flags ? `: ${flags}` : ''}`,
    surveyDetractor: (patient, score) => `Survey detractor: ${patient} (${score}/10)`,
  },
  es: {
    review: (rating, from) =>
      `Reseña de ${rating} ${rating === 1 ? 'estrella' : 'estrellas'}${from ? ` de ${from}` : ''}`,
    negativeReply: (patient) => `Respuesta negativa de ${patient}`,
    clinicalReply: (patient, flags) =>
      `Señal de alarma clínica en una respuesta de ${patient}${flags ? `: ${flags}` : ''}`,
    surveyDetractor: (patient, score) => `Encuesta con valoración baja: ${patient} (${score}/10)`,
  },
  tr: {
    review: (rating, from) => `${rating} yıldızlı yorum${from ? ` (${from})` : ''}`,
    negativeReply: (patient) => `${patient} kişisinden olumsuz yanıt`,
    clinicalReply: (patient, flags) =>
      `${patient} kişisinin yanıtında klinik uyarı işareti${flags ? `: ${flags}` : ''}`,
    surveyDetractor: (patient, score) => `Anket puanı düşük: ${patient} (${score}/10)`,
  },
};

function clip(text: string): string {
  return text.length > caseTitleMaxLength ? `${text.slice(0, caseTitleMaxLength - 1)}…` : text;
}

/**
 * The title of a case in one language: "2-star review from Ana R.: Terrible aftercare", "Reseña de 2
 * estrellas de Ana R.: ...", "2 yıldızlı yorum (Ana R.): ...". Names and the review's own title stay
 * as written.
 */
export function caseTitleText(title: CaseTitle, language: AppLanguage): string {
  const words = wording[language];
  switch (title.kind) {
    case 'review': {
      const from = title.reviewerName?.trim() || null;
      const about = title.reviewTitle?.trim() ? `: ${title.reviewTitle.trim()}` : '';
      return clip(`${words.review(title.rating, from)}${about}`);
    }
    case 'negative_reply':
      return clip(words.negativeReply(title.patientName));
    case 'clinical_reply':
      return clip(
        words.clinicalReply(
          title.patientName,
          listOf(
            title.flags.map((flag) => flagWords[language][flag]),
            language,
          ),
        ),
      );
    case 'survey_detractor':
      return clip(words.surveyDetractor(title.patientName, title.score));
  }
}

/**
 * The columns a raised case is stored with: its kind, its parameters (JSON, the kind left out), and
 * its English wording as the stable text that exports and logs read.
 */
export function storedCaseTitle(title: CaseTitle): {
  title: string;
  titleKind: CaseTitleKind;
  titleParams: Record<string, unknown>;
} {
  const { kind, ...params } = title;
  return { title: caseTitleText(title, 'en'), titleKind: kind, titleParams: params };
}

/**
 * A stored case's title in the reader's language: from its kind and parameters when it has them
 * (and they still read as that kind), else the text it was stored with (staff's own words, or a case
 * raised before titles were stored this way).
 */
export function storedCaseTitleText(
  stored: { title: string; titleKind: string | null; titleParams: unknown },
  language: AppLanguage,
): string {
  if (stored.titleKind === null) return stored.title;
  const parsed = caseTitleSchema.safeParse({
    ...(typeof stored.titleParams === 'object' && stored.titleParams !== null ? stored.titleParams : {}),
    kind: stored.titleKind,
  });
  return parsed.success ? caseTitleText(parsed.data, language) : stored.title;
}
