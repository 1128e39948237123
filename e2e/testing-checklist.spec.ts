import { readFile } from 'node:fs/promises';
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

describe('/testing-checklist (spec 2 §2)', () => {
  it('opens from the sidebar; ticks are saved per clinic with the tester; Export Report downloads the markdown', async () => {
    const { context, page, consoleErrors } = await signUpNewClinic(browser);
    await page.getByRole('link', { name: 'Testing Checklist' }).click();
    await page.waitForURL('**/testing-checklist');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Testing Checklist', level: 1 }).isVisible())
      .toBe(true);
    const summary = page.getByRole('region', { name: 'Checklist summary' });
    await expect.poll(() => summary.getByText('0 of 12 completed').isVisible()).toBe(true);
    await expectVisible(summary.getByText('Not Ready'));
    expect(
      await page.getByText('The app is not ready for launch: 6 critical tests remain.').isVisible(),
    ).toBe(true);
    await expectAccessible(page, '/testing-checklist at 1280 px');

    // Tick every critical case: Ready, and the warning goes.
    for (const title of [
      'Sign up, confirm the e-mail and sign in',
      'Add and edit a patient',
      'Send a test follow-up message',
      'A patient opts out by replying STOP',
      "One clinic cannot see another clinic's data",
      'Review sync from Trustpilot or Google',
    ]) {
      const box = page.getByRole('checkbox', { name: `Passed: ${title}` });
      await box.click();
      await expect.poll(() => box.isChecked()).toBe(true);
      await expect
        .poll(() =>
          page
            .getByRole('article', { name: new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
            .getByText(/^Tested .* by /)
            .isVisible(),
        )
        .toBe(true);
    }
    await expect.poll(() => summary.getByText('Ready', { exact: true }).isVisible()).toBe(true);
    await expectVisible(summary.getByText('6 of 6 passed'));
    expect(await page.getByText('Production Readiness Warning').count()).toBe(0);

    // Notes are saved too, and everything survives a reload.
    const optOut = page.getByRole('article', { name: /A patient opts out by replying STOP/ });
    await optOut.getByLabel('Notes').fill('STOP confirmed through the Twilio sandbox');
    await optOut.getByRole('button', { name: 'Save notes' }).click();
    await expect.poll(() => page.getByText('Notes saved').first().isVisible()).toBe(true);
    await page.reload();
    await expect.poll(() => summary.getByText('6 of 12 completed').isVisible()).toBe(true);
    expect(await optOut.getByLabel('Notes').inputValue()).toBe('STOP confirmed through the Twilio sandbox');

    // Category filter.
    await page.getByRole('button', { name: 'Mobile', exact: true }).click();
    await expect.poll(() => page.getByRole('article').count()).toBe(1);
    await page.getByRole('button', { name: 'All Tests' }).click();
    await expect.poll(() => page.getByRole('article').count()).toBe(12);

    // The pre-launch list has seven local ticks.
    const preLaunch = page.getByRole('region', { name: 'Pre-Launch Final Checklist' });
    expect(await preLaunch.getByRole('checkbox').count()).toBe(7);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export Report' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^testing-report-\d{4}-\d{2}-\d{2}\.md$/);
    const report = await readFile((await download.path())!, 'utf8');
    expect(report).toContain('# CareLoop Testing Report');
    expect(report).toContain('- Ready Status: Ready');
    expect(report).toContain('**Notes:** STOP confirmed through the Twilio sandbox');
    await expect.poll(() => page.getByText('Test report generated').first().isVisible()).toBe(true);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('works and passes axe at 375 px', async () => {
    const { context, page } = await signUpNewClinic(browser, { viewport: viewports.mobile });
    await page.goto('/testing-checklist');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Testing Checklist', level: 1 }).isVisible())
      .toBe(true);
    await expect.poll(() => page.getByRole('article').count()).toBe(12);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await expectAccessible(page, '/testing-checklist at 375 px');
    await context.close();
  });
});
