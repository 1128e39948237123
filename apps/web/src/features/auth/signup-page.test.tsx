import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, noSession, sampleSession, stubFetch } from '../../test/fetch-stub';
import { renderPage } from '../../test/render';
import { SignupPage } from './signup-page';

const signUpPath = '/api/auth/sign-up/email';

type Form = {
  firstName?: string;
  lastName?: string;
  email?: string;
  practiceName?: string;
  password?: string;
};

const complete: Required<Form> = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@smile.example',
  practiceName: 'Smile Dental',
  password: 'secret1',
};

async function fillAndSubmit(form: Form) {
  const user = userEvent.setup();
  renderPage(<SignupPage />, { path: '/signup' });
  expect(await screen.findByRole('heading', { name: 'Get Started Free' })).toBeTruthy();
  const fields: [keyof Form, RegExp][] = [
    ['firstName', /^First name/],
    ['lastName', /^Last name/],
    ['email', /^Email/],
    ['practiceName', /^Practice name/],
    ['password', /^Password/],
  ];
  for (const [name, label] of fields) {
    const value = form[name];
    if (value) await user.type(screen.getByLabelText(label), value);
  }
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
}

describe('SignupPage', () => {
  it.each([
    [{ ...complete, firstName: '' }, 'Please fill in all required fields'],
    [{ ...complete, email: '' }, 'Please fill in all required fields'],
    [{ ...complete, practiceName: '' }, 'Please fill in all required fields'],
    [{ ...complete, password: '' }, 'Please fill in all required fields'],
    [{ ...complete, password: '12345' }, 'Password must be at least 6 characters long'],
  ])('validates %j before calling the server', async (form, message) => {
    const network = stubFetch(() => noSession());
    await fillAndSubmit(form);
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(network.to(signUpPath)).toHaveLength(0);
  });

  it('sends the names and practice, and asks to confirm the e-mail when no session comes back', async () => {
    const network = stubFetch((request) =>
      request.path === signUpPath ? json({ token: null, user: sampleSession.user }) : noSession(),
    );
    await fillAndSubmit({ ...complete, lastName: '' });
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(network.to(signUpPath)[0]?.body).toEqual({
      email: 'ada@smile.example',
      password: 'secret1',
      name: 'Ada',
      firstName: 'Ada',
      practiceName: 'Smile Dental',
      callbackURL: '/dashboard',
    });
  });

  it('goes to the dashboard when the answer carries a session', async () => {
    let isSignedIn = false;
    stubFetch((request) => {
      if (request.path === signUpPath) {
        isSignedIn = true;
        return json({ token: 'token-1', user: sampleSession.user });
      }
      return isSignedIn ? json(sampleSession) : noSession();
    });
    await fillAndSubmit(complete);
    expect(await screen.findByText('Account created successfully!')).toBeTruthy();
    expect((await screen.findByTestId('location')).textContent).toBe('/dashboard');
  });

  it('tells an existing user to sign in instead', async () => {
    stubFetch((request) =>
      request.path === signUpPath
        ? json({ code: 'USER_ALREADY_EXISTS', message: 'User already exists. Use another email.' }, 422)
        : noSession(),
    );
    await fillAndSubmit(complete);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'An account with this email already exists. Please sign in instead.',
    );
  });
});
