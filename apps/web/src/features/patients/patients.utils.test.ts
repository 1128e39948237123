import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '../../i18n';
import { channelLabel, importFieldLabel } from './patients.utils';

beforeAll(async () => {
  await i18n.loadNamespaces(['patients', 'conversations']);
  await i18n.loadLanguages(['es', 'tr']);
});
afterAll(async () => {
  await changeLanguage('en');
});

describe("importFieldLabel: an import problem's field in the reader's language", () => {
  it.each([
    ['es', 'procedure', 'Tratamiento'],
    ['es', 'procedure_date', 'Fecha del tratamiento'],
    ['es', 'marketing_consent', 'Consentimiento de marketing'],
    ['en', 'procedure', 'Procedure'],
    ['tr', 'phone', 'Telefon'],
    ['es', null, '—'],
    ['es', 'somethingElse', 'somethingElse'],
  ] as const)('%s, %j -> %j', async (language, field, expected) => {
    await changeLanguage(language);
    expect(importFieldLabel(i18n.getFixedT(language, 'patients'), field)).toBe(expected);
  });
});

describe("channelLabel: a timeline message's channel by the conversations' name for it", () => {
  it.each([
    ['es', 'whatsapp', 'WhatsApp'],
    ['es', 'email', 'Correo electrónico'],
    ['tr', 'email', 'E-posta'],
    ['en', 'sms', 'SMS'],
    ['es', 'pigeon', 'pigeon'],
  ] as const)('%s, %s -> %s', (language, channel, expected) => {
    expect(channelLabel(i18n.getFixedT(language, ['patients', 'conversations']), channel)).toBe(expected);
  });
});
