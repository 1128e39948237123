import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, expectAccessible, launchBrowser, newVisitor, viewports } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

// The status page measures every service (none left UNKNOWN) and keeps its history.
describe('the public status page', () => {
  it('measures every service and answers 90 days of history ending today', async () => {
    const status = await (await fetch(new URL('/api/status', baseUrl()))).json();
    // The day the answer was measured on (cached up to 15 s), not this line's: at midnight they differ.
    const today = status.checkedAt.slice(0, 10);
    expect(status.services.map((s: { id: string }) => s.id)).toEqual([
      'api',
      'database',
      'job_runner',
      'review_ingestion',
      'messaging',
    ]);
    for (const service of status.services) {
      expect(service.status, service.id).not.toBe('unknown');
      expect(service.history).toHaveLength(90);
      expect(service.history.at(-1).date).toBe(today);
    }
  });

  it.each([
    ['desktop', viewports.desktop, 90],
    ['mobile', viewports.mobile, 30],
  ] as const)(
    'shows each service with its state and daily history, axe clean (%s)',
    async (name, viewport, days) => {
      const { context, page, consoleErrors } = await newVisitor(browser, { viewport, language: 'en' });
      await page.goto('/status', { waitUntil: 'networkidle' });
      const reviews = page.getByRole('img', { name: /^Review ingestion, the last 90 days:/ });
      await expect.poll(() => reviews.isVisible()).toBe(true);
      expect(await page.getByText('Unknown', { exact: true }).count()).toBe(0);
      expect(await page.getByRole('img', { name: /the last 90 days/ }).count()).toBe(5);
      // 90 days where there is room, the last 30 at 375 px.
      const visibleBars = await reviews
        .locator('[data-status]')
        .evaluateAll((bars) => bars.filter((bar) => (bar as HTMLElement).offsetWidth > 0).length);
      expect(visibleBars).toBe(days);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await expectAccessible(page, `/status ${name}`);
      expect(consoleErrors).toEqual([]);
      await context.close();
    },
  );
});
