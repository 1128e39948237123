import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, noSession, sampleSession, stubFetch } from '../../test/fetch-stub';
import { renderPage } from '../../test/render';
import { LoginPage } from './login-page';

const signInPath = '/api/auth/sign-in/email';

async function submitCredentials(email: string, password: string) {
  const user = userEvent.setup();
  renderPage(<LoginPage />, { path: '/login' });
  const emailInput = await screen.findByLabelText(/^Email/);
  if (email) await user.type(emailInput, email);
  if (password) await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return user;
}

describe('LoginPage', () => {
  it('says why after an automatic sign-out, once', async () => {
    stubFetch(() => noSession());
    sessionStorage.setItem('careloop:session-ended', 'idle');
    renderPage(<LoginPage />, { path: '/login' });
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      'You were signed out after a period without activity, as your clinic asks. Sign in to continue.',
    );
    expect(sessionStorage.getItem('careloop:session-ended')).toBeNull();
  });

  it.each([
    ['', ''],
    ['ada@smile.example', ''],
    ['', 'secret1'],
  ])('asks for both fields (email %j, password %j) without calling the server', async (email, password) => {
    const network = stubFetch(() => noSession());
    await submitCredentials(email, password);
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Please enter both email and password',
    );
    expect(network.to(signInPath)).toHaveLength(0);
  });

  it.each([
    [
      401,
      { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
      'Invalid email or password. Please check your credentials and try again.',
    ],
    [
      403,
      { code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' },
      'Please check your email and click the confirmation link before signing in.',
    ],
    [
      429,
      { message: 'Too many requests. Please try again later.' },
      'Too many login attempts. Please wait before trying again.',
    ],
    [
      429,
      { code: 'ACCOUNT_LOCKED', message: 'Too many failed sign-in attempts for this account.' },
      'Too many failed sign-in attempts for this account. Please try again in a few minutes, or reset your password.',
    ],
    [400, { code: 'SOMETHING_ELSE', message: 'Your account is locked' }, 'Your account is locked'],
    [500, {}, 'An unexpected error occurred'],
  ])('shows the message for a %i answer', async (status, body, expected) => {
    const network = stubFetch((request) => (request.path === signInPath ? json(body, status) : noSession()));
    await submitCredentials('ada@smile.example', 'secret1');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(expected);
    expect(network.to(signInPath)[0]?.body).toEqual({ email: 'ada@smile.example', password: 'secret1' });
  });

  it('welcomes the user back and goes to the dashboard', async () => {
    let isSignedIn = false;
    stubFetch((request) => {
      if (request.path === signInPath) {
        isSignedIn = true;
        return json({ redirect: false, token: 'token-1', user: sampleSession.user });
      }
      if (request.path === '/api/auth/get-session') return isSignedIn ? json(sampleSession) : noSession();
      return json({}, 404);
    });
    await submitCredentials('ada@smile.example', 'secret1');
    expect(await screen.findByText('Welcome back!')).toBeTruthy();
    expect((await screen.findByTestId('location')).textContent).toBe('/dashboard');
  });

  it('asks for the authenticator code when the server wants a second factor', async () => {
    const network = stubFetch((request) => {
      if (request.path === signInPath) return json({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
      if (request.path === '/api/auth/two-factor/verify-totp')
        return json({ code: 'INVALID_CODE', message: 'Invalid code' }, 401);
      return noSession();
    });
    const user = await submitCredentials('ada@smile.example', 'secret1');
    const codeInput = await screen.findByLabelText(/^Authentication code/);
    await user.type(codeInput, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That code is not valid. Please try again.');
    expect(network.to('/api/auth/two-factor/verify-totp')[0]?.body).toEqual({ code: '123456' });
  });
});
