import { calculateCost, defaultCostCalculatorInput } from '@careloop/domain/cost-calculator';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  demoLogin,
  expectAccessible,
  expectVisible,
  launchBrowser,
  newVisitor,
  signIn,
  viewports,
} from './support/browser';
import { openPublicRoute as open } from './support/public-routes';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('/docs API Reference', () => {
  it.each([
    ['desktop', viewports.desktop],
    ['mobile', viewports.mobile],
  ] as const)(
    'at %s lists the operations of the OpenAPI document it links, with scopes and fields, axe clean',
    async (_name, viewport) => {
      const { context, page, consoleErrors } = await newVisitor(browser, { viewport, language: 'en' });
      await open(page, '/docs', 'Documentation');
      await page.getByRole('tab', { name: 'API Reference' }).click();
      const token = page.getByRole('heading', { level: 3, name: '/api/v1/oauth/token' });
      await expect.poll(() => token.isVisible()).toBe(true);
      await expect.poll(() => page.getByText('Scope: reviews:read').isVisible()).toBe(true);
      const doc = await (await page.request.get('/api/v1/openapi.json')).json();
      const operations = Object.values(doc.paths as Record<string, object>).flatMap((m) => Object.keys(m));
      expect(await page.getByRole('heading', { level: 3 }).filter({ hasText: '/api/v1/' }).count()).toBe(
        operations.length,
      );
      await expectAccessible(page, `/docs API Reference @ ${viewport.width}px`);
      expect(consoleErrors).toEqual([]);
      await context.close();
    },
  );
});

describe('/docs Quick Start and Webhooks', () => {
  it.each([
    ['desktop', viewports.desktop],
    ['mobile', viewports.mobile],
  ] as const)(
    "at %s show this server's address in the examples (pre-rendered and hydrated alike) and every event, axe clean",
    async (_name, viewport) => {
      const { context, page, consoleErrors } = await newVisitor(browser, { viewport, language: 'en' });
      await open(page, '/docs', 'Documentation');
      const token = page.getByLabel('Get an access token with curl');
      await expect.poll(() => token.textContent()).toContain(`curl -X POST ${baseUrl()}/api/v1/oauth/token`);
      await expect
        .poll(() => page.getByLabel('Node.js: create a patient and list it').textContent())
        .toContain(`baseUrl: '${baseUrl()}'`);
      await expectAccessible(page, `/docs Quick Start @ ${viewport.width}px`);
      await page.getByRole('tab', { name: 'Webhooks' }).click();
      await expect.poll(() => page.getByLabel('Node.js: verify a delivery').isVisible()).toBe(true);
      const doc = await (await page.request.get('/api/v1/openapi.json')).json();
      expect(await page.getByRole('heading', { level: 4 }).count()).toBe(Object.keys(doc.webhooks).length);
      await expectAccessible(page, `/docs Webhooks @ ${viewport.width}px`);
      expect(consoleErrors).toEqual([]);
      await context.close();
    },
  );
});

describe('enterprise contact dialog on /pricing', () => {
  it('enables Submit only once the four required fields are filled, then confirms and closes', async () => {
    const { context, page, consoleErrors } = await newVisitor(browser, { language: 'en' });
    await open(page, '/pricing', 'Choose Your Plan');
    await page.getByRole('button', { name: 'Contact Sales' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Contact Enterprise Sales' });
    await expect.poll(() => dialog.isVisible()).toBe(true);

    const submit = dialog.getByRole('button', { name: 'Submit Request' });
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: /^Contact name/ }).fill('Ana Demo');
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: /^Contact email/ }).fill('ana.demo@test.careloop.local');
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByRole('textbox', { name: /^Company name/ }).fill('Demo Clinic Group');
    expect(await submit.isDisabled()).toBe(true);
    // Optional fields do not enable it.
    await dialog.getByRole('textbox', { name: /^Current solution/ }).fill('Spreadsheets');
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByRole('combobox', { name: /^Estimated monthly volume/ }).selectOption('50,000-100,000');
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await dialog.getByRole('radio', { name: /Growth/ }).check();

    const stored = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/api/'));
    await submit.click();
    expect((await stored).ok()).toBe(true);
    await expect.poll(() => page.getByText('Request Submitted Successfully!').isVisible()).toBe(true);
    await expect.poll(() => dialog.isVisible()).toBe(false);

    // Reopened, the dialog is empty again.
    await page.getByRole('button', { name: 'Contact Sales' }).first().click();
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByRole('textbox', { name: /^Contact name/ }).inputValue()).toBe('');
    expect(await dialog.getByRole('button', { name: 'Submit Request' }).isDisabled()).toBe(true);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('the open dialog has no serious or critical axe violation', async () => {
    const { context, page } = await newVisitor(browser, { language: 'en' });
    await open(page, '/pricing', 'Choose Your Plan');
    await page.getByRole('button', { name: 'Contact Sales' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Contact Enterprise Sales' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expectAccessible(page, '/pricing with the enterprise dialog open');
    await context.close();
  });
});

describe('cost calculator', () => {
  const usd = (cents: number) =>
    new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(cents / 100);
  const count = (value: number) => new Intl.NumberFormat('en-US').format(value);
  const projected = (e: ReturnType<typeof calculateCost>) =>
    `${count(e.totalMessages)} (${count(e.projectedWhatsApp)} WhatsApp, ${count(e.projectedSms)} SMS)`;
  /** The value next to an output label in the estimate card. */
  const output = (page: Page, label: string) =>
    page
      .getByRole('region', { name: 'Monthly estimate' })
      .locator('div', { has: page.getByText(label, { exact: true }) })
      .last()
      .locator('p')
      .last();

  it('shows the defaults and recomputes when the patient count changes', async () => {
    const { context, page, consoleErrors } = await newVisitor(browser, { language: 'en' });
    await open(page, '/cost-calculator', 'Advanced Message Cost Calculator');

    // Defaults: 100 patients, 3 messages, 70% WhatsApp, starter, US/Canada.
    expect(defaultCostCalculatorInput).toMatchObject({
      patients: 100,
      messagesPerPatient: 3,
      whatsappSharePercent: 70,
      plan: 'starter',
      region: 'us_canada',
    });
    const patients = page.getByRole('textbox', { name: /^Patients per month/ });
    expect(await patients.inputValue()).toBe('100');
    expect(await page.getByRole('textbox', { name: /^Messages per patient/ }).inputValue()).toBe('3');
    // The only slider; located without a name because its thumb has none (an axe finding on this route).
    const slider = page.getByRole('slider');
    expect(await slider.getAttribute('aria-valuenow')).toBe('70');
    await expectVisible(page.getByText('WhatsApp share: 70% (the rest by SMS)'));
    expect(await page.getByRole('radio', { name: /^Starter/ }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: 'US/Canada' }).isChecked()).toBe(true);

    const before = calculateCost(defaultCostCalculatorInput);
    expect(await output(page, 'Projected messages').textContent()).toBe(projected(before));
    expect(await output(page, 'Total per month').textContent()).toBe(usd(before.totalCostCents));

    // 2,000 patients: the outputs follow the domain's calculator.
    await patients.fill('2000');
    const after = calculateCost({ ...defaultCostCalculatorInput, patients: 2000 });
    expect(after.totalCostCents).not.toBe(before.totalCostCents);
    await expect.poll(() => output(page, 'Total per month').textContent()).toBe(usd(after.totalCostCents));
    expect(await output(page, 'Projected messages').textContent()).toBe(projected(after));
    expect(await output(page, 'Projected overage').textContent()).toBe(
      `${count(after.overageMessages)} messages`,
    );
    expect(await output(page, 'Overage cost').textContent()).toBe(usd(after.overageCostCents));
    expect(await page.getByText('Patient Limit Exceeded').isVisible()).toBe(after.exceedsPatientLimit);

    // A region change moves the overage cost too.
    await page.getByText('EU', { exact: true }).click();
    const eu = calculateCost({ ...defaultCostCalculatorInput, patients: 2000, region: 'eu' });
    await expect.poll(() => output(page, 'Total per month').textContent()).toBe(usd(eu.totalCostCents));
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('demo request on /demo', () => {
  it('submits and shows the confirmation', async () => {
    const { context, page, consoleErrors } = await newVisitor(browser, { language: 'en' });
    await open(page, '/demo', 'Book a Demo');
    await page.getByRole('textbox', { name: /^First Name/ }).fill('Ana');
    await page.getByRole('textbox', { name: /^Last Name/ }).fill('Demo');
    await page.getByRole('textbox', { name: /^Email Address/ }).fill('ana.demo@test.careloop.local');
    await page.getByRole('textbox', { name: /^Clinic\/Practice Name/ }).fill('Demo Dental Clinic');
    await page.getByRole('combobox', { name: /^Type of Practice/ }).selectOption('dental');
    await page.getByRole('combobox', { name: /^Team Size/ }).selectOption('6-15');
    await page.getByRole('textbox', { name: /^What would you like to see/ }).fill('Review recovery.');
    await page.getByRole('button', { name: 'Book My Demo' }).click();
    await expect
      .poll(() => page.getByRole('status').getByText('Your demo request is in').isVisible())
      .toBe(true);
    expect(await page.getByRole('button', { name: 'Book My Demo' }).count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('a path no page serves', () => {
  it('answers 404: Not found in the public layout for a visitor, in the app shell once signed in', async () => {
    // Without JavaScript: the status and the pre-rendered page.
    const raw = await fetch(new URL('/no-such-page', baseUrl()));
    expect(raw.status).toBe(404);
    expect(await raw.text()).toContain('Page not found');

    const { context, page } = await newVisitor(browser, { language: 'en' });
    const notFound = () => page.getByRole('heading', { level: 1, name: 'Page not found', exact: true });
    const visited = await page.goto('/no-such-page', { waitUntil: 'networkidle' });
    expect(visited?.status()).toBe(404);
    await expect.poll(() => notFound().isVisible()).toBe(true);
    expect(await page.title()).toBe('Page not found | CareLoop');
    await expectVisible(page.getByRole('navigation', { name: 'Main', exact: true }).first());
    await expectAccessible(page, '/no-such-page signed out');

    await signIn(page, demoLogin.email, demoLogin.password);
    const signedIn = await page.goto('/no-such-page', { waitUntil: 'networkidle' });
    expect(signedIn?.status()).toBe(404);
    await expect.poll(() => notFound().isVisible()).toBe(true);
    await expectVisible(page.getByRole('button', { name: 'Sign Out' }).first());
    expect(await page.getByRole('navigation', { name: 'Main', exact: true }).count()).toBe(0);
    await expectAccessible(page, '/no-such-page signed in');
    await context.close();
  });
});

// Below its first screen, the pre-rendered landing page hydrates near the viewport, so the first
// load carries less JavaScript.
describe('the landing page below its first screen', () => {
  const deferredChunk = /\/assets\/landing-below-the-fold-[^/]*\.js$/;

  it('loads its code only when scrolled near, and a tap that comes first still opens the answer', async () => {
    const { context, page, consoleErrors } = await newVisitor(browser, {
      viewport: viewports.mobile,
      language: 'es',
    });
    const requested: string[] = [];
    page.on('request', (request) => {
      if (deferredChunk.test(request.url())) requested.push(request.url());
    });
    await page.goto('/es', { waitUntil: 'networkidle' });
    const question = page.locator('button[data-accordion-control]').first();
    expect(await question.getAttribute('aria-expanded')).toBe('false');
    expect(requested, 'nothing below the first screen loads before a scroll').toEqual([]);

    // Playwright scrolls the question into view and taps it at once, before its code is in.
    await question.click();
    await expect.poll(() => question.getAttribute('aria-expanded')).toBe('true');
    expect(requested).toHaveLength(1);
    await question.click();
    await expect.poll(() => question.getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('html').getAttribute('lang')).toBe('es');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('renders at once when the page is opened from another page', async () => {
    const { context, page, consoleErrors } = await newVisitor(browser, {
      viewport: viewports.mobile,
      language: 'en',
    });
    await page.goto('/pricing', { waitUntil: 'networkidle' });
    await page.locator('header a[href="/"]').first().click();
    await page.waitForURL((url) => url.pathname === '/');
    const question = page.locator('button[data-accordion-control]').first();
    await expect.poll(() => question.isVisible()).toBe(true);
    await question.click();
    await expect.poll(() => question.getAttribute('aria-expanded')).toBe('true');
    expect(await page.locator('#pricing').count()).toBe(1);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
