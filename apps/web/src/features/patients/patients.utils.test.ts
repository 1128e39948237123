import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '../../i18n';
import { importFieldLabel } from './patients.utils';

beforeAll(async () => {
  await i18n.loadNamespaces('patients');
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
