import type { TemplateVariable } from './template-render';

export const templateLanguages = ['en', 'es', 'tr'] as const;
export type TemplateLanguage = (typeof templateLanguages)[number];

export const templateCategories = ['post_op_care', 'review_request', 'appointment_reminder'] as const;
export type TemplateCategory = (typeof templateCategories)[number];

export type StarterTemplate = {
  readonly id: string;
  readonly category: TemplateCategory;
  readonly variables: readonly TemplateVariable[];
  /** Name, description and body per language; the body uses only `variables`. */
  readonly text: Readonly<Record<TemplateLanguage, { name: string; description: string; body: string }>>;
};

/** Suggested templates offered in onboarding step 4 and on the templates page. */
export const starterTemplates: readonly StarterTemplate[] = [
  {
    id: 'post-op-check-in',
    category: 'post_op_care',
    variables: ['patient_name', 'procedure', 'clinic_name'],
    text: {
      en: {
        name: 'Post-treatment check-in',
        description: 'A caring message in the days after treatment.',
        body: 'Hi {{patient_name}}, this is {{clinic_name}}. We hope you are recovering well after your {{procedure}}. Reply to this message if you have any questions.',
      },
      es: {
        name: 'Seguimiento tras el tratamiento',
        description: 'Un mensaje cercano en los días posteriores al tratamiento.',
        body: 'Hola {{patient_name}}, le escribimos de {{clinic_name}}. Esperamos que se esté recuperando bien de su {{procedure}}. Responda a este mensaje si tiene cualquier pregunta.',
      },
      tr: {
        name: 'Tedavi sonrası kontrol',
        description: 'Tedaviden sonraki günlerde ilgili bir mesaj.',
        body: 'Merhaba {{patient_name}}, {{clinic_name}} olarak yazıyoruz. {{procedure}} sonrası iyileşmenizin iyi gittiğini umuyoruz. Sorunuz olursa bu mesajı yanıtlayabilirsiniz.',
      },
    },
  },
  {
    id: 'review-request',
    category: 'review_request',
    variables: ['patient_name', 'clinic_name'],
    text: {
      en: {
        name: 'Review request',
        description: 'Asks a happy patient to share their experience.',
        body: 'Hi {{patient_name}}, thank you for choosing {{clinic_name}}. If you were happy with your visit, would you share your experience in a short review?',
      },
      es: {
        name: 'Solicitud de reseña',
        description: 'Pide a un paciente satisfecho que comparta su experiencia.',
        body: 'Hola {{patient_name}}, gracias por elegir {{clinic_name}}. Si quedó satisfecho con su visita, ¿nos dejaría una breve reseña sobre su experiencia?',
      },
      tr: {
        name: 'Yorum isteği',
        description: 'Memnun bir hastadan deneyimini paylaşmasını ister.',
        body: 'Merhaba {{patient_name}}, {{clinic_name}} kliniğini seçtiğiniz için teşekkür ederiz. Ziyaretinizden memnun kaldıysanız deneyiminizi kısa bir yorumla paylaşır mısınız?',
      },
    },
  },
  {
    id: 'appointment-reminder',
    category: 'appointment_reminder',
    variables: ['patient_name', 'clinic_name', 'appointment_time', 'appointment_type'],
    text: {
      en: {
        name: 'Appointment reminder',
        description: 'Reminds a patient of an upcoming visit.',
        body: 'Hi {{patient_name}}, a reminder of your {{appointment_type}} at {{clinic_name}} on {{appointment_time}}. Reply if you need to change it.',
      },
      es: {
        name: 'Recordatorio de cita',
        description: 'Recuerda al paciente una próxima visita.',
        body: 'Hola {{patient_name}}, le recordamos su {{appointment_type}} en {{clinic_name}} el {{appointment_time}}. Responda si necesita cambiarla.',
      },
      tr: {
        name: 'Randevu hatırlatması',
        description: 'Hastaya yaklaşan ziyaretini hatırlatır.',
        body: 'Merhaba {{patient_name}}, {{clinic_name}} kliniğindeki {{appointment_type}} randevunuzu hatırlatırız: {{appointment_time}}. Değiştirmeniz gerekirse yanıtlayın.',
      },
    },
  },
];

/** Values used to preview a template before it is saved, in the template's language. */
export const sampleTemplateValues: Readonly<
  Record<TemplateLanguage, Readonly<Record<TemplateVariable, string>>>
> = {
  en: {
    patient_name: 'Maria Lopez',
    procedure: 'Dental Implant',
    clinic_name: 'Sunrise Dental',
    appointment_time: '14 March, 10:30',
    appointment_type: 'check-up',
  },
  es: {
    patient_name: 'María López',
    procedure: 'Implante dental',
    clinic_name: 'Clínica Dental Sol',
    appointment_time: '14 de marzo, 10:30',
    appointment_type: 'revisión',
  },
  tr: {
    patient_name: 'Ayşe Yılmaz',
    procedure: 'Diş implantı',
    clinic_name: 'Güneş Diş Kliniği',
    appointment_time: '14 Mart, 10:30',
    appointment_type: 'kontrol',
  },
};
