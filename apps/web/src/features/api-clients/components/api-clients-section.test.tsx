import type {
  ApiClient,
  ApiClientListResponse,
  ApiClientUsageResponse,
} from '@careloop/contracts/api-clients';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderPage } from '../../../test/render';
import { ApiClientsSection } from './api-clients-section';

beforeAll(async () => {
  await i18n.loadNamespaces(['settings', 'plans']);
});

const client = (overrides: Partial<ApiClient> = {}): ApiClient => ({
  id: 'apc_1',
  name: 'Practice system',
  clientId: 'clk_abc',
  scopes: ['patients:read', 'reviews:read'],
  createdAt: '2026-11-20T10:00:00.000Z',
  createdBy: 'Olivia Owner',
  lastUsedAt: null,
  revokedAt: null,
  previousSecretExpiresAt: null,
  ...overrides,
});

const usage: ApiClientUsageResponse = {
  items: [{ id: 'apc_1', callsThisHour: 1234, hourResetsAt: '2026-11-26T11:00:00.000Z', callsToday: 5678 }],
  hourlyLimit: 10_000,
  dayStartsAt: '2026-11-25T23:00:00.000Z',
};

function renderSection(data: ApiClientListResponse) {
  const network = stubFetch((request) => {
    if (request.path === '/api/settings/api-clients/apc_1/rotate-secret' && request.method === 'POST') {
      return json({
        ...client({ previousSecretExpiresAt: '2026-11-27T10:00:00.000Z' }),
        clientSecret: 'cls_rotated_once',
      });
    }
    if (request.method === 'POST') {
      const body = request.body as { name: string; scopes: ApiClient['scopes'] };
      return json(
        { ...client({ id: 'apc_2', clientId: 'clk_new', ...body }), clientSecret: 'cls_shown_once' },
        201,
      );
    }
    if (request.method === 'DELETE') return json(client({ revokedAt: '2026-11-26T10:00:00.000Z' }));
    if (request.path === '/api/settings/api-clients/usage') return json(usage);
    return json(data);
  });
  renderPage(<ApiClientsSection data={data} />, { path: '/settings' });
  return network;
}

describe('ApiClientsSection', () => {
  it('lists clients with their scopes and when they were last used', async () => {
    renderSection({
      items: [
        client(),
        client({
          id: 'apc_3',
          name: 'Old',
          lastUsedAt: '2026-11-25T09:00:00.000Z',
          revokedAt: '2026-11-25T10:00:00.000Z',
        }),
      ],
      isApiAvailable: true,
    });
    const row = await screen.findByRole('listitem', { name: 'Practice system' });
    expect(within(row).getByText('patients:read')).toBeTruthy();
    expect(within(row).getByText(/Never used/)).toBeTruthy();
    const old = screen.getByRole('listitem', { name: 'Old' });
    expect(within(old).getByText('Revoked')).toBeTruthy();
    expect(within(old).getByText(/Last used/)).toBeTruthy();
    expect(within(old).queryByRole('button', { name: /Revoke/ })).toBeNull();
  });

  it("shows each client's calls this hour, of the hourly limit, and today, in the locale's numbers", async () => {
    renderSection({ items: [client(), client({ id: 'apc_3', name: 'Unused' })], isApiAvailable: true });
    const row = await screen.findByRole('listitem', { name: 'Practice system' });
    expect(await within(row).findByText('Calls this hour: 1,234 of 10,000 · today: 5,678')).toBeTruthy();
    // A client the usage does not list shows no line rather than zeros it cannot vouch for.
    expect(
      within(screen.getByRole('listitem', { name: 'Unused' })).queryByText(/Calls this hour/),
    ).toBeNull();
  });

  it('checks the form, creates the client and shows its secret once', async () => {
    const network = renderSection({ items: [], isApiAvailable: true });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create client' }));
    expect(await screen.findByText('Name required')).toBeTruthy();
    expect(screen.getByText('Choose at least one scope')).toBeTruthy();
    expect(network.requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'PMS');
    await user.click(screen.getByRole('checkbox', { name: /^followups:write/ }));
    await user.click(screen.getByRole('checkbox', { name: /^patients:read/ }));
    await user.click(screen.getByRole('button', { name: 'Create client' }));
    await waitFor(() =>
      expect(network.to('/api/settings/api-clients').filter((r) => r.method === 'POST')).toHaveLength(1),
    );
    const [posted] = network.to('/api/settings/api-clients').filter((r) => r.method === 'POST');
    expect(posted!.body).toEqual({ name: 'PMS', scopes: ['patients:read', 'followups:write'] });
    const dialog = await screen.findByRole('dialog', { name: 'Client created' });
    expect((within(dialog).getByRole('textbox', { name: /^Client secret/ }) as HTMLInputElement).value).toBe(
      'cls_shown_once',
    );
    expect(within(dialog).getByText(/shown only this once/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'I have stored the secret' }));
    await waitFor(() => expect(screen.queryByText('cls_shown_once')).toBeNull());
  });

  it('revokes a client after confirmation', async () => {
    const network = renderSection({ items: [client()], isApiAvailable: true });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Revoke Practice system' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke API client' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke client' }));
    await waitFor(() =>
      expect(network.to('/api/settings/api-clients/apc_1').map((r) => r.method)).toEqual(['DELETE']),
    );
  });

  it('rotates a secret after confirmation: the new one shown once, with until when the previous one works', async () => {
    const network = renderSection({
      items: [client(), client({ id: 'apc_4', name: 'Gone', revokedAt: '2026-11-25T10:00:00.000Z' })],
      isApiAvailable: true,
    });
    const user = userEvent.setup();
    expect(screen.queryByRole('button', { name: 'Rotate secret of Gone' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Rotate secret of Practice system' }));
    const confirm = await screen.findByRole('dialog', { name: 'Rotate client secret' });
    expect(within(confirm).getByText(/keeps getting tokens for 24 hours/)).toBeTruthy();
    expect(network.to('/api/settings/api-clients/apc_1/rotate-secret')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Rotate secret' }));
    const shown = await screen.findByRole('dialog', { name: 'New client secret' });
    expect(within(shown).getByDisplayValue('cls_rotated_once')).toBeTruthy();
    expect(within(shown).getByText(/The previous secret keeps working until Nov 27, 2026/)).toBeTruthy();
    expect(network.to('/api/settings/api-clients/apc_1/rotate-secret').map((r) => r.method)).toEqual([
      'POST',
    ]);
  });

  it('says until when a replaced secret still works', async () => {
    renderSection({
      items: [client({ previousSecretExpiresAt: '2026-11-27T10:00:00.000Z' })],
      isApiAvailable: true,
    });
    const row = await screen.findByRole('listitem', { name: 'Practice system' });
    expect(within(row).getByText(/^Previous secret valid until Nov 27, 2026/)).toBeTruthy();
  });

  it('shows the locked-feature message below Professional, with no form', async () => {
    renderSection({ items: [], isApiAvailable: false });
    expect(await screen.findByText('This feature requires Professional or Enterprise plan')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create client' })).toBeNull();
  });
});
