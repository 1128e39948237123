import { describe, expect, it } from 'vitest';
import { sampleTemplateValues, starterTemplates, templateLanguages } from './starter-templates';
import { findTemplateVariables, findUnknownTemplateVariables, renderTemplate } from './template-render';

describe('starter templates', () => {
  it.each(starterTemplates.flatMap((t) => templateLanguages.map((lang) => [t.id, lang, t] as const)))(
    '%s (%s) uses only its declared variables and renders with the sample values',
    (_id, lang, template) => {
      const { body } = template.text[lang];
      expect(findUnknownTemplateVariables(body)).toEqual([]);
      expect(findTemplateVariables(body).sort()).toEqual([...template.variables].sort());
      expect(renderTemplate(body, sampleTemplateValues[lang])).not.toContain('{{');
    },
  );
});

describe('the preview samples speak the template language', () => {
  it.each([
    ['en', 'Hi Maria Lopez, see you on 14 March, 10:30 at Sunrise Dental.'],
    ['es', 'Hi María López, see you on 14 de marzo, 10:30 at Clínica Dental Sol.'],
    ['tr', 'Hi Ayşe Yılmaz, see you on 14 Mart, 10:30 at Güneş Diş Kliniği.'],
  ] as const)('%s', (language, expected) => {
    const body = 'Hi {{patient_name}}, see you on {{appointment_time}} at {{clinic_name}}.';
    expect(renderTemplate(body, sampleTemplateValues[language])).toBe(expected);
  });
});
