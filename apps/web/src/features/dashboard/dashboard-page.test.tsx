import type { MeResponse } from '@careloop/contracts';
import type { DashboardSummary } from '@careloop/contracts/dashboard';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { json, stubFetch } from '../../test/fetch-stub';
import { meAnswer } from '../../test/me-answer';
import { renderPage } from '../../test/render';
import { DashboardPage } from './dashboard-page';

beforeAll(async () => {
  await i18n.loadNamespaces('dashboard');
});

const weeks = Array.from(
  { length: 12 },
  (_, i) => `2025-0${1 + Math.floor(i / 4)}-${String(1 + (i % 4) * 7).padStart(2, '0')}`,
);

type Overrides = {
  highPriority?: number;
  highRisk?: number;
  monitoring?: Partial<DashboardSummary['system']['reviewMonitoring']>;
  digest?: Partial<DashboardSummary['system']['dailyDigest']>;
};

function buildSummary(overrides: Overrides = {}) {
  const reviewMonitoring = {
    state: 'notConfigured',
    lastSuccessAt: null,
    failingSince: null,
    failingProvider: null,
    errorCode: null,
    ...overrides.monitoring,
  } satisfies DashboardSummary['system']['reviewMonitoring'];
  return {
    patients: { total: 40, active: 31 },
    reviews: { total: 12, averageRating: 4.25 },
    cases: { open: 5, highPriority: overrides.highPriority ?? 0 },
    alerts: { active: 2, highRisk: overrides.highRisk ?? 0 },
    system: {
      reviewSourceConfigured: reviewMonitoring.state !== 'notConfigured',
      reviewMonitoring,
      dailyDigest: {
        state: 'scheduled',
        sendTime: '08:00',
        timeZone: 'Europe/Madrid',
        nextAt: '2025-03-10T07:00:00.000Z',
        recipients: 2,
        lastSentAt: null,
        ...overrides.digest,
      },
    },
    weekly: {
      reviews: weeks.map((weekStart, i) => ({ weekStart, count: i % 3, averageRating: i % 3 ? 4 : null })),
      cases: weeks.map((weekStart, i) => ({ weekStart, opened: i % 2, resolved: 1 })),
    },
  } satisfies DashboardSummary;
}

function renderDashboard(summary: DashboardSummary, me?: MeResponse) {
  stubFetch((request) => {
    if (request.path === '/api/dashboard/summary') return json(summary);
    if (request.path === '/api/me')
      return me ? json(me) : json({ error: { code: 'UNAUTHENTICATED', message: 'x' } }, 401);
    return json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
  });
  renderPage(<DashboardPage />, { path: '/dashboard' });
}

describe('DashboardPage', () => {
  it('asks for the summary and the patients at risk at once, not one after the other', async () => {
    const fetched = stubFetch((request) => {
      // The summary never comes: a request that waited for it would never be made.
      if (request.path === '/api/dashboard/summary') return new Promise<Response>(() => {});
      if (request.path === '/api/analytics/patients-at-risk') return json({ total: 3, high: 1, medium: 2 });
      return json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
    });
    renderPage(<DashboardPage />, { path: '/dashboard' });
    await waitFor(() => expect(fetched.to('/api/analytics/patients-at-risk').length).toBeGreaterThan(0));
    expect(fetched.to('/api/dashboard/summary').length).toBeGreaterThan(0);
  });

  it('says plainly while the clinic is in sandbox mode, with the way back for the owner', async () => {
    renderDashboard(buildSummary(), meAnswer({ role: 'owner', clinic: { sandboxMode: true } }));
    const notice = (await screen.findByText('Sandbox mode is on')).closest<HTMLElement>('[role="status"]')!;
    expect(notice.textContent).toContain('never to real patients or real services');
    expect(within(notice).getByRole('link', { name: 'Switch back in Settings' }).getAttribute('href')).toBe(
      '/settings',
    );
  });

  it('shows no sandbox notice for a clinic on the real providers, and no way back to staff', async () => {
    renderDashboard(buildSummary(), meAnswer({ role: 'owner', clinic: { sandboxMode: false } }));
    await screen.findByRole('region', { name: 'Clinic statistics' });
    expect(screen.queryByText('Sandbox mode is on')).toBeNull();
  });

  it('shows the four stat cards with their details', async () => {
    renderDashboard(buildSummary({ highPriority: 2, highRisk: 1 }));
    const stats = await screen.findByRole('region', { name: 'Clinic statistics' });
    expect(within(stats).getByLabelText('Total Patients').textContent).toBe('40');
    expect(stats.textContent).toContain('31 active');
    expect(within(stats).getByLabelText('Reviews').textContent).toBe('12');
    expect(stats.textContent).toContain('Average rating 4.3');
    expect(within(stats).getByLabelText('Open Cases').textContent).toBe('5');
    expect(stats.textContent).toContain('2 high priority');
    expect(within(stats).getByLabelText('Active Alerts').textContent).toBe('2');
    expect(stats.textContent).toContain('1 high risk');
  });

  it.each([
    ['en', '10,001', '10,001 active'],
    ['es', '10.001', '10.001 activos'],
  ])('writes the counts as %s does: %s', async (language, total, active) => {
    await i18n.changeLanguage(language);
    await i18n.loadNamespaces(['dashboard', 'common']);
    const summary = buildSummary();
    renderDashboard({ ...summary, patients: { total: 10_001, active: 10_001 } });
    const stats = await screen.findByRole('region', { name: i18n.t('dashboard:stats.label') });
    expect(within(stats).getByLabelText(i18n.t('dashboard:stats.patients')).textContent).toBe(total);
    expect(stats.textContent).toContain(active);
  });

  it.each([
    [0, 0, false],
    [1, 0, true],
    [0, 1, true],
  ])(
    'with %i high-priority cases and %i high-risk alerts, Attention Required shown: %s',
    async (highPriority, highRisk, shown) => {
      renderDashboard(buildSummary({ highPriority, highRisk }));
      await screen.findByRole('region', { name: 'Clinic statistics' });
      const panel = screen.queryByText('Attention Required');
      expect(panel !== null).toBe(shown);
      if (shown) {
        expect(screen.getByRole('link', { name: 'View cases' }).getAttribute('href')).toBe('/cases');
        expect(screen.getByRole('link', { name: 'View patients' }).getAttribute('href')).toBe('/patients');
      }
    },
  );

  it.each([
    [{ state: 'notConfigured' }, 'Not configured', 'No review source is connected yet.'],
    [{ state: 'pending' }, 'Waiting', 'the first sync has not run yet'],
    [{ state: 'active', lastSuccessAt: '2025-03-10T09:30:00.000Z' }, 'Active', 'Last synced Mar 10, 2025'],
    [
      {
        state: 'failing',
        lastSuccessAt: '2025-03-01T09:30:00.000Z',
        failingSince: '2025-03-08T07:05:00.000Z',
        failingProvider: 'trustpilot',
        errorCode: 'PROVIDER_AUTH_FAILED',
      },
      'Failing',
      'Sync failing since Mar 8, 2025',
    ],
  ] as const)('review monitoring %o is %s and says so', async (monitoring, state, text) => {
    renderDashboard(buildSummary({ monitoring }));
    const panel = await screen.findByRole('region', { name: 'System status' });
    const item = within(panel).getByText('Review Monitoring').closest('li')!;
    expect(within(item).getByText(state)).toBeTruthy();
    expect(item.textContent).toContain(text);
    if (monitoring.state === 'failing') {
      expect(item.textContent).toContain('Trustpilot did not accept the credentials.');
      expect(within(item).getByRole('link', { name: 'Check in Settings' }).getAttribute('href')).toBe(
        '/settings',
      );
    }
    const setUp = within(item).queryByRole('link', { name: 'Set up in Settings' });
    expect(setUp !== null).toBe(monitoring.state === 'notConfigured');
  });

  it.each([
    {
      language: 'en',
      timeZone: 'Europe/Istanbul',
      monitoring: { state: 'active', lastSuccessAt: '2025-03-10T22:30:00.000Z' },
      text: 'Last synced Mar 11, 2025, 1:30 AM.',
    },
    {
      language: 'es',
      timeZone: 'Europe/Madrid',
      monitoring: {
        state: 'failing',
        lastSuccessAt: '2025-03-01T09:30:00.000Z',
        failingSince: '2025-03-08T23:05:00.000Z',
        failingProvider: 'google',
        errorCode: 'PROVIDER_AUTH_FAILED',
      },
      text: 'La sincronización falla desde 9 mar 2025, 0:05:',
    },
    {
      language: 'tr',
      timeZone: 'Europe/Istanbul',
      monitoring: { state: 'active', lastSuccessAt: '2025-03-10T22:30:00.000Z' },
      text: 'Son senkronizasyon 11 Mar 2025 01:30.',
    },
  ] as const)(
    "$language: review monitoring's times are on the clinic's clock ($timeZone), like the digest's",
    async ({ language, timeZone, monitoring, text }) => {
      await i18n.changeLanguage(language);
      await i18n.loadNamespaces(['dashboard', 'common']);
      try {
        renderDashboard(buildSummary({ monitoring, digest: { timeZone } }));
        const panel = await screen.findByRole('region', { name: i18n.t('dashboard:system.title') });
        const item = within(panel).getByText(i18n.t('dashboard:system.reviewMonitoring.name')).closest('li')!;
        expect(item.textContent).toContain(text);
      } finally {
        await i18n.changeLanguage('en');
      }
    },
  );

  it('shows the daily digest as scheduled at 08:00 clinic time, with its last send', async () => {
    renderDashboard(buildSummary({ digest: { lastSentAt: '2025-03-09T07:00:00.000Z' } }));
    const panel = await screen.findByRole('region', { name: 'System status' });
    const digest = within(panel).getByText('Daily Digest').closest('li')!;
    expect(within(digest).getByText('Scheduled')).toBeTruthy();
    expect(digest.textContent).toContain('E-mailed daily at 08:00 (Europe/Madrid) to 2 owners and admins');
    expect(digest.textContent).toContain('Last sent Mar 9, 2025');
    // One zone on the line: 07:00 UTC is 08:00 in Madrid, whatever the reader's own clock says.
    expect(digest.textContent).toContain('next Mar 10, 2025, 8:00');
    expect(digest.textContent).toContain('Last sent Mar 9, 2025, 8:00');
  });

  it.each([
    {
      language: 'es',
      timeZone: 'Europe/Madrid',
      nextAt: '2025-03-10T07:00:00.000Z',
      lastSentAt: '2025-03-09T07:00:00.000Z',
      line: 'Se envía cada día a las 08:00 (Europe/Madrid) a 2 propietarios y administradores; el próximo, 10 mar 2025, 8:00.',
      last: 'Último envío: 9 mar 2025, 8:00.',
    },
    {
      language: 'tr',
      timeZone: 'Europe/Istanbul',
      nextAt: '2025-03-10T05:00:00.000Z',
      lastSentAt: '2025-03-09T05:00:00.000Z',
      line: 'Her gün 08:00 (Europe/Istanbul) saatinde 2 sahip ve yöneticiye gönderilir; sonraki: 10 Mar 2025 08:00.',
      last: 'Son gönderim: 9 Mar 2025 08:00.',
    },
  ])(
    "$language: the digest line names one zone, the clinic's, and every time on it is in that zone",
    async ({ language, timeZone, nextAt, lastSentAt, line, last }) => {
      await i18n.changeLanguage(language);
      await i18n.loadNamespaces(['dashboard', 'common']);
      try {
        renderDashboard(buildSummary({ digest: { timeZone, nextAt, lastSentAt } }));
        const panel = await screen.findByRole('region', { name: i18n.t('dashboard:system.title') });
        const digest = within(panel).getByText(i18n.t('dashboard:system.dailyDigest.name')).closest('li')!;
        expect(digest.textContent).toContain(line);
        expect(digest.textContent).toContain(last);
        expect(digest.textContent).not.toMatch(/UTC|GMT|07:00|05:00/);
      } finally {
        await i18n.changeLanguage('en');
      }
    },
  );

  it('shows the daily digest as off when no owner or admin receives it', async () => {
    renderDashboard(buildSummary({ digest: { state: 'off', recipients: 0 } }));
    const panel = await screen.findByRole('region', { name: 'System status' });
    const digest = within(panel).getByText('Daily Digest').closest('li')!;
    expect(within(digest).getByText('Off')).toBeTruthy();
    expect(digest.textContent).toContain('Every owner and admin has turned the daily e-mail off.');
    expect(
      within(digest).getByRole('link', { name: 'Turn it on in your account' }).getAttribute('href'),
    ).toBe('/account/security');
  });

  it('draws both charts as images with a text summary, and links the quick actions', async () => {
    renderDashboard(buildSummary());
    const charts = await screen.findAllByRole('img');
    const names = charts.map((chart) => chart.getAttribute('aria-label'));
    expect(names).toContain(
      'Reviews per week over the last 12 weeks: 12 reviews in total, average rating 4.0.',
    );
    expect(names).toContain('Cases per week over the last 12 weeks: 6 opened and 12 resolved.');
    // The reviews chart's right axis is not a lone '5': it is the rating's scale, on the
    // gridlines like the count's, with its unit; the cases chart has none.
    const [reviewsChart, casesChart] = charts;
    const ratingScale = [...reviewsChart!.querySelectorAll('text[data-axis="line"]')];
    expect(ratingScale.map((text) => text.textContent)).toEqual(['0★', '2.5★', '5★']);
    const gridlines = [...reviewsChart!.querySelectorAll('line')].map((l) => Number(l.getAttribute('y1')));
    expect(ratingScale.map((text) => Number(text.getAttribute('y')) - 4)).toEqual(gridlines);
    expect(casesChart!.querySelectorAll('text[data-axis="line"]')).toHaveLength(0);
    const actions = screen.getByRole('region', { name: 'Quick actions' });
    const hrefs = within(actions)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['/patients', '/cases', '/reviews', '/settings']);
  });
});
