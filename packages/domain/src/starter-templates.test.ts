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
      expect(renderTemplate(body, sampleTemplateValues)).not.toContain('{{');
    },
  );
});
