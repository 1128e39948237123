import type { Case } from '@careloop/contracts/cases';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderPage } from '../../test/render';
import { CasesPage } from './cases-page';

beforeAll(async () => {
  await i18n.loadNamespaces('cases');
});

const hours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

function buildCase(overrides: Partial<Case>): Case {
  return {
    id: 'cas_1',
    source: 'review',
    sourceId: 'rev_1',
    patientId: 'P-1',
    patientName: 'Ana Ruiz',
    title: '2-star review from Ana R.',
    description: null,
    severity: 'high',
    status: 'open',
    dueAt: hours(5),
    createdAt: hours(-19),
    updatedAt: hours(-19),
    resolvedAt: null,
    owner: null,
    ...overrides,
  };
}

const cases = [
  buildCase({ id: 'a', title: 'Late case', dueAt: hours(-1) }),
  buildCase({ id: 'b', title: 'Soon case', dueAt: hours(5), patientName: 'Bo Li' }),
  buildCase({ id: 'c', title: 'Later case', dueAt: hours(72), status: 'in_progress' }),
  buildCase({ id: 'd', title: 'Done case', dueAt: hours(-50), status: 'resolved', resolvedAt: hours(-1) }),
  buildCase({ id: 'e', title: 'Undated case', dueAt: null, source: 'manual', patientName: null }),
];

function stubCasesApi() {
  return stubFetch((request) => {
    if (request.path === '/api/cases/summary')
      return json({ total: 12, open: 7, overdue: 3, highPriority: 4 });
    if (request.path === '/api/cases') {
      const status = request.search.get('status');
      const listed = status === 'all' ? cases : cases.filter((c) => c.status === status);
      return json({ cases: listed, nextCursor: null });
    }
    return json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
  });
}

describe('CasesPage', () => {
  it('shows the four summary cards from the summary endpoint', async () => {
    stubCasesApi();
    renderPage(<CasesPage />, { path: '/cases' });
    const summary = await screen.findByRole('region', { name: 'Case summary' });
    await waitFor(() => expect(within(summary).getByLabelText('Total').textContent).toBe('12'));
    expect(within(summary).getByLabelText('Open').textContent).toBe('7');
    expect(within(summary).getByLabelText('Overdue').textContent).toBe('3');
    expect(within(summary).getByLabelText('High Priority').textContent).toBe('4');
  });

  it("lists cases with the patient's name and the timeliness badge only where it applies", async () => {
    stubCasesApi();
    renderPage(<CasesPage />, { path: '/cases' });
    const item = async (title: string) => (await screen.findByText(title)).closest('li')!;
    expect((await item('Late case')).textContent).toContain('Overdue');
    expect((await item('Soon case')).textContent).toContain('Due Soon');
    expect((await item('Soon case')).textContent).toContain('Bo Li');
    expect((await item('Later case')).textContent).toContain('On Time');
    const done = await item('Done case');
    expect(done.textContent).not.toMatch(/Overdue|Due Soon|On Time/);
    const undated = await item('Undated case');
    expect(undated.textContent).not.toMatch(/Overdue|Due Soon|On Time/);
    expect(undated.textContent).toContain('No patient linked');
  });

  it('asks the server for the chosen status', async () => {
    const network = stubCasesApi();
    const user = userEvent.setup();
    renderPage(<CasesPage />, { path: '/cases' });
    await screen.findByText('Late case');
    await user.click(screen.getByRole('radio', { name: 'Resolved' }));
    await waitFor(() => expect(screen.queryByText('Late case')).toBeNull());
    expect(screen.getByText('Done case')).toBeTruthy();
    const asked = network.to('/api/cases').map((r) => r.search.get('status'));
    expect(new Set(asked)).toEqual(new Set(['all', 'resolved']));
    expect(asked.at(-1)).toBe('resolved');
  });
});
