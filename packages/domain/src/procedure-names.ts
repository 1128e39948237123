import { type Procedure, procedures } from './matching/types';
import type { TemplateLanguage } from './starter-templates';

type ProcedureWording = {
  /** As staff read it in a list, a heading or a filter. */
  label: Record<TemplateLanguage, string>;
  /**
   * As a message to the patient says it in a sentence: a Spanish follow-up says "su implante
   * dental", not "su Dental Implant".
   */
  inSentence: Record<TemplateLanguage, string>;
};

// The procedures of the list (matching/types.ts) in each language, in both forms. What a clinic
// typed itself is its own wording and is kept as written.
export const procedureWordings: Record<Procedure, ProcedureWording> = {
  'Hair Transplant': {
    label: { en: 'Hair Transplant', es: 'Trasplante capilar', tr: 'Saç ekimi' },
    inSentence: { en: 'Hair Transplant', es: 'trasplante capilar', tr: 'saç ekimi' },
  },
  'Dental Implant': {
    label: { en: 'Dental Implant', es: 'Implante dental', tr: 'Diş implantı' },
    inSentence: { en: 'Dental Implant', es: 'implante dental', tr: 'diş implantı' },
  },
  'Plastic Surgery': {
    label: { en: 'Plastic Surgery', es: 'Cirugía plástica', tr: 'Estetik cerrahi' },
    inSentence: { en: 'Plastic Surgery', es: 'cirugía plástica', tr: 'estetik cerrahi' },
  },
  'PRP Treatment': {
    label: { en: 'PRP Treatment', es: 'Tratamiento con PRP', tr: 'PRP tedavisi' },
    inSentence: { en: 'PRP Treatment', es: 'tratamiento con PRP', tr: 'PRP tedavisi' },
  },
  'Teeth Whitening': {
    label: { en: 'Teeth Whitening', es: 'Blanqueamiento dental', tr: 'Diş beyazlatma' },
    inSentence: { en: 'Teeth Whitening', es: 'blanqueamiento dental', tr: 'diş beyazlatma' },
  },
  'Root Canal': {
    label: { en: 'Root Canal', es: 'Endodoncia', tr: 'Kanal tedavisi' },
    inSentence: { en: 'Root Canal', es: 'endodoncia', tr: 'kanal tedavisi' },
  },
  Other: {
    label: { en: 'Other', es: 'Otro', tr: 'Diğer' },
    inSentence: { en: 'treatment', es: 'tratamiento', tr: 'tedavi' },
  },
};

const procedureOf = (name: string): Procedure | undefined => {
  const wanted = name.trim().toLowerCase();
  return procedures.find((procedure) => procedure.toLowerCase() === wanted);
};

/** The procedure's name in the language of a message to the patient. */
export function procedureNameIn(name: string, language: TemplateLanguage): string {
  const procedure = procedureOf(name);
  return procedure ? procedureWordings[procedure].inSentence[language] : name;
}
