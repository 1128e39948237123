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
  password: 'tidal-harbor-42',
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
    [{ ...complete, password: '12345' }, 'Password must be at least 8 characters long'],
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
      password: 'tidal-harbor-42',
      name: 'Ada',
      firstName: 'Ada',
      practiceName: 'Smile Dental',
      callbackURL: '/dashboard',
      // The page's language: the account's e-mails are written in it.
      language: 'en',
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

  it('shows the password rule, and the server refusing a common password in words', async () => {
    stubFetch((request) =>
      request.path === signUpPath
        ? json(
            { code: 'PASSWORD_TOO_COMMON', message: 'This password is one of the most common passwords.' },
            400,
          )
        : noSession(),
    );
    await fillAndSubmit({ ...complete, password: 'iloveyou1' });
    expect(screen.getByText('At least 8 characters, and not a common password')).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This password is one of the most common passwords. Please choose one that is harder to guess.',
    );
  });
});

describe('SignupPage through an invitation link', () => {
  const token = 'invite-token-123456';
  const invitationPath = `/api/invitations/${token}`;
  const preview = { clinicName: 'Smile Dental', email: 'grace@smile.example', role: 'staff' };

  const openLink = () => renderPage(<SignupPage />, { path: '/signup', url: `/signup?invitation=${token}` });

  it('shows the clinic joined, locks the invited address, hides the practice name and sends the token', async () => {
    const user = userEvent.setup();
    const network = stubFetch((request) => {
      if (request.path === invitationPath) return json(preview);
      if (request.path === signUpPath) return json({ token: null, user: sampleSession.user });
      return noSession();
    });
    openLink();
    expect(await screen.findByRole('heading', { name: 'Join Smile Dental on CareLoop' })).toBeTruthy();
    expect(screen.getByText('You are joining Smile Dental as staff. No new clinic is created.')).toBeTruthy();
    const email = screen.getByLabelText(/^Email/) as HTMLInputElement;
    expect(email.value).toBe('grace@smile.example');
    expect(email.readOnly).toBe(true);
    expect(screen.queryByLabelText(/^Practice name/)).toBeNull();

    await user.type(screen.getByLabelText(/^First name/), 'Grace');
    await user.type(screen.getByLabelText(/^Password/), 'tidal-harbor-42');
    await user.click(screen.getByRole('button', { name: 'Create Account and Join' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(screen.getByText(/We sent a confirmation link to grace@smile\.example/)).toBeTruthy();
    expect(network.to(signUpPath)[0]?.body).toEqual({
      email: 'grace@smile.example',
      password: 'tidal-harbor-42',
      name: 'Grace',
      firstName: 'Grace',
      invitationToken: token,
      callbackURL: '/dashboard',
      language: 'en',
    });
  });

  it('still checks the required fields, without asking for a practice name', async () => {
    const user = userEvent.setup();
    const network = stubFetch((request) => (request.path === invitationPath ? json(preview) : noSession()));
    openLink();
    await screen.findByRole('heading', { name: 'Join Smile Dental on CareLoop' });
    await user.type(screen.getByLabelText(/^Password/), 'tidal-harbor-42');
    await user.click(screen.getByRole('button', { name: 'Create Account and Join' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please fill in all required fields');
    expect(network.to(signUpPath)).toHaveLength(0);
  });

  it("shows the server's message for an invalid or expired link, and no form", async () => {
    const network = stubFetch((request) =>
      request.path === invitationPath
        ? json({ error: { code: 'NOT_FOUND', message: 'This invitation is invalid or has expired' } }, 404)
        : noSession(),
    );
    openLink();
    expect((await screen.findByRole('alert')).textContent).toBe('This invitation is invalid or has expired');
    expect(screen.queryByRole('button', { name: /^Create Account/ })).toBeNull();
    expect(
      screen.getByRole('link', { name: 'Create an account for your own clinic' }).getAttribute('href'),
    ).toBe('/signup');
    expect(network.to(invitationPath).length).toBeGreaterThan(0);
    expect(network.to(signUpPath)).toHaveLength(0);
  });

  it('offers to try again when the invitation could not be checked', async () => {
    const user = userEvent.setup();
    let isDown = true;
    stubFetch((request) => {
      if (request.path !== invitationPath) return noSession();
      return isDown ? json({ error: { code: 'INTERNAL', message: 'boom' } }, 500) : json(preview);
    });
    openLink();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'We could not check your invitation. Please try again.',
    );
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Join Smile Dental on CareLoop' })).toBeTruthy();
  });

  it('shows the invitation message when sign-up refuses a spent invitation', async () => {
    const user = userEvent.setup();
    stubFetch((request) => {
      if (request.path === invitationPath) return json(preview);
      if (request.path === signUpPath) {
        return json(
          { code: 'INVALID_INVITATION', message: 'This invitation is invalid or has expired' },
          400,
        );
      }
      return noSession();
    });
    openLink();
    await screen.findByRole('heading', { name: 'Join Smile Dental on CareLoop' });
    await user.type(screen.getByLabelText(/^First name/), 'Grace');
    await user.type(screen.getByLabelText(/^Password/), 'tidal-harbor-42');
    await user.click(screen.getByRole('button', { name: 'Create Account and Join' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This invitation is invalid or has expired');
  });
});
