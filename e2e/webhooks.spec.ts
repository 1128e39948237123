import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeToasts,
  expectAccessible,
  expectVisible,
  launchBrowser,
  newVisitor,
  signIn,
  viewports,
} from './support/browser';
import { signUpNewClinic } from './support/new-clinic';
import { upgradeToProfessional } from './support/plans';

// Settings > API > Webhooks: a Professional clinic's owner adds an endpoint, is
// refused a private address, sees the signing secret once, opens the delivery log and turns the
// endpoint off; axe clean at 1280 and 375 px. Nothing is delivered: the clinic has no events.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const visible = (page: Page, text: string | RegExp) => () => page.getByText(text).first().isVisible();

describe('webhook endpoints in Settings > API', () => {
  it('a Professional owner adds, inspects and turns off an endpoint; private targets refused; axe clean', async () => {
    const clinic = await signUpNewClinic(browser);
    const { page } = clinic;

    await upgradeToProfessional(page);

    await page.goto('/settings?tab=api');
    const webhooks = page.getByRole('region', { name: 'Webhooks' });
    await expect.poll(() => webhooks.isVisible()).toBe(true);
    await expectVisible(webhooks.getByText('No webhook endpoints yet.'));
    const form = page.getByRole('region', { name: 'New webhook endpoint' });

    // The cloud metadata address is refused, with the reason under the field.
    await form.getByLabel(/^Endpoint URL/).fill('http://169.254.169.254/latest/meta-data/');
    await form.getByRole('checkbox', { name: /^case\.resolved/ }).check();
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    await expect
      .poll(visible(page, 'This URL points to a private, loopback or link-local address'))
      .toBe(true);

    // A public address (never called here: the clinic has no events).
    await form.getByLabel(/^Endpoint URL/).fill('https://93.184.216.34/careloop/webhooks');
    await form.getByLabel(/^Description/).fill('Practice system');
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    const secretDialog = page.getByRole('dialog', { name: 'Signing secret' });
    await expect.poll(() => secretDialog.isVisible()).toBe(true);
    const secret = await secretDialog.getByRole('textbox', { name: /^Signing secret/ }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    await expectAccessible(page, 'webhook signing secret dialog (desktop)');
    await secretDialog.getByRole('button', { name: 'I have stored the secret' }).click();
    await expect.poll(() => secretDialog.count()).toBe(0);

    const row = webhooks.getByRole('listitem', { name: 'https://93.184.216.34/careloop/webhooks' });
    await expect.poll(() => row.isVisible()).toBe(true);
    await expectVisible(row.getByText('case.resolved'));
    await expectVisible(row.getByText('Active'));
    // The secret is not on the page any more, nor in what the API lists.
    expect(await page.content()).not.toContain(secret);

    await row.getByRole('button', { name: /^Delivery log of/ }).click();
    const log = page.getByRole('dialog', { name: 'Delivery log' });
    await expect.poll(visible(page, 'Nothing has been sent to this endpoint yet.')).toBe(true);
    await expectAccessible(page, 'webhook delivery log (desktop)');
    await page.keyboard.press('Escape');
    await expect.poll(() => log.count()).toBe(0);

    await row.getByRole('button', { name: 'Turn off' }).click();
    await expect.poll(() => row.getByText('Turned off', { exact: true }).isVisible()).toBe(true);
    await closeToasts(page);
    await expectAccessible(page, '/settings?tab=api with webhooks (desktop)');
    // The refused private address is the one 400 the browser logs.
    expect(clinic.consoleErrors.filter((line) => !line.includes('status of 400'))).toEqual([]);
    expect(clinic.consoleErrors.filter((line) => line.includes('status of 400'))).toHaveLength(1);

    // The same tab on a phone: no horizontal overflow, axe clean.
    const phone = await newVisitor(browser, { viewport: viewports.mobile });
    await signIn(phone.page, clinic.email, clinic.password);
    await phone.page.goto('/settings?tab=api');
    const phoneRow = phone.page.getByRole('listitem', { name: 'https://93.184.216.34/careloop/webhooks' });
    await expect.poll(() => phoneRow.isVisible()).toBe(true);
    const overflow = await phone.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(phone.page, '/settings?tab=api with webhooks (375 px)');
    expect(phone.consoleErrors).toEqual([]);
    await phone.context.close();
    await clinic.context.close();
  });
});
