import type { MessageLanguage } from '../messaging/follow-up-plan';

/** The survey's short link: PUBLIC_URL/s/<token>. */
export function surveyLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/s/${encodeURIComponent(token)}`;
}

const texts: Record<MessageLanguage, (v: { patient: string; clinic: string; link: string }) => string> = {
  en: (v) =>
    `Hi ${v.patient}, how likely are you to recommend ${v.clinic} to a friend? Tell us in one tap: ${v.link}`,
  es: (v) =>
    `Hola ${v.patient}, ¿qué probabilidad hay de que recomiende ${v.clinic} a un amigo? Díganoslo con un toque: ${v.link}`,
  tr: (v) =>
    `Merhaba ${v.patient}, ${v.clinic} kliniğini bir arkadaşınıza tavsiye etme olasılığınız nedir? Tek dokunuşla bize bildirin: ${v.link}`,
};

/** The survey invitation in the patient's language; first name only, the link last (SMS-friendly). */
export function surveyMessageText(
  language: MessageLanguage,
  values: { patientFirstName: string; clinicName: string; link: string },
): string {
  return texts[language]({ patient: values.patientFirstName, clinic: values.clinicName, link: values.link });
}

const subjects: Record<MessageLanguage, (clinic: string) => string> = {
  en: (clinic) => `How was your visit to ${clinic}?`,
  es: (clinic) => `¿Qué tal su visita a ${clinic}?`,
  tr: (clinic) => `${clinic} ziyaretiniz nasıldı?`,
};

/** The subject of the survey e-mail, in the patient's language. */
export function surveyEmailSubject(language: MessageLanguage, clinicName: string): string {
  return subjects[language](clinicName);
}
