import { waitFor } from '@testing-library/react';
import { Outlet } from 'react-router';
import { afterAll, describe, expect, it } from 'vitest';
import { routes } from '../app/router';
import { i18n } from '../i18n';
import { localizedPath, supportedLanguages } from '../i18n/language.utils';
import { json, stubFetch } from '../test/fetch-stub';
import { renderPage } from '../test/render';
import { headOnlyPages } from './prerendered-pages';
import { headOnlyPageMeta } from './render-page';

afterAll(async () => {
  await i18n.changeLanguage('en');
});

// /login and /signup are written as the shell with their own head; it must say what the
// page itself says once it renders.
describe('head-only pages', () => {
  const cases = headOnlyPages.flatMap((page) =>
    supportedLanguages.map((language) => [page.path, language, page] as const),
  );

  it.each(cases)(
    '%s in %s: the written head has the title and description the page sets',
    async (_path, language, page) => {
      const meta = await headOnlyPageMeta(language, page.meta);
      expect(meta.title).toMatch(/ \| CareLoop$/);
      expect(meta.title).not.toBe('CareLoop');
      stubFetch((request) => (request.path === '/api/auth/get-session' ? json(null) : json({}, 404)));
      renderPage(<Outlet />, { path: '/', url: localizedPath(page.path, language), children: routes });
      await waitFor(() => expect(document.title).toBe(meta.title));
      expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
        meta.description,
      );
    },
  );

  it('writes Spanish and Turkish titles of their own', async () => {
    const titles = await Promise.all(
      supportedLanguages.map(
        async (language) => (await headOnlyPageMeta(language, headOnlyPages[0]!.meta)).title,
      ),
    );
    expect(new Set(titles).size).toBe(3);
  });
});
