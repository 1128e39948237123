import type { TeamResponse } from '@careloop/contracts/team';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { json, type SeenRequest, stubFetch } from '../../test/fetch-stub';
import { meAnswer } from '../../test/me-answer';
import { renderPage } from '../../test/render';
import { TeamPanel } from './team-panel';

beforeAll(async () => {
  await i18n.loadNamespaces(['settings']);
});

const owner = meAnswer({ user: { id: 'usr_me' }, role: 'owner' });

const team: TeamResponse = {
  members: [
    {
      userId: 'usr_me',
      name: 'Ada Owner',
      email: 'ada@smile.example',
      role: 'owner',
      joinedAt: '2026-01-01T00:00:00Z',
    },
    {
      userId: 'usr_2',
      name: 'Bo Staff',
      email: 'bo@smile.example',
      role: 'staff',
      joinedAt: '2026-02-01T00:00:00Z',
    },
  ],
  invitations: [
    {
      id: 'inv_1',
      email: 'cy@smile.example',
      role: 'admin',
      status: 'pending',
      expiresAt: '2026-03-08T00:00:00Z',
      createdAt: '2026-03-01T00:00:00Z',
    },
  ],
};

/** The team API; `extra` answers the requests a test is about, undefined falls through. */
function stubTeamApi(options: { extra?: (request: SeenRequest) => Response | undefined } = {}) {
  return stubFetch(async (request) => {
    const answered = await options.extra?.(request);
    if (answered) return answered;
    if (request.path === '/api/team') return json(team);
    return json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
  });
}

describe('TeamPanel', () => {
  it('lists members and pending invitations, and invites a colleague', async () => {
    const network = stubTeamApi({
      extra: (request) => {
        if (request.path !== '/api/team/invitations' || request.method !== 'POST') return undefined;
        const { email } = request.body as { email: string };
        if (email === 'bo@smile.example')
          return json({ error: { code: 'CONFLICT', message: 'This address has already been invited' } }, 409);
        return json({ ...team.invitations[0], id: 'inv_2', email }, 201);
      },
    });
    const user = userEvent.setup();
    renderPage(<TeamPanel me={owner} />, { path: '/settings' });
    const ada = await screen.findByRole('listitem', { name: 'Ada Owner' });
    expect(within(ada).getByText('You')).toBeTruthy();
    const bo = screen.getByRole('listitem', { name: 'Bo Staff' });
    expect((within(bo).getByRole('combobox', { name: 'Role of Bo Staff' }) as HTMLSelectElement).value).toBe(
      'staff',
    );
    const pending = screen.getByRole('listitem', { name: 'cy@smile.example' });
    expect(within(pending).getByText('Pending')).toBeTruthy();
    expect(within(pending).getByText('Admin')).toBeTruthy();

    const email = screen.getByRole('textbox', { name: /^Email/ });
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(network.to('/api/team/invitations')).toHaveLength(0);

    await user.type(email, 'bo@smile.example');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect((await screen.findAllByText('This address has already been invited')).length).toBeGreaterThan(0);

    await user.clear(email);
    await user.type(email, 'dee@smile.example');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'admin');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent')).toBeTruthy();
    expect(network.to('/api/team/invitations').at(-1)?.body).toEqual({
      email: 'dee@smile.example',
      role: 'admin',
    });
    await waitFor(() => expect(network.to('/api/team').length).toBeGreaterThan(1));
  });

  it('changes a role, removes a member after confirming and revokes an invitation', async () => {
    const network = stubTeamApi({
      extra: (request) => {
        if (request.path === '/api/team/members/usr_me' && request.method === 'DELETE')
          return json(
            { error: { code: 'CONFLICT', message: 'The last owner cannot be removed or demoted' } },
            409,
          );
        if (request.path === '/api/team/members/usr_2' && request.method === 'PATCH')
          return json({ ...team.members[1], role: 'admin' });
        if (request.method === 'DELETE') return new Response(null, { status: 204 });
        return undefined;
      },
    });
    const user = userEvent.setup();
    renderPage(<TeamPanel me={owner} />, { path: '/settings' });
    const bo = await screen.findByRole('listitem', { name: 'Bo Staff' });
    await user.selectOptions(within(bo).getByRole('combobox', { name: 'Role of Bo Staff' }), 'admin');
    expect(await screen.findByText('Role updated')).toBeTruthy();
    expect(network.to('/api/team/members/usr_2')[0]).toMatchObject({
      method: 'PATCH',
      body: { role: 'admin' },
    });

    await user.click(within(bo).getByRole('button', { name: 'Remove Bo Staff' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove team member' });
    expect(network.requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remove member' }));
    expect(await screen.findByText('Team member removed')).toBeTruthy();
    expect(network.to('/api/team/members/usr_2').at(-1)?.method).toBe('DELETE');

    const ada = screen.getByRole('listitem', { name: 'Ada Owner' });
    await user.click(within(ada).getByRole('button', { name: 'Remove Ada Owner' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove member' }),
    );
    expect(await screen.findByText('The last owner cannot be removed or demoted')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Revoke the invitation for cy@smile.example' }));
    expect(await screen.findByText('Invitation revoked')).toBeTruthy();
    expect(network.to('/api/team/invitations/inv_1')[0]?.method).toBe('DELETE');
  });
});
