import type { PatientListResponse } from '@careloop/contracts/patients';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderPage } from '../../test/render';
import { PatientsPage } from './patients-page';

const patient = (id: string, name: string, risk: PatientListResponse['patients'][number]['risk']) => ({
  id,
  name,
  email: null,
  phone: null,
  procedure: 'Dental Implant',
  status: 'active' as const,
  comment: null,
  language: null,
  marketingConsent: null,
  procedureDate: '2026-01-01',
  lastCheck: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  risk,
});

const luis = patient('P-1', 'Luis Gil', { level: 'high', reasons: ['clinical_reply', 'open_case_high'] });
const eva = patient('P-2', 'Eva Sanz', { level: 'low', reasons: [] });

function showPatients(url: string) {
  const network = stubFetch((request) => {
    if (request.path === '/api/patients') {
      const atRisk = request.search.get('risk') === 'at_risk';
      return json({ patients: atRisk ? [luis] : [eva, luis], nextCursor: null, total: atRisk ? 1 : 2 });
    }
    return json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
  });
  const page = renderPage(<PatientsPage />, { path: '/patients', url });
  return { ...page, listRequests: () => network.to('/api/patients') };
}

describe('PatientsPage: risk', () => {
  it('opens filtered and sorted by risk from the address (the dashboard card’s link)', async () => {
    const { listRequests } = showPatients('/patients?risk=at_risk&sort=risk');
    const card = await screen.findByRole('article', { name: 'Luis Gil' });
    expect(screen.queryByRole('article', { name: 'Eva Sanz' })).toBeNull();
    expect(listRequests()[0]!.search.get('risk')).toBe('at_risk');
    expect(listRequests()[0]!.search.get('sort')).toBe('risk');
    expect((screen.getByRole('combobox', { name: 'Risk' }) as HTMLInputElement).value).toBe(
      'At risk (high or medium)',
    );
    expect((screen.getByRole('combobox', { name: 'Sort by' }) as HTMLInputElement).value).toBe(
      'Highest risk first',
    );
    const badge = within(card).getByRole('button', { name: 'High risk' });
    expect(document.getElementById(badge.getAttribute('aria-describedby')!)?.textContent).toContain(
      'Has an open high-severity case',
    );
  });

  it('filters by risk from the list, keeping the choice in the address', async () => {
    const user = userEvent.setup();
    const { router, listRequests } = showPatients('/patients');
    await screen.findByRole('article', { name: 'Eva Sanz' });
    expect(listRequests()[0]!.search.has('risk')).toBe(false);
    expect(listRequests()[0]!.search.has('sort')).toBe(false);
    await user.click(screen.getByRole('combobox', { name: 'Risk' }));
    await user.click(await screen.findByRole('option', { name: 'At risk (high or medium)', hidden: true }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Eva Sanz' })).toBeNull());
    expect(listRequests().at(-1)!.search.get('risk')).toBe('at_risk');
    expect(router.state.location.search).toBe('?risk=at_risk');

    await user.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await user.click(await screen.findByRole('option', { name: 'Highest risk first', hidden: true }));
    await waitFor(() => expect(listRequests().at(-1)!.search.get('sort')).toBe('risk'));
    expect(router.state.location.search).toBe('?risk=at_risk&sort=risk');

    await user.click(screen.getByRole('combobox', { name: 'Risk' }));
    await user.click(await screen.findByRole('option', { name: 'All risk levels', hidden: true }));
    await screen.findByRole('article', { name: 'Eva Sanz' });
    expect(router.state.location.search).toBe('?sort=risk');
  });

  it('says when no patient is at the risk level chosen', async () => {
    stubFetch((request) =>
      request.path === '/api/patients'
        ? json({ patients: [], nextCursor: null, total: 0 })
        : json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404),
    );
    renderPage(<PatientsPage />, { path: '/patients', url: '/patients?risk=high' });
    expect(await screen.findByText('No patient is at this risk level.')).toBeTruthy();
  });
});
