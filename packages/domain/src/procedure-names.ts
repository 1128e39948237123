import { type Procedure, procedures } from './matching/types';
import type { TemplateLanguage } from './starter-templates';

// The procedures of the list (matching/types.ts) as a patient reads them in the message's
// language: a Spanish follow-up says "su implante dental", not "su Dental Implant". What a clinic
// typed itself is its own wording and is kept as written.
const namesByLanguage: Record<Procedure, Record<TemplateLanguage, string>> = {
  'Hair Transplant': { en: 'Hair Transplant', es: 'trasplante capilar', tr: 'saç ekimi' },
  'Dental Implant': { en: 'Dental Implant', es: 'implante dental', tr: 'diş implantı' },
  'Plastic Surgery': { en: 'Plastic Surgery', es: 'cirugía plástica', tr: 'estetik cerrahi' },
  'PRP Treatment': { en: 'PRP Treatment', es: 'tratamiento con PRP', tr: 'PRP tedavisi' },
  'Teeth Whitening': { en: 'Teeth Whitening', es: 'blanqueamiento dental', tr: 'diş beyazlatma' },
  'Root Canal': { en: 'Root Canal', es: 'endodoncia', tr: 'kanal tedavisi' },
  Other: { en: 'treatment', es: 'tratamiento', tr: 'tedavi' },
};

const procedureOf = (name: string): Procedure | undefined => {
  const wanted = name.trim().toLowerCase();
  return procedures.find((procedure) => procedure.toLowerCase() === wanted);
};

/** The procedure's name in the language of a message to the patient. */
export function procedureNameIn(name: string, language: TemplateLanguage): string {
  const procedure = procedureOf(name);
  return procedure ? namesByLanguage[procedure][language] : name;
}
