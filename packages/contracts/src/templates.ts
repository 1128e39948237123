import { templateCategories, templateLanguages } from '@careloop/domain/starter-templates';
import { z } from 'zod';
import { nameText, readableText } from './name-text';

export const templateChannels = ['whatsapp', 'sms'] as const;

export const messageTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  body: z.string(),
  category: z.enum(templateCategories).nullable(),
  language: z.enum(templateLanguages),
  channel: z.enum(templateChannels),
  createdAt: z.string(),
});
export type MessageTemplate = z.infer<typeof messageTemplateSchema>;

export const templateListResponseSchema = z.object({
  templates: z.array(messageTemplateSchema),
  /** The plan's template limit; -1 is unlimited. */
  limit: z.number().int(),
});
export type TemplateListResponse = z.infer<typeof templateListResponseSchema>;

export const templateDraftSchema = z.object({
  name: nameText(120),
  body: readableText(1600),
  category: z.enum(templateCategories).nullish(),
  language: z.enum(templateLanguages).default('en'),
  channel: z.enum(templateChannels).default('whatsapp'),
});
export type TemplateDraftBody = z.input<typeof templateDraftSchema>;

/** The clinic's whole set: saving replaces it in one transaction; drafts without name or body are skipped. */
export const saveTemplatesBodySchema = z.object({ templates: z.array(templateDraftSchema).max(200) });
export type SaveTemplatesBody = z.input<typeof saveTemplatesBodySchema>;
