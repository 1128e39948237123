import type { MeResponse } from '@careloop/contracts/me';
import type { PatientAlias } from '@careloop/contracts/patient-aliases';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n';
import { useCurrentUser } from '../../../lib/current-user';
import { json, stubFetch } from '../../../test/fetch-stub';
import { meAnswer } from '../../../test/me-answer';
import { renderPage } from '../../../test/render';
import { PatientAliasesCard } from './patient-aliases-card';

beforeAll(async () => {
  await i18n.loadNamespaces(['patients', 'common']);
});

const alias = (id: string, name: string): PatientAlias => ({
  id,
  alias: name,
  reviewId: 'rev_1',
  createdAt: '2025-03-11T09:30:00Z',
});

function stubApi(role: MeResponse['role'], items: PatientAlias[]) {
  let current = items;
  return stubFetch((request) => {
    if (request.path === '/api/me') return json(meAnswer({ role }));
    if (request.path === '/api/patients/P-1/aliases') return json({ items: current });
    const removed = /^\/api\/patients\/P-1\/aliases\/(.+)$/.exec(request.path);
    if (removed && request.method === 'DELETE') {
      current = current.filter((item) => item.id !== removed[1]);
      return new Response(null, { status: 204 });
    }
    return json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
  });
}

/** The signed-in user's role as the card's own hook reads it. */
function RoleShown() {
  return <p>role: {useCurrentUser().data?.role ?? 'unknown'}</p>;
}

describe('PatientAliasesCard', () => {
  it('lists the reviewer names staff tied to the patient, and an owner removes one', async () => {
    const api = stubApi('owner', [alias('pal_1', 'Emma S.'), alias('pal_2', 'Smiley99')]);
    const user = userEvent.setup();
    renderPage(<PatientAliasesCard patientId="P-1" />, { path: '/patients/P-1' });

    const list = await screen.findByRole('list', { name: 'Names in reviews' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Emma S.Remove', 'Smiley99Remove']);
    await user.click(await screen.findByRole('button', { name: 'Remove Emma S.' }));
    expect(await screen.findByText('Emma S. removed')).toBeTruthy();
    expect(api.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      '/api/patients/P-1/aliases/pal_1',
    ]);
    await waitFor(() => expect(screen.queryByText('Emma S.')).toBeNull());
    expect(screen.getByText('Smiley99')).toBeTruthy();
  });

  it('offers staff no remove action', async () => {
    const api = stubApi('staff', [alias('pal_1', 'Emma S.')]);
    renderPage(
      <>
        <PatientAliasesCard patientId="P-1" />
        <RoleShown />
      </>,
      { path: '/patients/P-1' },
    );
    expect(await screen.findByText('Emma S.')).toBeTruthy();
    // The card reads the role from the same query as RoleShown: once it shows, the card has it too.
    expect(await screen.findByText('role: staff')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(api.to('/api/me').length).toBeGreaterThan(0);
  });

  it('says when no name is recorded', async () => {
    stubApi('owner', []);
    renderPage(<PatientAliasesCard patientId="P-1" />, { path: '/patients/P-1' });
    expect(await screen.findByText('No reviewer names recorded yet.')).toBeTruthy();
  });
});
