import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { json, sampleSession, stubFetch } from '../../test/fetch-stub';
import { renderPage } from '../../test/render';
import { AppShellLayout } from './app-shell-layout';
import { readSidebarState, writeSidebarState } from './sidebar.utils';

const me = {
  user: {
    id: 'user-1',
    email: 'ada@smile.example',
    name: 'Ada Lovelace',
    firstName: 'Ada',
    lastName: 'Lovelace',
    twoFactorEnabled: false,
  },
  clinic: {
    id: 'clinic-1',
    name: 'Smile Dental',
    subscriptionTier: 'starter',
    category: 'dental',
    sandboxMode: true,
  },
  role: 'owner',
};

// The shell's own requests: the signed-in user, the session; anything else (the plan's usage behind
// the upgrade dialog) is not this file's concern and answers 404.
const shellAnswers = (request: { path: string }) => {
  if (request.path === '/api/me') return json(me);
  if (request.path.startsWith('/api/auth/')) return json(sampleSession);
  return json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
};

function renderShell() {
  return renderPage(<AppShellLayout />, {
    path: '/dashboard',
    children: [{ path: '/dashboard', element: <p>Dashboard content</p> }],
  });
}

const sidebarLabels = [
  'Dashboard',
  'Analytics',
  'Onboarding',
  'Patients',
  'Reviews',
  'Cases',
  'Conversations',
  'AI Follow-Up',
  'Enterprise',
  'Testing Checklist',
  'Settings',
];

describe('AppShellLayout', () => {
  afterEach(() => {
    writeSidebarState(true);
  });

  it('shows the clinic, the sidebar entries and the page', async () => {
    stubFetch(shellAnswers);
    renderShell();
    expect(await screen.findByText('Dashboard content')).toBeTruthy();
    expect(screen.getByText('Smile Dental')).toBeTruthy();
    expect(screen.getByText('Patient Intelligence')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(sidebarLabels);
    expect(within(nav).getByRole('button', { name: 'Sign Out' })).toBeTruthy();
  });

  it('collapses to named icons with Ctrl+B and remembers it in the sidebar_state cookie', async () => {
    stubFetch(shellAnswers);
    const user = userEvent.setup();
    renderShell();
    await screen.findByText('Dashboard content');
    const toggle = screen.getByRole('button', { name: 'Toggle sidebar' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    await user.keyboard('{Control>}b{/Control}');
    await waitFor(() => expect(toggle.getAttribute('aria-expanded')).toBe('false'));
    expect(readSidebarState(document.cookie)).toBe(false);
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('aria-label')),
    ).toEqual(sidebarLabels);

    await user.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-expanded')).toBe('true'));
    expect(readSidebarState(document.cookie)).toBe(true);
  });

  it('starts collapsed when the cookie says so', async () => {
    writeSidebarState(false);
    stubFetch(shellAnswers);
    renderShell();
    await screen.findByText('Dashboard content');
    expect(screen.getByRole('button', { name: 'Toggle sidebar' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
  });

  it('shows No clinic found for a user without a clinic', async () => {
    stubFetch((request) =>
      request.path === '/api/me'
        ? json({ error: { code: 'NO_CLINIC', message: 'No clinic found' } }, 403)
        : shellAnswers(request),
    );
    renderShell();
    expect((await screen.findByRole('alert')).textContent).toBe('No clinic found');
    expect(screen.queryByText('Dashboard content')).toBeNull();
  });

  it('signs out with a toast and goes to /login', async () => {
    const network = stubFetch((request) => {
      if (request.path === '/api/me') return json(me);
      if (request.path === '/api/auth/sign-out') return json({ success: true });
      return shellAnswers(request);
    });
    const user = userEvent.setup();
    renderShell();
    await screen.findByText('Dashboard content');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    await user.click(within(nav).getByRole('button', { name: 'Sign Out' }));

    expect(await screen.findByText('You have been signed out successfully')).toBeTruthy();
    expect(screen.getByText('Signed out')).toBeTruthy();
    expect((await screen.findByTestId('location')).textContent).toBe('/login');
    expect(network.to('/api/auth/sign-out')[0]?.method).toBe('POST');
  });
});
