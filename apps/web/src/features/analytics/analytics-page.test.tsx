import type { MeResponse } from '@careloop/contracts';
import type { AnalyticsSummaryResponse } from '@careloop/contracts/analytics';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n';
import { json, stubFetch } from '../../test/fetch-stub';
import { meAnswer } from '../../test/me-answer';
import { renderPage } from '../../test/render';
import { AnalyticsPage } from './analytics-page';
import { daysBetween, todayIn } from './analytics-range';
import { buildStarterSummary, buildSummary, emptyHeadline } from './testing/summary-builder';

beforeAll(async () => {
  await i18n.loadNamespaces(['analytics', 'patients', 'plans']);
});

type Answer = AnalyticsSummaryResponse | { status: number; code: string };

function showAnalytics(answers: Answer[], { role = 'owner' as MeResponse['role'], url = '/analytics' } = {}) {
  let call = 0;
  const network = stubFetch((request) => {
    if (request.path === '/api/me') return json(meAnswer({ role, clinic: { timeZone: 'Europe/Madrid' } }));
    if (request.path === '/api/analytics/summary') {
      const answer = answers[Math.min(call++, answers.length - 1)]!;
      return 'status' in answer
        ? json({ error: { code: answer.code, message: 'x' } }, answer.status)
        : json(answer);
    }
    return json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
  });
  const page = renderPage(<AnalyticsPage />, { path: '/analytics', url });
  return { ...page, network, summaryRequests: () => network.to('/api/analytics/summary') };
}

// Intl writes periods with thin spaces around the dash: compare with plain spaces.
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u2009\u202f]/g, ' ');
const kpiValue = (key: string) => screen.getByTestId(`kpi-value-${key}`).textContent;

describe('AnalyticsPage', () => {
  it("asks for the last 30 days of the clinic's calendar and shows every section with the previous period", async () => {
    const { summaryRequests } = showAnalytics([buildSummary()]);
    await screen.findByRole('heading', { name: 'Recovery', level: 2 });
    const [request] = summaryRequests();
    const from = request!.search.get('from')!;
    const to = request!.search.get('to')!;
    expect(to).toBe(todayIn('Europe/Madrid'));
    expect(daysBetween(from, to)).toBe(30);

    expect(plain(screen.getByText(/compared with/).textContent)).toBe(
      'Oct 30 – Nov 28, 2026, compared with Sep 30 – Oct 29, 2026. Days counted in Europe/Madrid.',
    );
    for (const name of ['Patient feedback', 'Recovery', 'Reviews', 'Cases', 'Follow-ups', 'Breakdowns'])
      expect(screen.getByRole('heading', { name, level: 2 })).toBeTruthy();

    // NPS +40 of 20 answers, up 40 points from 0; the response rate 50% (20 of 40).
    expect(kpiValue('nps')).toBe('+40');
    const nps = screen.getByRole('article', { name: 'NPS' });
    expect(nps.textContent).toContain('20 responses');
    expect(nps.textContent).toContain('+40 vs. previous period (better)');
    expect(nps.textContent).toContain('12 promoters');
    expect(kpiValue('surveyResponseRate')).toBe('50%');
    // Recovery 3 of 5 (60%) against 3 of 10 (30%): 30 points better.
    expect(kpiValue('recoveryRate')).toBe('60%');
    expect(screen.getByRole('article', { name: 'Recovery rate' }).textContent).toContain(
      '3 of 5 unhappy patients won back',
    );
    expect(screen.getByRole('article', { name: 'Recovery rate' }).textContent).toContain(
      '+30 pts vs. previous period (better)',
    );
    // First reply 5.5 h against 11 h: fewer hours is better.
    expect(kpiValue('firstReplyHours')).toBe('5.5 hr');
    expect(screen.getByRole('article', { name: 'Time to first reply' }).textContent).toContain(
      '-5.5 hr vs. previous period (better)',
    );
    // Open cases: 4 now, by severity.
    expect(screen.getByRole('article', { name: 'Open cases' }).textContent).toContain(
      'High 1 · Medium 2 · Low 1',
    );
  });

  it('explains each KPI on hover or focus, and to screen readers through the button’s description', async () => {
    showAnalytics([buildSummary()]);
    const info = await screen.findByRole('button', { name: 'How Recovery rate is counted' });
    expect(info.getAttribute('aria-describedby')).toBeTruthy();
    const description = document.getElementById(info.getAttribute('aria-describedby')!);
    expect(description?.textContent).toContain('the share whose case was resolved and who afterwards gave');
    info.focus();
    expect((await screen.findByRole('tooltip')).textContent).toContain('1-3 star review');
  });

  it('draws the charts with a summary in words for screen readers', async () => {
    showAnalytics([buildSummary()]);
    const reviews = await screen.findByRole('img', { name: /^Reviews \(/ });
    expect(plain(reviews.getAttribute('aria-label'))).toBe('Reviews (Oct 30 – Nov 28, 2026): 30 in total.');
    expect(screen.getByRole('heading', { name: 'Cases opened and resolved per day' })).toBeTruthy();
    expect(
      screen.getByRole('img', { name: /^Follow-ups \(.+\): 45 sent, 30 delivered, 10 replies\.$/ }),
    ).toBeTruthy();
  });

  it('changes the range: the last 7 days are asked for and kept in the address', async () => {
    const user = userEvent.setup();
    const { router, summaryRequests } = showAnalytics([buildSummary()]);
    await screen.findByRole('heading', { name: 'Recovery', level: 2 });
    await user.click(screen.getByRole('radio', { name: 'Last 7 days' }));
    await waitFor(() => expect(summaryRequests()).toHaveLength(2));
    const request = summaryRequests()[1]!;
    expect(daysBetween(request.search.get('from')!, request.search.get('to')!)).toBe(7);
    expect(router.state.location.search).toBe('?range=7');
  });

  it('checks a custom range before asking: an end before the start is said at the field, nothing is sent', async () => {
    const user = userEvent.setup();
    const { router, summaryRequests } = showAnalytics([buildSummary()]);
    await screen.findByRole('heading', { name: 'Recovery', level: 2 });
    await user.click(screen.getByRole('radio', { name: 'Custom' }));
    const form = screen.getByRole('form', { name: 'Custom period' });
    fireEvent.change(within(form).getByLabelText('From'), { target: { value: '2026-03-10' } });
    fireEvent.change(within(form).getByLabelText('To'), { target: { value: '2026-03-01' } });
    await user.click(within(form).getByRole('button', { name: 'Show' }));
    expect(within(form).getByText('The end date is before the start date')).toBeTruthy();
    expect(summaryRequests()).toHaveLength(1);

    fireEvent.change(within(form).getByLabelText('To'), { target: { value: '2026-03-31' } });
    await user.click(within(form).getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(summaryRequests()).toHaveLength(2));
    expect(summaryRequests()[1]!.search.toString()).toBe('from=2026-03-10&to=2026-03-31');
    expect(router.state.location.search).toBe('?from=2026-03-10&to=2026-03-31');
  });

  it('refuses a custom range from the address that is too long, without asking the server', async () => {
    const { summaryRequests } = showAnalytics([buildSummary()], {
      url: '/analytics?from=2024-01-01&to=2025-06-30',
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a period of at most 366 days');
    expect(summaryRequests()).toHaveLength(0);
  });

  it('shows Starter the first row and the plan message for the rest', async () => {
    showAnalytics([buildStarterSummary()]);
    await screen.findByRole('heading', { name: 'Patient feedback', level: 2 });
    expect(kpiValue('nps')).toBe('+40');
    expect(screen.getByText('This feature requires Professional or Enterprise plan')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/settings?tab=plan');
    expect(screen.queryByRole('heading', { name: 'Recovery' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Export CSV/ })).toBeNull();
  });

  it('says "No surveys yet" rather than showing zeros while no survey was sent', async () => {
    const summary = buildSummary({ headline: { current: emptyHeadline, previous: emptyHeadline } });
    showAnalytics([summary]);
    await screen.findByRole('heading', { name: 'Patient feedback', level: 2 });
    expect(kpiValue('nps')).toBe('No surveys yet');
    expect(kpiValue('surveyResponseRate')).toBe('No surveys yet');
    expect(screen.getByText(/^No surveys yet: no patient was sent a survey in this period/)).toBeTruthy();
  });

  it('shows staff no staff breakdown (the server sends none)', async () => {
    const summary = buildSummary();
    showAnalytics([{ ...summary, breakdowns: { ...summary.breakdowns!, perStaff: null } }], {
      role: 'staff',
    });
    await screen.findByRole('region', { name: 'By procedure' });
    expect(screen.queryByRole('region', { name: 'By staff member (case owner)' })).toBeNull();
  });

  it('shows owners the breakdown per case owner, with the cases nobody owns', async () => {
    showAnalytics([buildSummary()]);
    const staff = await screen.findByRole('region', { name: 'By staff member (case owner)' });
    expect(within(staff).getByRole('cell', { name: 'Ana Owner' })).toBeTruthy();
    expect(within(staff).getByRole('cell', { name: 'No owner' })).toBeTruthy();
    expect(within(staff).getByRole('cell', { name: '48.3 hr' })).toBeTruthy();
  });

  it.each([
    [
      'CSV (comma, UTF-8)',
      'utf-8',
      [
        '\uFEFFProcedure,Follow-ups sent,NPS,Survey responses,1-3 star reviews,Cases opened,Recovery rate (%)',
        'Dental Implant,25,40,12,2,5,66.7',
        `"'=HYPERLINK(""http://evil"")",15,,0,0,4,`,
      ],
    ],
    [
      'CSV for Excel in Spanish (semicolon, decimal comma, Windows-1252)',
      'windows-1252',
      [
        'Procedure;Follow-ups sent;NPS;Survey responses;1-3 star reviews;Cases opened;Recovery rate (%)',
        'Dental Implant;25;40;12;2;5;66,7',
        `"'=HYPERLINK(""http://evil"")";15;;0;0;4;`,
      ],
    ],
    [
      'CSV for Excel in Turkish (semicolon, decimal comma, Windows-1254)',
      'windows-1254',
      [
        'Procedure;Follow-ups sent;NPS;Survey responses;1-3 star reviews;Cases opened;Recovery rate (%)',
        'Dental Implant;25;40;12;2;5;66,7',
        `"'=HYPERLINK(""http://evil"")";15;;0;0;4;`,
      ],
    ],
  ])('exports a table as formula-safe %s, shares in percent', async (layout, encoding, lines) => {
    const user = userEvent.setup();
    const files: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      files.push(blob as Blob);
      return 'blob:analytics';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const summary = buildSummary();
    const [implant, unrecorded] = summary.breakdowns!.perProcedure;
    showAnalytics([
      {
        ...summary,
        breakdowns: {
          ...summary.breakdowns!,
          perProcedure: [implant!, { ...unrecorded!, procedure: '=HYPERLINK("http://evil")' }],
        },
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Export CSV: By procedure' }));
    // happy-dom has no layout, so floating-ui may hide the placed dropdown (language-switcher.test.tsx).
    fireEvent.click(await screen.findByRole('menuitem', { name: layout, hidden: true }));
    expect(files).toHaveLength(1);
    // ignoreBOM keeps the byte-order mark in the text, so the test sees whether it was written.
    const text = new TextDecoder(encoding, { ignoreBOM: true }).decode(await files[0]!.arrayBuffer());
    expect(text.split('\r\n')).toEqual([...lines, '']);
  });

  it('shows the error with a way to try again, and the figures once it works', async () => {
    const user = userEvent.setup();
    showAnalytics([{ status: 500, code: 'INTERNAL' }, buildSummary()]);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load the analytics');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Recovery', level: 2 })).toBeTruthy();
  });

  it('says plainly when nothing happened in the period', async () => {
    const summary = buildSummary();
    const quiet = {
      ...summary.advanced!.current,
      reviews: { ...summary.advanced!.current.reviews, total: { count: 0, averageRating: null } },
      cases: { ...summary.advanced!.current.cases, opened: 0, resolved: 0 },
      followUps: { ...summary.advanced!.current.followUps, sent: 0 },
      recoveryRate: { numerator: 0, denominator: 0, rate: null },
    };
    showAnalytics([{ ...summary, advanced: { ...summary.advanced!, current: quiet } }]);
    expect(await screen.findByText(/^Nothing happened in this period yet/)).toBeTruthy();
  });

  it('writes numbers and dates for the reader’s language', async () => {
    await i18n.loadLanguages('tr');
    await i18n.changeLanguage('tr');
    await i18n.loadNamespaces(['analytics', 'patients', 'plans']);
    showAnalytics([buildSummary()]);
    await screen.findByRole('heading', { name: 'Geri kazanım', level: 2 });
    expect(kpiValue('recoveryRate')).toBe('%60');
    expect(kpiValue('firstReplyHours')?.replace(/\s/g, ' ')).toBe('5,5 sa.');
    expect(screen.getByText(/Günler Europe\/Madrid saat dilimine göre sayılır\./)).toBeTruthy();
  });
});
