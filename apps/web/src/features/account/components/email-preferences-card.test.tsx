import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '../../../i18n';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderPage } from '../../../test/render';
import { EmailPreferencesCard } from './email-preferences-card';

beforeAll(async () => {
  await i18n.loadNamespaces(['account', 'common']);
});

afterEach(async () => {
  await changeLanguage('en');
});

describe('EmailPreferencesCard', () => {
  it('turns the Daily Digest off for an owner and saves it', async () => {
    const network = stubFetch((request) =>
      request.method === 'PUT'
        ? json({ dailyDigest: false, receivesDigest: true, language: 'en' })
        : json({ dailyDigest: true, receivesDigest: true, language: 'en' }),
    );
    renderPage(<EmailPreferencesCard />, { path: '/account/security' });
    const digest = await screen.findByRole('switch', { name: /Daily Digest/ });
    expect((digest as HTMLInputElement).checked).toBe(true);
    fireEvent.click(digest);
    expect(await screen.findByText('You will no longer receive the Daily Digest')).toBeTruthy();
    expect(network.to('/api/account/preferences').filter((r) => r.method === 'PUT')).toEqual([
      expect.objectContaining({ body: { dailyDigest: false } }),
    ]);
    expect((screen.getByRole('switch', { name: /Daily Digest/ }) as HTMLInputElement).checked).toBe(false);
  });

  it('saves the language of the account, and the app switches to it', async () => {
    const network = stubFetch((request) =>
      request.method === 'PUT'
        ? json({ dailyDigest: true, receivesDigest: true, language: 'tr' })
        : json({ dailyDigest: true, receivesDigest: true, language: 'en' }),
    );
    renderPage(<EmailPreferencesCard />, { path: '/account/security' });
    const user = userEvent.setup();
    const labelled = await screen.findAllByLabelText('Your language');
    const select = labelled.find((element) => element.tagName === 'INPUT')!;
    expect((select as HTMLInputElement).value).toBe('English');
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Türkçe', hidden: true }));
    await waitFor(() => expect(i18n.language).toBe('tr'));
    expect(await screen.findByText('CareLoop sizinle bu dili kullanacak')).toBeTruthy();
    expect(i18n.language).toBe('tr');
    expect(network.to('/api/account/preferences').filter((r) => r.method === 'PUT')).toEqual([
      expect.objectContaining({ body: { language: 'tr' } }),
    ]);
  });

  it('shows staff no switch: the digest goes to owners and admins', async () => {
    stubFetch(() => json({ dailyDigest: true, receivesDigest: false, language: 'es' }));
    renderPage(<EmailPreferencesCard />, { path: '/account/security' });
    expect(await screen.findByText("The Daily Digest goes to the clinic's owners and admins.")).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
  });
});
