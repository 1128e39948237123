import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripeSandboxDemo } from '../apps/server/src/integrations/stripe/stripe-sandbox-state';
import {
  baseUrl,
  demoLogin,
  expectAccessible,
  expectNoTruncatedBadges,
  expectVisible,
  launchBrowser,
  newVisitor,
  signIn,
  viewports,
} from './support/browser';
import { callApi } from './support/page-api';
import { upgradeToProfessional } from './support/plans';

// The demo owner's journey through /analytics. The advanced part needs Professional: a Starter demo
// clinic is upgraded through the Stripe sandbox for this file and cancelled after it (in the portal,
// then ended at once through the sandbox's API), so the specs that read the demo clinic on Starter
// find it as it was.

let browser: Browser;
/** The demo owner's own window, which upgrades (and afterwards cancels) the plan. */
let owner: Page;
/** The plan the demo clinic had when the file began. */
let foundTier = '';
let startedOnStarter = false;
let upgraded = false;

const tierOf = async (page: Page) =>
  (await callApi<{ clinic: { subscriptionTier: string } }>(page, 'GET', '/api/me')).body.clinic
    .subscriptionTier;

async function signedInDemoOwner(options: Parameters<typeof newVisitor>[1] = {}) {
  const visitor = await newVisitor(browser, options);
  await signIn(visitor.page, demoLogin.email, demoLogin.password);
  return visitor;
}

async function ensureProfessional() {
  if (startedOnStarter && !upgraded) {
    await upgradeToProfessional(owner);
    upgraded = true;
  }
}

/**
 * Cancels the sandbox subscription in Stripe's portal, which keeps Professional until the period's
 * end (Settings says until when), then ends it at once through the sandbox's Stripe API, as Stripe
 * does at that end: the clinic is back on Starter.
 */
async function cancelProfessional(page: Page) {
  await page.goto('/settings?tab=plan');
  await page.getByRole('button', { name: 'Manage billing' }).click();
  await page.waitForURL('**/sandbox/stripe/portal/bps_*');
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await expectVisible(page.getByRole('button', { name: 'Renew subscription' }));
  const renew = await page
    .locator('form', { has: page.getByRole('button', { name: 'Renew subscription' }) })
    .getAttribute('action');
  const subscriptionId = /\/renew\/(sub_[a-z0-9]+)$/.exec(renew ?? '')?.[1];
  expect(subscriptionId, `the portal's form ${renew}`).toBeTruthy();
  await page.goto('/settings?tab=plan');
  await expectVisible(page.getByText(/^Professional until /));
  expect(await tierOf(page)).toBe('professional');
  const ended = await fetch(`${baseUrl()}/sandbox/stripe/v1/subscriptions/${subscriptionId}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${stripeSandboxDemo.secretKey}` },
  });
  expect(ended.status).toBe(200);
  await expect.poll(() => tierOf(page)).toBe('starter');
}

const analyticsHeading = (page: Page) => page.getByRole('heading', { name: 'Analytics', level: 1 });

/**
 * The demo clinic's history fills the page: the three charts count something, no KPI card says
 * "No data", and the KPIs are compared with the period before.
 */
async function expectEveryChartWithData(page: Page) {
  for (const chart of [
    /^Reviews \(.+\): [1-9][\d,]* in total\.$/,
    /^Cases \(.+\): [1-9][\d,]* opened/,
    /^Follow-ups \(.+\): [1-9][\d,]* sent/,
  ])
    await expect.poll(() => page.getByRole('img', { name: chart }).isVisible()).toBe(true);
  await expectVisible(page.getByTestId('kpi-value-recoveryRate'));
  // Every KPI card has its number (a breakdown's cell may still be empty: a procedure without answers).
  const values = await page.locator('[data-testid^="kpi-value-"]').allTextContents();
  expect(values.length).toBeGreaterThan(10);
  expect(values.filter((value) => value.trim() === 'No data')).toEqual([]);
  expect(await page.getByText('No surveys yet', { exact: true }).count()).toBe(0);
  expect(await page.getByText(/vs\. previous period|Same as the previous period/).count()).toBeGreaterThan(3);
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page: owner } = await signedInDemoOwner());
  foundTier = await tierOf(owner);
  startedOnStarter = foundTier === 'starter';
});

afterAll(async () => {
  await owner?.context().close();
  await browser?.close();
});

describe('/analytics: the demo owner', () => {
  it('on Starter sees the first KPI row and the plan message for the rest', async () => {
    if (!startedOnStarter) return;
    await owner.getByRole('link', { name: 'Analytics' }).click();
    await owner.waitForURL('**/analytics');
    await expect.poll(() => owner.getByRole('heading', { name: 'Patient feedback' }).isVisible()).toBe(true);
    await expectVisible(owner.getByRole('article', { name: 'NPS' }));
    await expectVisible(owner.getByText('This feature requires Professional or Enterprise plan'));
    expect(await owner.getByRole('heading', { name: 'Recovery' }).count()).toBe(0);
    await expectAccessible(owner, '/analytics on Starter');
  });

  it('at 1280 px: changes the range, exports a table as CSV, and filters patients by risk from the dashboard card', async () => {
    await ensureProfessional();
    const { context, page, consoleErrors } = await signedInDemoOwner();
    await page.getByRole('link', { name: 'Analytics' }).click();
    await page.waitForURL('**/analytics');
    await expect.poll(() => analyticsHeading(page).isVisible()).toBe(true);
    for (const name of ['Patient feedback', 'Recovery', 'Reviews', 'Cases', 'Follow-ups', 'Breakdowns'])
      await expect.poll(() => page.getByRole('heading', { name, level: 2 }).isVisible()).toBe(true);
    await expectVisible(page.getByRole('img', { name: /^Reviews \(/ }));
    await expectVisible(page.getByText(/compared with .+\. Days counted in /));
    await expectEveryChartWithData(page);
    // Owners see the breakdown per case owner.
    await expectVisible(page.getByRole('heading', { name: 'By staff member (case owner)' }));
    await expectAccessible(page, '/analytics at 1280 px (30 days)');

    // Last 7 days: asked of the server, kept in the address, charted per day.
    const [answer] = await Promise.all([
      page.waitForResponse((res) => res.url().includes('/api/analytics/summary?')),
      page.getByText('Last 7 days', { exact: true }).click(),
    ]);
    expect(answer.status()).toBe(200);
    const asked = new URL(answer.url()).searchParams;
    const days = (Date.parse(asked.get('to')!) - Date.parse(asked.get('from')!)) / 86_400_000 + 1;
    expect(days).toBe(7);
    await page.waitForURL('**/analytics?range=7');
    await expect.poll(() => page.getByRole('heading', { name: 'Reviews per day' }).isVisible()).toBe(true);

    // 90 days: per week, every chart and KPI with the demo's data, each compared with the period before.
    await page.getByText('Last 90 days', { exact: true }).click();
    await page.waitForURL('**/analytics?range=90');
    await expect.poll(() => page.getByRole('heading', { name: 'Reviews per week' }).isVisible()).toBe(true);
    await expectEveryChartWithData(page);

    // Export CSV (plain, of the three layouts the menu offers): the file made in the browser starts
    // with the table's header row.
    await page.getByRole('button', { name: 'Export CSV: Follow-ups by channel' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'CSV (comma, UTF-8)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^analytics-channels-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const csv = await readFile((await download.path())!, 'utf8');
    const [header, ...rows] = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe('Channel,Sent,Delivered,Failed,Delivery rate (%),Replied,Reply rate (%),Opt-outs');
    const channels = rows.filter(Boolean).map((row) => row.split(','));
    expect(channels.map((row) => row[0])).toEqual(['WhatsApp', 'SMS']);
    // The demo's follow-ups of the last 90 days: sent on both channels, some failed, some answered.
    for (const [, sent, delivered, failed, , replied] of channels) {
      expect(Number(sent)).toBeGreaterThan(0);
      expect(Number(delivered) + Number(failed)).toBeLessThanOrEqual(Number(sent));
      expect(Number(replied)).toBeGreaterThan(0);
    }
    expect(channels.reduce((sum, row) => sum + Number(row[3]), 0)).toBeGreaterThan(0);

    // The dashboard card leads to the patients at risk, highest first.
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL('**/dashboard');
    const card = page.getByRole('region', { name: 'Patients at risk' });
    // The card's total once loaded (a number written for the locale). The demo's background jobs
    // can change who is at risk meanwhile: the list below is read on its own answer.
    const total = card.getByTestId('patients-at-risk-total');
    await expect.poll(async () => /^\d[\d,]*$/.test(((await total.textContent()) ?? '').trim())).toBe(true);
    await card.getByRole('link', { name: 'View patients at risk' }).click();
    await page.waitForURL('**/patients?risk=at_risk&sort=risk');
    expect(await page.getByRole('combobox', { name: 'Risk' }).inputValue()).toBe('At risk (high or medium)');
    expect(await page.getByRole('combobox', { name: 'Sort by' }).inputValue()).toBe('Highest risk first');
    const none = page.getByText('No patient is at this risk level.');
    const showing = page.getByText(/^Showing \d+ of \d+$/);
    await expect.poll(async () => (await none.isVisible()) || (await showing.isVisible())).toBe(true);
    const atRisk = (await none.isVisible())
      ? 0
      : Number(((await showing.textContent()) ?? '').replace(/^.* of /, '').replace(/\D/g, ''));
    if (atRisk > 0) {
      const cards = page.getByRole('article');
      const shown = await cards.count();
      expect(shown).toBeGreaterThan(0);
      // Every card shown is at high or medium risk, and its badge gives the reasons on hover (and
      // to keyboard focus, which a script's focus() is not: the reasons are also its description).
      expect(await page.getByRole('button', { name: /^(High|Medium) risk$/ }).count()).toBe(shown);
      const badge = cards.first().getByRole('button', { name: /^(High|Medium) risk$/ });
      await badge.hover();
      await expect.poll(() => page.getByRole('tooltip').isVisible()).toBe(true);
    } else {
      await expect.poll(() => page.getByText('No patient is at this risk level.').isVisible()).toBe(true);
    }
    await expectAccessible(page, '/patients filtered by risk');
    await expectNoTruncatedBadges(page, '/patients filtered by risk');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('works at 375 px: no sideways scroll, a custom range, axe clean', async () => {
    await ensureProfessional();
    const { context, page, consoleErrors } = await signedInDemoOwner({ viewport: viewports.mobile });
    await page.goto('/analytics');
    await expect.poll(() => page.getByRole('heading', { name: 'Recovery', level: 2 }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page, '/analytics at 375 px');
    // The charts' text as drawn on the phone: as large as on a desk (it was 6-7 px, a 600-unit drawing
    // scaled into the card), and the axis labels written apart, none over the next or past the edge.
    const chartText = () =>
      page.locator('svg[role="img"]').evaluateAll((charts) =>
        charts.map((chart) => {
          const drawing = chart.getBoundingClientRect();
          const boxes = [...chart.querySelectorAll('text')].map((text) => text.getBoundingClientRect());
          const axis = boxes.filter((box) => box.top > drawing.top + 200);
          axis.sort((a, b) => a.left - b.left);
          return {
            smallest: Math.min(...boxes.map((box) => box.height)),
            overlaps: axis.filter((box, i) => i > 0 && box.left < axis[i - 1]!.right).length,
            outside: boxes.filter((box) => box.left < drawing.left - 1 || box.right > drawing.right + 1)
              .length,
          };
        }),
      );
    // Drawn again once its width is measured (the first frame may still be the unmeasured drawing).
    await expect
      .poll(async () => {
        const charts = await chartText();
        return charts.length > 0 && charts.every((chart) => chart.smallest >= 11);
      })
      .toBe(true);
    for (const chart of await chartText()) {
      expect(chart.smallest, 'chart text height at 375 px').toBeGreaterThanOrEqual(11);
      expect(chart.overlaps, 'axis labels over one another').toBe(0);
      expect(chart.outside, 'chart text cut at the edge').toBe(0);
    }

    await page.getByText('Custom', { exact: true }).click();
    const form = page.getByRole('form', { name: 'Custom period' });
    const to = await form.getByLabel('To').inputValue();
    await form.getByLabel('From').fill(to);
    await form.getByLabel('To').fill('1999-01-01');
    await form.getByRole('button', { name: 'Show' }).click();
    await expectVisible(form.getByText('The end date is before the start date'));
    await form.getByLabel('To').fill(to);
    await form.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL(`**/analytics?from=${to}&to=${to}`);
    await expect.poll(() => page.getByRole('heading', { name: 'Reviews per day' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page, '/analytics at 375 px, custom range');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it.each([
    ['es', 'Analítica', 'Recuperación'],
    ['tr', 'Analitik', 'Geri kazanım'],
  ] as const)(
    'is axe clean in %s, with the dashboard card and the filtered patients',
    async (language, title, section) => {
      await ensureProfessional();
      const { context, page, consoleErrors } = await signedInDemoOwner();
      // The signed-in app speaks the account's language; the demo owner's is set back at the end.
      expect((await callApi(page, 'PUT', '/api/account/preferences', { language })).status).toBe(200);
      try {
        await page.goto('/analytics');
        await expect.poll(() => page.getByRole('heading', { name: title, level: 1 }).isVisible()).toBe(true);
        await expect
          .poll(() => page.getByRole('heading', { name: section, level: 2 }).isVisible())
          .toBe(true);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
        await expectAccessible(page, `/analytics in ${language}`);
        await page.goto('/dashboard');
        await expect.poll(() => page.getByTestId('patients-at-risk-total').isVisible()).toBe(true);
        await expectAccessible(page, `/dashboard in ${language}`);
        await page.goto('/patients?risk=at_risk&sort=risk');
        await expect.poll(() => page.getByRole('search').isVisible()).toBe(true);
        await expectAccessible(page, `/patients at risk in ${language}`);
        expect(consoleErrors).toEqual([]);
      } finally {
        await callApi(page, 'PUT', '/api/account/preferences', { language: 'en' });
      }
      await context.close();
    },
  );

  it('leaves the demo clinic on the plan it found', async () => {
    if (upgraded) await cancelProfessional(owner);
    expect(await tierOf(owner)).toBe(foundTier);
  });
});
