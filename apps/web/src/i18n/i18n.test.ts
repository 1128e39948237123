import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '.';
import { languageStorageKey } from './language.utils';

describe('interface language', () => {
  afterEach(async () => {
    await changeLanguage('en');
  });

  it('remembers the choice and sets <html lang>', async () => {
    await changeLanguage('tr');
    expect(window.localStorage.getItem(languageStorageKey)).toBe('tr');
    expect(document.documentElement.lang).toBe('tr');
    await i18n.loadNamespaces('errors');
    expect(i18n.t('errors:notFound.title')).toBe('Sayfa bulunamadı');
  });

  it('shows the key itself when a translation is missing', () => {
    // @ts-expect-error the compiler refuses a key the English texts lack
    expect(i18n.t('common:no.such.key')).toBe('no.such.key');
  });

  it('uses the spec wording in English', async () => {
    await i18n.loadNamespaces('shell');
    expect(i18n.t('shell:signedOut.message')).toBe('You have been signed out successfully');
    expect(i18n.t('common:loading')).toBe('Loading...');
  });
});
