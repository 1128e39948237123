import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  demoLogin,
  expectAccessible,
  launchBrowser,
  newVisitor,
  signIn,
  viewports,
} from './support/browser';
import { twilioSandboxCredentials } from './support/sandbox-credentials';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

// The demo clinic is in sandbox mode: the Twilio sandbox's demo credentials
// (`twilioSandboxDemo`, apps/server/src/integrations/twilio/twilio.sandbox.ts) open only the fake.
const sandboxTwilio = twilioSandboxCredentials;

const toast = (page: Page, text: string | RegExp) => page.getByText(text).first();

/** Configures SMS as the owner would in /settings, when the demo clinic has none yet. */
async function configureSms(page: Page) {
  await page.goto('/settings');
  const sms = page.getByRole('region', { name: 'SMS', exact: true });
  await expect.poll(() => sms.isVisible()).toBe(true);
  await sms.getByLabel(/^From number/).fill(sandboxTwilio.fromNumber);
  await sms.getByLabel(/^Account SID/).fill(sandboxTwilio.accountSid);
  await sms.getByLabel(/^Auth token/).fill(sandboxTwilio.authToken);
  await sms.getByRole('button', { name: 'Save SMS' }).click();
  await expect.poll(() => toast(page, 'SMS settings saved').isVisible()).toBe(true);
}

async function sendTestMessage(page: Page): Promise<'sent' | 'failed'> {
  await page.goto('/followup-automation');
  const send = page.getByRole('button', { name: 'Send test message' });
  await expect.poll(() => send.isVisible()).toBe(true);
  await page.getByRole('combobox', { name: /^Patient/ }).click();
  await page.getByRole('option').first().click();
  const phone = page.getByRole('textbox', { name: /^Patient phone/ });
  if ((await phone.inputValue()) === '') await phone.fill('+14155550123');
  const treatment = page.getByRole('textbox', { name: /^Treatment type/ });
  if ((await treatment.inputValue()) === '') await treatment.fill('Dental implant');
  await page.getByRole('combobox', { name: /^Preferred channel/ }).click();
  await page.getByRole('option', { name: 'SMS' }).click();
  await send.click();
  const sent = toast(page, /^AI message sent via /);
  const failed = toast(page, 'Failed to send follow-up message');
  await expect.poll(async () => (await sent.isVisible()) || (await failed.isVisible())).toBe(true);
  return (await sent.isVisible()) ? 'sent' : 'failed';
}

describe('AI Follow-Up Automation (demo clinic)', () => {
  it('saves Automation Settings, sends a test message, and is accessible at desktop and 375 px', async () => {
    const { context, page, consoleErrors } = await newVisitor(browser);
    await signIn(page, demoLogin.email, demoLogin.password);

    // Automation Settings: change the cross-sell delay and save.
    await page.goto('/followup-automation?tab=settings');
    const delay = page.getByRole('textbox', { name: /^Cross-sell delay/ });
    await expect.poll(() => delay.isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('heading', { name: 'Setup Instructions' }).isVisible()).toBe(true);
    await expectAccessible(page, '/followup-automation?tab=settings (desktop)');
    const nextDelay = (await delay.inputValue()) === '45' ? '46' : '45';
    await delay.fill(nextDelay);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect
      .poll(() => toast(page, 'Success - Automation settings saved successfully').isVisible())
      .toBe(true);
    await page.reload();
    await expect
      .poll(() => page.getByRole('textbox', { name: /^Cross-sell delay/ }).inputValue())
      .toBe(nextDelay);

    // Test Messaging: one real message through the SMS sandbox.
    let outcome = await sendTestMessage(page);
    if (outcome === 'failed') {
      await configureSms(page);
      outcome = await sendTestMessage(page);
    }
    expect(outcome).toBe('sent');
    expect((await page.getByTestId('generated-message').textContent())?.length).toBeGreaterThan(10);
    await expectAccessible(page, '/followup-automation (desktop)');

    // Production Setup: the real webhook URLs of this deployment.
    await page.goto('/followup-automation?tab=production');
    const callback = page.getByRole('textbox', { name: 'Callback URL', exact: true });
    await expect.poll(() => callback.isVisible()).toBe(true);
    // PUBLIC_URL of this run's server (e2e/support/global-setup.ts) and the demo clinic's id.
    expect(await callback.inputValue()).toMatch(new RegExp(`^${baseUrl()}/api/webhooks/whatsapp/cln_\\w+$`));
    await expectAccessible(page, '/followup-automation?tab=production (desktop)');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('fits a 375 px phone with no horizontal scroll and stays accessible', async () => {
    const { context, page } = await newVisitor(browser, { viewport: viewports.mobile });
    await signIn(page, demoLogin.email, demoLogin.password);
    for (const tab of ['', '?tab=settings', '?tab=systemTest', '?tab=production']) {
      await page.goto(`/followup-automation${tab}`);
      await expect
        .poll(() => page.getByRole('heading', { name: 'AI Follow-Up Automation' }).isVisible())
        .toBe(true);
      await expect.poll(() => page.getByRole('tab').first().isVisible()).toBe(true);
      if (tab === '?tab=systemTest') {
        await page.getByRole('button', { name: 'Run System Test' }).click();
        await expect.poll(() => toast(page, /All Tests Passed|Test\(s\) Failed/).isVisible()).toBe(true);
      }
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `horizontal overflow on ${tab || 'test'}`).toBeLessThanOrEqual(0);
      await expectAccessible(page, `/followup-automation${tab} (375 px)`);
    }
    await context.close();
  });
});
