import { unlimited } from '@careloop/domain/plans';
import {
  type StarterTemplate,
  sampleTemplateValues,
  type TemplateCategory,
  type TemplateLanguage,
} from '@careloop/domain/starter-templates';
import { findUnknownTemplateVariables, renderTemplate } from '@careloop/domain/template-render';

export type TemplateChannel = 'whatsapp' | 'sms';

/** One template as the editor holds it before saving; `category` is null for a custom template. */
export type TemplateDraft = {
  name: string;
  body: string;
  category: TemplateCategory | null;
  language: TemplateLanguage;
  channel: TemplateChannel;
};

export function blankTemplateDraft(language: TemplateLanguage): TemplateDraft {
  return { name: '', body: '', category: null, language, channel: 'whatsapp' };
}

export function starterTemplateDraft(starter: StarterTemplate, language: TemplateLanguage): TemplateDraft {
  const { name, body } = starter.text[language];
  return { name, body, category: starter.category, language, channel: 'whatsapp' };
}

function isBlank(draft: TemplateDraft): boolean {
  return draft.name.trim() === '' && draft.body.trim() === '';
}

/** Drafts that count against the plan's limit: blank ones are skipped on save, so they do not. */
export function countedTemplates(drafts: readonly TemplateDraft[]): number {
  return drafts.filter((draft) => !isBlank(draft)).length;
}

/** Another template may be added while the plan's limit (-1: unlimited) is not reached. */
export function canAddTemplateDraft(drafts: readonly TemplateDraft[], limit: number): boolean {
  return limit === unlimited || countedTemplates(drafts) < limit;
}

/**
 * Templates from the starter list can always be removed; a custom one only while another
 * custom template remains (the spec's rule for the Remove button).
 */
export function canRemoveTemplateDraft(drafts: readonly TemplateDraft[], index: number): boolean {
  const draft = drafts[index];
  if (!draft) return false;
  if (draft.category !== null) return true;
  return drafts.filter((other) => other.category === null).length > 1;
}

export type TemplatePreview =
  | { kind: 'empty' }
  | { kind: 'text'; text: string }
  | { kind: 'unknownVariables'; variables: string[] };

/**
 * The body filled with sample values in the template's language (a Spanish template previews
 * "14 de marzo"), or the unknown placeholders that keep it from rendering.
 */
export function previewTemplate(body: string, language: TemplateLanguage = 'en'): TemplatePreview {
  if (body.trim() === '') return { kind: 'empty' };
  const unknown = findUnknownTemplateVariables(body);
  if (unknown.length > 0) return { kind: 'unknownVariables', variables: unknown };
  return { kind: 'text', text: renderTemplate(body, sampleTemplateValues[language]) };
}

/** `{{name}}` as a template writer types it. */
export function placeholder(variable: string): string {
  return `{{${variable}}}`;
}

/** Saving sends drafts with a name and a body only, trimmed (the server skips the rest too). */
export function toSavedTemplates(drafts: readonly TemplateDraft[]): TemplateDraft[] {
  return drafts
    .map((draft) => ({ ...draft, name: draft.name.trim(), body: draft.body.trim() }))
    .filter((draft) => draft.name !== '' && draft.body !== '');
}
