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

describe('/monitoring (spec 2 §7)', () => {
  it("shows the clinic's own page loads as the browser reported them, logs Refresh, and opens the Debug Panel", async () => {
    const { context, page, consoleErrors } = await signUpNewClinic(browser);
    // The dashboard load is reported by the web app itself (page_load_time, one second after load).
    await page.goto('/monitoring');
    await expect
      .poll(() => page.getByRole('heading', { name: 'System Monitoring', level: 1 }).isVisible())
      .toBe(true);
    const errors = page.getByRole('region', { name: 'Errors (last 24 hours)' });
    await expect.poll(() => errors.getByText('Healthy', { exact: true }).isVisible()).toBe(true);
    await expectVisible(page.getByText('No credential checks yet', { exact: false }));
    await expectVisible(page.getByText('No critical security events.'));
    await expectAccessible(page, '/monitoring at 1280 px');

    const loads = page.getByRole('region', { name: 'Page loads (last hour)' });
    const activity = page.getByRole('region', { name: 'User activity (last hour)' });
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: 'Refresh' }).click();
          return (
            (await loads.getByText(/^Average load time: \d+ ms$/).isVisible()) &&
            (await activity.getByText(/^Monitoring refreshed: \d+$/).isVisible())
          );
        },
        { interval: 1_000 },
      )
      .toBe(true);
    expect(
      await loads
        .getByText(/^(Fast|Acceptable|Slow)$/)
        .first()
        .isVisible(),
    ).toBe(true);

    await page.getByLabel('Debug Panel').check();
    const debug = page.getByRole('region', { name: 'Debug information' });
    await expect.poll(() => debug.getByText('Auto-refresh: every 30 seconds').isVisible()).toBe(true);
    await expectVisible(debug.getByText(/"generatedAt"/));
    await expectAccessible(page, '/monitoring with the Debug Panel');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('works and passes axe at 375 px', async () => {
    const { context, page } = await signUpNewClinic(browser, { viewport: viewports.mobile });
    await page.goto('/monitoring');
    await expect
      .poll(() => page.getByRole('heading', { name: 'System Monitoring', level: 1 }).isVisible())
      .toBe(true);
    await expect.poll(() => page.getByRole('region', { name: 'Credential health' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page, '/monitoring at 375 px');
    await context.close();
  });
});
