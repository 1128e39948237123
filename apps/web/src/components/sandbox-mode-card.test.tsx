import type { MeResponse } from '@careloop/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../test/fetch-stub';
import { meAnswer } from '../test/me-answer';
import { renderPage } from '../test/render';
import { SandboxModeCard } from './sandbox-mode-card';

const webhookSecrets = {
  whatsAppAppSecret: 'a1'.repeat(32),
  whatsAppVerifyToken: 'b2'.repeat(32),
  twilioAuthToken: 'c3'.repeat(32),
  vonageSignatureSecret: 'd4'.repeat(32),
};

function serve(role: MeResponse['role'], initial: { available: boolean; sandboxMode: boolean }) {
  let state = initial;
  let refusedSecretReads = 0;
  const network = stubFetch((request) => {
    if (request.path === '/api/me')
      return json(meAnswer({ role, clinic: { sandboxMode: state.sandboxMode } }));
    if (request.path === '/api/settings/sandbox-mode' && request.method === 'GET') return json(state);
    if (request.path === '/api/settings/sandbox-mode/webhook-secrets') {
      // As the server answers: a clinic out of sandbox mode has no sandbox secrets to read.
      if (!state.sandboxMode) {
        refusedSecretReads += 1;
        return json({ error: { code: 'NOT_IN_SANDBOX_MODE', message: 'Not in sandbox mode' } }, 409);
      }
      return json(webhookSecrets);
    }
    if (request.path === '/api/settings/sandbox-mode' && request.method === 'PUT') {
      const enabled = (request.body as { enabled: boolean }).enabled;
      state = { ...state, sandboxMode: enabled };
      return json({
        ...state,
        changed: true,
        removedCredentials: enabled ? 0 : 2,
        cancelledMessages: enabled ? 0 : 1,
      });
    }
    return json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
  });
  return Object.assign(network, { refusedSecretReads: () => refusedSecretReads });
}

describe('SandboxModeCard', () => {
  it('lets the owner try with test data and switch back, saying what leaving removes', async () => {
    const network = serve('owner', { available: true, sandboxMode: false });
    renderPage(<SandboxModeCard />, { path: '/settings' });
    await userEvent.click(await screen.findByRole('button', { name: 'Try with test data' }));
    await waitFor(() =>
      expect(network.requests.filter((r) => r.method === 'PUT')[0]?.body).toEqual({ enabled: true }),
    );
    expect(await screen.findByText('Sandbox mode is on: try anything with test data.')).toBeTruthy();
    expect(screen.getByText(/removes the provider credentials saved during the trial/)).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: 'Switch back to real providers' }));
    expect(
      await screen.findByText(
        'Back on the real providers: 2 test credentials removed, 1 queued messages cancelled.',
      ),
    ).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Try with test data' })).toBeTruthy();
    // Switching back did not read the sandbox secrets again once the clinic had left sandbox mode.
    expect(network.refusedSecretReads()).toBe(0);
  });

  it('tells an admin only the owner switches it', async () => {
    serve('admin', { available: true, sandboxMode: false });
    renderPage(<SandboxModeCard />, { path: '/settings' });
    expect(await screen.findByText("Only the clinic's owner can switch sandbox mode.")).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it("shows an admin the clinic's own webhook secrets while in sandbox mode", async () => {
    serve('admin', { available: true, sandboxMode: true });
    renderPage(<SandboxModeCard />, { path: '/settings' });
    expect(await screen.findByText(webhookSecrets.twilioAuthToken)).toBeTruthy();
    expect(screen.getByText('Twilio auth token')).toBeTruthy();
    expect(screen.getByText(webhookSecrets.whatsAppAppSecret)).toBeTruthy();
    expect(screen.getByText(webhookSecrets.whatsAppVerifyToken)).toBeTruthy();
    expect(screen.getByText(webhookSecrets.vonageSignatureSecret)).toBeTruthy();
  });

  it('does not ask for the webhook secrets for staff', async () => {
    const network = serve('staff', { available: true, sandboxMode: true });
    renderPage(<SandboxModeCard />, { path: '/settings' });
    expect(await screen.findByText("Only the clinic's owner can switch sandbox mode.")).toBeTruthy();
    expect(network.to('/api/settings/sandbox-mode/webhook-secrets')).toHaveLength(0);
    expect(screen.queryByText('Twilio auth token')).toBeNull();
  });

  it('shows nothing where the server offers no sandbox', async () => {
    const network = serve('owner', { available: false, sandboxMode: false });
    renderPage(<SandboxModeCard />, { path: '/settings' });
    await waitFor(() => expect(network.to('/api/settings/sandbox-mode').length).toBeGreaterThan(0));
    expect(screen.queryByRole('region', { name: 'Try it first' })).toBeNull();
  });
});
