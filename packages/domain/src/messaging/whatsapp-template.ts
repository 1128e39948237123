/**
 * The approved WhatsApp template a clinic sends outside the 24-hour window (one body parameter: the
 * patient's first name). Each clinic registers its own with Meta under a name and one or more
 * languages; until it says otherwise, the name is CareLoop's suggested one and the language the
 * patient's (else the clinic's) as a bare code.
 */
export const defaultWhatsAppTemplateName = 'careloop_follow_up';

// Meta's rules: lower-case letters, digits and underscores, at most 512 characters.
const templateNamePattern = /^[a-z0-9_]{1,512}$/;
// Meta's language codes: a language ("es", "tr", "fil") or a language and region ("es_ES", "en_US").
const languageCodePattern = /^[a-z]{2,3}(_[A-Z]{2})?$/;

export const whatsAppTemplateMessages = {
  name: {
    key: 'settings.whatsapp.errors.templateName',
    message: 'Use the template name as approved by Meta: lower-case letters, digits and underscores',
  },
  language: {
    key: 'settings.whatsapp.errors.templateLanguage',
    message: 'Use a WhatsApp language code such as es, es_ES or en_US',
  },
} as const;

export const isWhatsAppTemplateName = (value: string) => templateNamePattern.test(value);
export const isWhatsAppLanguageCode = (value: string) => languageCodePattern.test(value);

/** The language code of a template send: the clinic's registered one, else the message's language. */
export function whatsAppTemplateLanguage(
  configured: string | null | undefined,
  messageLanguage: string,
): string {
  return configured?.trim() || messageLanguage;
}
