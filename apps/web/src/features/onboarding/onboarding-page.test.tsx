import type { OnboardingState } from '@careloop/contracts/onboarding';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { json, type SeenRequest, stubFetch } from '../../test/fetch-stub';
import { renderPage } from '../../test/render';
import { OnboardingPage } from './onboarding-page';

beforeAll(async () => {
  await i18n.loadNamespaces(['onboarding', 'templates', 'plans']);
});

const marker = (completed: boolean) => ({
  completed,
  completedBy: completed ? 'ada' : null,
  completedAt: completed ? '2026-01-05T10:00:00.000Z' : null,
});

/** The server's answer after `stepCompleted` steps, with the channels saved so far. */
function buildState(
  stepCompleted: number,
  overrides: Partial<OnboardingState> = {},
  channels = { whatsapp: false, sms: false },
): OnboardingState {
  return {
    stepCompleted,
    wizardCompleted: stepCompleted >= 4,
    completedAt: stepCompleted >= 4 ? '2026-01-05T10:00:00.000Z' : null,
    steps: {
      clinicProfile: marker(stepCompleted >= 1),
      whatsappSetup: marker(stepCompleted >= 2),
      smsSetup: marker(stepCompleted >= 3),
      messageTemplates: marker(stepCompleted >= 4),
    },
    profile: {
      name: 'Smile Dental',
      email: 'ada@smile.example',
      phone: '+14155550199',
      category: 'dental',
      brandTone: 'professional',
      defaultLanguage: 'en',
      timeZone: 'UTC',
      country: null,
    },
    channels,
    whatsappPhoneNumberId: null,
    smsFromNumber: channels.sms ? '+14155550123' : null,
    templates: [],
    templateLimit: 3,
    reachDismissed: false,
    ...overrides,
  };
}

type Server = { state: OnboardingState; onPut?: (request: SeenRequest) => Response | undefined };

function renderWizard(server: Server) {
  const network = stubFetch((request) => {
    if (request.path === '/api/onboarding' && request.method === 'GET') return json(server.state);
    if (request.path.startsWith('/api/onboarding/steps/') && request.method === 'PUT') {
      const refused = server.onPut?.(request);
      if (refused) return refused;
      const step = Number(request.path.split('/').pop());
      const body = request.body as Record<string, string>;
      const channels = {
        whatsapp: server.state.channels.whatsapp || (step === 2 && Boolean(body.accessToken)),
        sms: server.state.channels.sms || (step === 3 && Boolean(body.accountSid)),
      };
      server.state = buildState(Math.max(step, server.state.stepCompleted), {}, channels);
      return json(server.state);
    }
    if (request.path === '/api/onboarding/reach/dismiss') {
      server.state = { ...server.state, reachDismissed: true };
      return json(server.state);
    }
    return json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
  });
  renderPage(<OnboardingPage />, { path: '/onboarding' });
  return network;
}

const puts = (network: ReturnType<typeof stubFetch>, step: number) =>
  network.requests.filter((request) => request.method === 'PUT' && request.path.endsWith(`/steps/${step}`));

const sid = `AC${'0123456789abcdef'.repeat(2)}`;

/** Types a whole value at once (pasting), as long credentials are entered. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, value: string) {
  await user.click(field);
  await user.paste(value);
}

describe('OnboardingPage', () => {
  it('starts a new clinic at step 1 with Next disabled until the profile is complete', async () => {
    const user = userEvent.setup();
    const network = renderWizard({
      state: buildState(0, { profile: { ...buildState(0).profile, phone: '' } }),
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Clinic Profile' })).toBeTruthy();
    expect(screen.getByText('Step 1 of 4 · 25% complete')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Previous' })).toBeNull();
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Please fill in all required fields before continuing')).toBeTruthy();

    await fill(user, screen.getByRole('textbox', { name: /^Phone/ }), '+14155550199');
    await waitFor(() => expect(next.hasAttribute('disabled')).toBe(false));
    await user.click(next);

    expect(await screen.findByRole('heading', { level: 2, name: 'WhatsApp Setup' })).toBeTruthy();
    expect(screen.getByText('Step 2 of 4 · 50% complete')).toBeTruthy();
    expect(puts(network, 1)[0]?.body).toEqual({
      name: 'Smile Dental',
      email: 'ada@smile.example',
      phone: '+14155550199',
      category: 'dental',
      brandTone: 'professional',
      defaultLanguage: 'en',
      // The test browser is en-US in UTC: the wizard's guess of the country, sent as shown.
      timeZone: 'UTC',
      country: 'US',
    });
    expect(screen.getByText('Completed by ada')).toBeTruthy();
  });

  it("resumes at the saved step plus one, and 'Skip: I'll use SMS only' sends no WhatsApp credentials", async () => {
    const user = userEvent.setup();
    const network = renderWizard({ state: buildState(1) });
    expect(await screen.findByRole('heading', { level: 2, name: 'WhatsApp Setup' })).toBeTruthy();
    await user.type(screen.getByLabelText(/^Access token/), 'XYZ');
    expect(screen.getAllByText('Token should start with "EAA"').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
    // Before "SMS only" is chosen, the plan (starter: no clinic read yet) says it includes no SMS.
    expect(screen.getByText('Your Starter plan includes no SMS')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: "Skip: I'll use SMS only" }));
    expect(await screen.findByRole('heading', { level: 2, name: 'SMS Setup' })).toBeTruthy();
    expect(puts(network, 2)[0]?.body).toEqual({ accessToken: '', phoneNumberId: '' });
    // No channel yet: SMS cannot be skipped too.
    expect(screen.queryByRole('button', { name: "Skip: I'll use WhatsApp only" })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'WhatsApp Setup' })).toBeTruthy();
  });

  it('Save & Exit saves a valid step, says so and leaves for the dashboard', async () => {
    const user = userEvent.setup();
    const network = renderWizard({ state: buildState(2) });
    expect(await screen.findByRole('heading', { level: 2, name: 'SMS Setup' })).toBeTruthy();
    expect(screen.getByText('Step 3 of 4 · 75% complete')).toBeTruthy();
    await fill(user, screen.getByRole('textbox', { name: /^Account SID/ }), sid);
    await fill(user, screen.getByLabelText(/^Auth token/), 'f'.repeat(32));
    await fill(user, screen.getByRole('textbox', { name: /^From number/ }), '+14155550123');
    await user.click(screen.getByRole('button', { name: 'Save & Exit' }));
    expect(await screen.findByText('Progress Saved - You can resume the setup later')).toBeTruthy();
    expect((await screen.findByTestId('location')).textContent).toBe('/dashboard');
    expect(puts(network, 3)[0]?.body).toEqual({
      accountSid: sid,
      authToken: 'f'.repeat(32),
      fromNumber: '+14155550123',
    });
  });

  it('shows a refused save as a Validation Error and stays on the step', async () => {
    const user = userEvent.setup();
    renderWizard({
      state: buildState(2),
      onPut: () =>
        json(
          {
            error: {
              code: 'BAD_REQUEST',
              message: 'SID must be exactly 34 characters',
              details: [
                { field: null, key: 'settings.errors.x', message: 'SID must be exactly 34 characters' },
              ],
            },
          },
          400,
        ),
    });
    await screen.findByRole('heading', { level: 2, name: 'SMS Setup' });
    await fill(user, screen.getByRole('textbox', { name: /^Account SID/ }), sid);
    await fill(user, screen.getByLabelText(/^Auth token/), 'f'.repeat(32));
    await fill(user, screen.getByRole('textbox', { name: /^From number/ }), '+14155550123');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Validation Error')).toBeTruthy();
    expect(screen.getAllByText('SID must be exactly 34 characters').length).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { level: 2, name: 'SMS Setup' })).toBeTruthy();
  });

  it('Complete Setup saves the templates with a name and a body, then shows the summary and the reach card', async () => {
    const user = userEvent.setup();
    const network = renderWizard({ state: buildState(3, {}, { whatsapp: false, sms: true }) });
    expect(await screen.findByRole('heading', { level: 2, name: 'Message Templates' })).toBeTruthy();
    expect(screen.getByText('Step 4 of 4 · 100% complete')).toBeTruthy();
    // WhatsApp was skipped ("I'll use SMS only"): the stepper says so, as the summary will.
    expect(screen.getAllByText('Completed by ada')).toHaveLength(2);
    expect(screen.getByText('Skipped')).toBeTruthy();
    const complete = screen.getByRole('button', { name: 'Complete Setup' });
    expect(complete.hasAttribute('disabled')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Add template: Review request' }));
    await user.click(screen.getByRole('button', { name: 'Add Custom Template' }));
    await waitFor(() => expect(complete.hasAttribute('disabled')).toBe(false));
    await user.click(complete);

    expect(await screen.findByRole('heading', { level: 2, name: 'Setup Complete!' })).toBeTruthy();
    const body = puts(network, 4)[0]?.body as { templates: { name: string; channel: string }[] };
    expect(body.templates.map((template) => [template.name, template.channel])).toEqual([
      ['Review request', 'sms'],
    ]);
    expect(screen.getByRole('link', { name: 'Go to AI Follow-Up' }).getAttribute('href')).toBe(
      '/followup-automation',
    );

    const reach = screen.getByRole('region', { name: 'Maximize Your Reach' });
    expect(within(reach).getByRole('button', { name: 'Add WhatsApp' })).toBeTruthy();
    await user.click(within(reach).getByRole('button', { name: 'Maybe later' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Maximize Your Reach' })).toBeNull());
    expect(network.to('/api/onboarding/reach/dismiss')).toHaveLength(1);
  });

  it.each([
    [{ whatsapp: true, sms: false }, 'Add SMS', true],
    [{ whatsapp: false, sms: true }, 'Add WhatsApp', false],
  ])('a completed wizard with channels %j offers %s (Pro tier badge: %s)', async (channels, action, pro) => {
    renderWizard({ state: buildState(4, {}, channels) });
    const reach = await screen.findByRole('region', { name: 'Maximize Your Reach' });
    expect(within(reach).getByRole('button', { name: action })).toBeTruthy();
    expect(within(reach).queryByText('Pro tier') !== null).toBe(pro);
  });

  // The stepper agrees with the summary: a skipped SMS step is not shown completed beside SKIPPED.
  it('marks a skipped SMS step as skipped in the stepper, as the summary does', async () => {
    renderWizard({ state: buildState(4, {}, { whatsapp: true, sms: false }) });
    expect(await screen.findByRole('heading', { level: 2, name: 'Setup Complete!' })).toBeTruthy();
    const stepper = screen.getByRole('navigation', { name: 'Setup steps' });
    expect(within(stepper).getByText(/SMS Setup/).textContent).toBe('SMS Setup (skipped)');
    expect(within(stepper).getByText(/WhatsApp Setup/).textContent).toBe('WhatsApp Setup (completed)');
    expect(within(stepper).getAllByText('Completed by ada')).toHaveLength(3);
    expect(within(stepper).getAllByText('Skipped')).toHaveLength(1);
    const summary = screen.getByRole('list', { name: /summary/i });
    expect(within(summary).getAllByText('Skipped')).toHaveLength(1);
  });

  it.each([
    ['both channels are set up', false, { whatsapp: true, sms: true }],
    ["it was dismissed with 'Maybe later'", true, { whatsapp: true, sms: false }],
  ])('shows no reach card when %s', async (_, reachDismissed, channels) => {
    renderWizard({ state: buildState(4, { reachDismissed }, channels) });
    expect(await screen.findByRole('heading', { level: 2, name: 'Setup Complete!' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Maximize Your Reach' })).toBeNull();
  });

  it('tells staff that an owner or admin runs the setup', async () => {
    stubFetch(() => json({ error: { code: 'FORBIDDEN', message: 'Forbidden' } }, 403));
    renderPage(<OnboardingPage />, { path: '/onboarding' });
    expect(
      await screen.findByText(
        "Only the clinic's owner or an admin can run the setup. Ask them to complete it.",
      ),
    ).toBeTruthy();
  });
});
