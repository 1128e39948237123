import { qaCases } from '@careloop/domain/qa-cases';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { json, stubFetch } from '../../test/fetch-stub';
import { meAnswer } from '../../test/me-answer';
import { renderPage } from '../../test/render';
import { TestingChecklistPage } from './testing-checklist-page';

beforeAll(async () => {
  await i18n.loadNamespaces('testing');
});

type State = {
  id: string;
  completed: boolean;
  testedAt: string | null;
  testedBy: string | null;
  notes: string;
};

function serveChecklist(completedIds: string[] = [], timeZone = 'UTC') {
  const states = new Map<string, State>(
    qaCases.map((c) => [
      c.id,
      {
        id: c.id,
        completed: completedIds.includes(c.id),
        testedAt: completedIds.includes(c.id) ? '2026-11-20T10:00:00.000Z' : null,
        testedBy: completedIds.includes(c.id) ? 'ana' : null,
        notes: '',
      },
    ]),
  );
  return stubFetch((request) => {
    if (request.path === '/api/me') return json(meAnswer({ clinic: { timeZone } }));
    if (request.path === '/api/testing-checklist') return json({ cases: [...states.values()] });
    const id = request.path.replace('/api/testing-checklist/', '');
    if (request.method === 'PATCH' && states.has(id)) {
      const body = request.body as { completed?: boolean; notes?: string };
      const next = {
        ...states.get(id)!,
        ...(body.completed !== undefined && {
          completed: body.completed,
          testedAt: body.completed ? '2026-11-26T09:00:00.000Z' : null,
          testedBy: body.completed ? 'ada' : null,
        }),
        ...(body.notes !== undefined && { notes: body.notes }),
      };
      states.set(id, next);
      return json(next);
    }
    return json({ accepted: true }, 202);
  });
}

const criticalIds = qaCases.filter((c) => c.priority === 'critical').map((c) => c.id);

describe('TestingChecklistPage', () => {
  it('shows Not Ready with the number of critical tests remaining, and twelve cards', async () => {
    serveChecklist(criticalIds.slice(0, 2));
    renderPage(<TestingChecklistPage />, { path: '/testing-checklist' });
    const summary = await screen.findByRole('region', { name: 'Checklist summary' });
    expect(summary.textContent).toContain('2 of 12 completed');
    expect(summary.textContent).toContain('2 of 6 passed');
    expect(within(summary).getByText('Not Ready')).toBeTruthy();
    expect(screen.getByText('Production Readiness Warning')).toBeTruthy();
    expect(screen.getByText('The app is not ready for launch: 4 critical tests remain.')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(12);
    expect(
      screen.getAllByPlaceholderText('Add notes about test execution, issues found, etc...'),
    ).toHaveLength(12);
  });

  it('is Ready once every critical test passes, and the warning goes', async () => {
    serveChecklist(criticalIds);
    renderPage(<TestingChecklistPage />, { path: '/testing-checklist' });
    const summary = await screen.findByRole('region', { name: 'Checklist summary' });
    expect(within(summary).getByText('Ready')).toBeTruthy();
    expect(screen.queryByText('Production Readiness Warning')).toBeNull();
  });

  it('ticks a case through the API and shows who tested it; filters by category', async () => {
    const network = serveChecklist();
    renderPage(<TestingChecklistPage />, { path: '/testing-checklist' });
    const box = await screen.findByRole('checkbox', { name: 'Passed: A patient opts out by replying STOP' });
    await userEvent.click(box);
    await waitFor(() =>
      expect(network.to('/api/testing-checklist/comms-opt-out')[0]?.body).toEqual({ completed: true }),
    );
    const card = screen.getByRole('article', { name: /A patient opts out by replying STOP/ });
    await waitFor(() => expect(card.textContent).toMatch(/Tested .* by ada/));

    await userEvent.click(screen.getByRole('button', { name: 'Mobile' }));
    expect(screen.getAllByRole('article')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'All Tests' }));
    expect(screen.getAllByRole('article')).toHaveLength(12);
  });

  it('shows the seven pre-launch items', async () => {
    serveChecklist();
    renderPage(<TestingChecklistPage />, { path: '/testing-checklist' });
    const section = await screen.findByRole('region', { name: 'Pre-Launch Final Checklist' });
    expect(within(section).getAllByRole('checkbox')).toHaveLength(7);
    expect(within(section).getByLabelText('All critical tests pass (100%)')).toBeTruthy();
  });

  it('heads the cases below the page title and above each case: no level skipped', async () => {
    serveChecklist();
    renderPage(<TestingChecklistPage />, { path: '/testing-checklist' });
    await screen.findAllByRole('article');
    const levels = screen.getAllByRole('heading').map((heading) => Number(heading.tagName.slice(1)));
    levels.forEach((level, i) => {
      if (i > 0) expect(level, `heading ${i + 1}`).toBeLessThanOrEqual(levels[i - 1]! + 1);
    });
    expect(screen.getByRole('heading', { name: 'Test cases', level: 2 })).toBeTruthy();
  });

  it("writes percentages the Turkish way and when a case was tested in the clinic's clock", async () => {
    await i18n.loadLanguages('tr');
    await i18n.changeLanguage('tr');
    await i18n.loadNamespaces('testing');
    // 10:00 UTC on 20 November is 13:00 in Istanbul.
    serveChecklist(criticalIds.slice(0, 2), 'Europe/Istanbul');
    renderPage(<TestingChecklistPage />, { path: '/testing-checklist' });
    const summary = await screen.findByRole('region', { name: 'Kontrol listesi özeti' });
    expect(within(summary).getByText('%16')).toBeTruthy();
    expect(within(summary).getByText('%33')).toBeTruthy();
    expect(summary.textContent).not.toMatch(/\d%/);
    const [tested] = screen.getAllByText(/tarafından test edildi/);
    await waitFor(() => expect(tested!.textContent).toContain('13:00'));
  });
});
