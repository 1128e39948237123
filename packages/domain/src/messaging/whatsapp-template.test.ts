import { describe, expect, it } from 'vitest';
import {
  isWhatsAppLanguageCode,
  isWhatsAppTemplateName,
  whatsAppTemplateLanguage,
} from './whatsapp-template';

describe('WhatsApp template settings', () => {
  it.each([
    ['careloop_follow_up', true],
    ['clinica_sol_seguimiento_2', true],
    ['Follow_Up', false],
    ['follow-up', false],
    ['seguimiento clínica', false],
    ['', false],
    ['a'.repeat(513), false],
  ])('template name %j is valid: %s', (value, expected) => {
    expect(isWhatsAppTemplateName(value)).toBe(expected);
  });

  it.each([
    ['es', true],
    ['es_ES', true],
    ['en_US', true],
    ['fil', true],
    ['ES', false],
    ['es-ES', false],
    ['es_es', false],
    ['spanish', false],
  ])('language code %j is valid: %s', (value, expected) => {
    expect(isWhatsAppLanguageCode(value)).toBe(expected);
  });

  it.each([
    [null, 'es', 'es'],
    ['es_ES', 'en', 'es_ES'],
    ['  ', 'tr', 'tr'],
  ])('registered %j, message in %s: sent as %s', (configured, language, expected) => {
    expect(whatsAppTemplateLanguage(configured, language)).toBe(expected);
  });
});
