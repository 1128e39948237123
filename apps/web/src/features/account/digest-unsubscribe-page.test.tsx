import { fireEvent, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderPage } from '../../test/render';
import { DigestUnsubscribePage } from './digest-unsubscribe-page';

beforeAll(async () => {
  await i18n.loadNamespaces(['account', 'common']);
});

describe('DigestUnsubscribePage', () => {
  it('unsubscribes only when the button is pressed, with the link token', async () => {
    const network = stubFetch(() => json({ unsubscribed: true }));
    renderPage(<DigestUnsubscribePage />, {
      path: '/digest/unsubscribe',
      url: '/digest/unsubscribe?token=usr_1.abc',
    });
    expect(await screen.findByText('Stop sending the Daily Digest to this address?')).toBeTruthy();
    expect(network.to('/api/digest/unsubscribe')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText('You will no longer receive the Daily Digest.')).toBeTruthy();
    expect(network.to('/api/digest/unsubscribe')).toEqual([
      expect.objectContaining({ method: 'POST', body: { token: 'usr_1.abc' } }),
    ]);
    expect(screen.getByRole('link', { name: 'your account page' }).getAttribute('href')).toBe(
      '/account/security',
    );
  });

  it('says so when the link is not valid', async () => {
    stubFetch(() =>
      json({ error: { code: 'VALIDATION_ERROR', message: 'This unsubscribe link is invalid' } }, 400),
    );
    renderPage(<DigestUnsubscribePage />, {
      path: '/digest/unsubscribe',
      url: '/digest/unsubscribe?token=forged',
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This unsubscribe link is invalid.');
  });

  it('offers no button without a token', async () => {
    stubFetch(() => json({}));
    renderPage(<DigestUnsubscribePage />, { path: '/digest/unsubscribe' });
    expect((await screen.findByRole('alert')).textContent).toContain('This unsubscribe link is invalid.');
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
  });
});
