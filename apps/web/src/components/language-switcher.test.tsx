import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '../i18n';
import { renderPage } from '../test/render';
import { LanguageSwitcher } from './language-switcher';

// The menu and Turkish are lazy chunks: loaded before the test so that the clicks below wait on
// React, not on the machine (the lazy path itself still runs: React.lazy awaits the cached module).
beforeAll(async () => {
  await import('./language-menu');
  await i18n.loadLanguages('tr');
});

afterEach(async () => {
  await changeLanguage('en');
});

describe('LanguageSwitcher', () => {
  it('loads its menu open on the first click, then switches and remembers the language', async () => {
    renderPage(<LanguageSwitcher />, { path: '/dashboard' });
    const button = await screen.findByRole('button', { name: /^EN/ });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menuitem')).toBeNull();

    await userEvent.click(button);

    // happy-dom has no layout, so floating-ui may hide the placed dropdown: the items are looked up
    // hidden or not (the browser specs use the menu for real).
    expect(await screen.findByRole('menuitem', { name: 'Español', hidden: true })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^EN/ }).getAttribute('aria-expanded')).toBe('true');

    fireEvent.click(screen.getByRole('menuitem', { name: 'Türkçe', hidden: true }));

    await waitFor(() => expect(i18n.language).toBe('tr'));
    expect(document.documentElement.lang).toBe('tr');
    expect(window.localStorage.getItem('careloop.language')).toBe('tr');
    expect(await screen.findByRole('button', { name: /^TR/ })).toBeTruthy();
  });

  it('on a page at a language URL, goes to the same page in the language chosen', async () => {
    const { router } = renderPage(<LanguageSwitcher />, { path: '/es/pricing', url: '/es/pricing?plan=pro' });
    await userEvent.click(await screen.findByRole('button', { name: /^EN/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'English', hidden: true }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pricing'));
    expect(router.state.location.search).toBe('?plan=pro');
  });

  it('on an English public page, goes to its URL in the language chosen and tells onChoose', async () => {
    const chosen: string[] = [];
    const { router } = renderPage(<LanguageSwitcher onChoose={(language) => chosen.push(language)} />, {
      path: '/pricing',
      url: '/pricing?plan=pro#faq',
    });
    await userEvent.click(await screen.findByRole('button', { name: /^EN/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Español', hidden: true }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/es/pricing'));
    expect(router.state.location.search).toBe('?plan=pro');
    expect(router.state.location.hash).toBe('#faq');
    expect(chosen).toEqual(['es']);
  });

  it('on a signed-in page, stays on its path', async () => {
    const { router } = renderPage(<LanguageSwitcher />, { path: '/dashboard', url: '/dashboard' });
    await userEvent.click(await screen.findByRole('button', { name: /^EN/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Español', hidden: true }));
    await waitFor(() => expect(i18n.language).toBe('es'));
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
