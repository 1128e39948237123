import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, noSession, sampleSession, stubFetch } from '../../test/fetch-stub';
import { renderPage } from '../../test/render';
import { EmailConfirmationPage } from './email-confirmation-page';

const verifyPath = '/api/auth/verify-email';

function renderConfirmation(url: string) {
  return renderPage(<EmailConfirmationPage redirectDelayMs={50} />, { path: '/email-confirmation', url });
}

describe('EmailConfirmationPage', () => {
  it('shows loading, then success, then goes to the dashboard', async () => {
    let answer: (response: Response) => void = () => {};
    let isVerified = false;
    const network = stubFetch((request) => {
      if (request.path === verifyPath) {
        return new Promise<Response>((resolve) => {
          answer = (response) => {
            isVerified = true;
            resolve(response);
          };
        });
      }
      return isVerified ? json(sampleSession) : noSession();
    });
    renderConfirmation('/email-confirmation?token=abc&type=signup');

    expect(await screen.findByText('Confirming your email...')).toBeTruthy();
    answer(json({ status: true, user: sampleSession.user }));
    expect(await screen.findByText('Your email has been confirmed successfully!')).toBeTruthy();
    expect((await screen.findByTestId('location')).textContent).toBe('/dashboard');
    // The token is sent once, even under StrictMode.
    expect(network.to(verifyPath)).toHaveLength(1);
    expect(network.to(verifyPath)[0]?.search.get('token')).toBe('abc');
  });

  it('says the link may have expired when the server refuses the token', async () => {
    stubFetch((request) =>
      request.path === verifyPath
        ? json({ code: 'INVALID_TOKEN', message: 'invalid token' }, 401)
        : noSession(),
    );
    renderConfirmation('/email-confirmation?token=stale&type=signup');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to confirm your email. The link may have expired.',
    );
    expect(screen.getByRole('link', { name: 'Try Again' }).getAttribute('href')).toBe('/signup');
    expect(screen.getByRole('link', { name: 'Contact Support' }).getAttribute('href')).toBe('/help');
  });

  it('reports an unexpected error when the request itself fails', async () => {
    stubFetch((request) => {
      if (request.path === verifyPath) throw new TypeError('Failed to fetch');
      return noSession();
    });
    renderConfirmation('/email-confirmation?token=abc&type=signup');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'An unexpected error occurred during email confirmation.',
    );
  });

  it.each(['/email-confirmation', '/email-confirmation?token=abc', '/email-confirmation?type=signup'])(
    'rejects %s without calling the server',
    async (url) => {
      const network = stubFetch(() => noSession());
      renderConfirmation(url);
      expect((await screen.findByRole('alert')).textContent).toBe(
        'Invalid confirmation link. Please try signing up again.',
      );
      expect(network.to(verifyPath)).toHaveLength(0);
    },
  );

  it('links to the privacy policy and the terms', async () => {
    stubFetch(() => noSession());
    renderConfirmation('/email-confirmation');
    expect((await screen.findByRole('link', { name: 'Privacy Policy' })).getAttribute('href')).toBe(
      '/privacy',
    );
    expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms');
  });
});
