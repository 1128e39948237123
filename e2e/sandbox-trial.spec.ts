import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, expectVisible, launchBrowser, viewports } from './support/browser';
import { signUpNewClinic } from './support/new-clinic';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('"Try it first": a new clinic in sandbox mode', () => {
  it('signs up, switches to test data from onboarding, sees it said plainly on the dashboard, and switches back in Settings', async () => {
    const { context, page, consoleErrors } = await signUpNewClinic(browser);
    expect(await page.getByText('Sandbox mode is on').isVisible()).toBe(false);

    await page.goto('/onboarding');
    const trial = page.getByRole('region', { name: 'Try it first' });
    await expect.poll(() => trial.isVisible()).toBe(true);
    await trial.getByRole('button', { name: 'Try with test data' }).click();
    await expect
      .poll(() => page.getByText('Sandbox mode is on: try anything with test data.').isVisible())
      .toBe(true);
    await expect
      .poll(() => trial.getByRole('button', { name: 'Switch back to real providers' }).isVisible())
      .toBe(true);

    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL('**/dashboard');
    const notice = page.getByRole('status').filter({ hasText: 'Sandbox mode is on' });
    await expect.poll(() => notice.isVisible()).toBe(true);
    await expectVisible(notice.getByText(/never to real patients or real services/));
    await expectAccessible(page, 'dashboard in sandbox mode at 1280 px');

    await notice.getByRole('link', { name: 'Switch back in Settings' }).click();
    await page.waitForURL('**/settings');
    const card = page.getByRole('region', { name: 'Try it first' });
    await expect.poll(() => card.isVisible()).toBe(true);

    // The test provider's own values in one click: saved is "Not checked yet", tested is "Connected".
    const whatsapp = page.getByRole('region', { name: 'WhatsApp' });
    await whatsapp.getByRole('button', { name: 'Use the test WhatsApp values' }).click();
    await expect.poll(() => whatsapp.getByLabel(/^Phone number ID/).inputValue()).not.toBe('');
    await whatsapp.getByRole('button', { name: 'Save WhatsApp' }).click();
    await expectVisible(whatsapp.getByText('Not checked yet'));
    await whatsapp.getByRole('button', { name: 'Test connection' }).click();
    await expectVisible(whatsapp.getByTestId('connection-badge').getByText('Connected', { exact: true }));
    const sms = page.getByRole('region', { name: 'SMS' });
    await sms.getByRole('button', { name: 'Use the test SMS values' }).click();
    await sms.getByRole('button', { name: 'Save SMS' }).click();
    await expectVisible(sms.getByText('Not checked yet'));

    // Sample reviews from the screen: they arrive through the clinic's test Trustpilot page.
    await card.getByRole('button', { name: 'Add sample reviews' }).click();
    await expectVisible(page.getByText('3 sample reviews added: see them in Reviews.'));
    await expectAccessible(page, 'settings with test values and sample reviews at 1280 px');
    await page.goto('/reviews');
    await expectVisible(page.getByText('Emma W.').first());
    await page.goto('/settings');
    await expect.poll(() => card.isVisible()).toBe(true);
    await expectVisible(card.getByText(/removes the provider credentials saved during the trial/));
    await card.getByRole('button', { name: 'Switch back to real providers' }).click();
    await expect
      .poll(() => page.getByText(/^Back on the real providers: \d+ test credentials removed/).isVisible())
      .toBe(true);

    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL('**/dashboard');
    await expect.poll(() => page.getByRole('heading', { name: 'Dashboard' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Sandbox mode is on').count()).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('the dashboard notice works and passes axe at 375 px', async () => {
    const { context, page } = await signUpNewClinic(browser, { viewport: viewports.mobile });
    await page.goto('/settings');
    const card = page.getByRole('region', { name: 'Try it first' });
    await expect.poll(() => card.isVisible()).toBe(true);
    await card.getByRole('button', { name: 'Try with test data' }).click();
    await expect
      .poll(() => card.getByRole('button', { name: 'Switch back to real providers' }).isVisible())
      .toBe(true);
    await expectVisible(card.getByRole('button', { name: 'Add sample reviews' }));
    await expectVisible(page.getByRole('button', { name: 'Use the test WhatsApp values' }));
    await expectAccessible(page, 'settings in sandbox mode at 375 px');
    await page.goto('/dashboard');
    await expect.poll(() => page.getByText('Sandbox mode is on').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page, 'dashboard in sandbox mode at 375 px');
    await context.close();
  });
});
