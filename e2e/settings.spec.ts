import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeToasts,
  demoLogin,
  expectAccessible,
  expectVisible,
  launchBrowser,
  newVisitor,
  signIn,
  viewports,
} from './support/browser';
import { signUpNewClinic } from './support/new-clinic';
import { waitForMailLink } from './support/outbox';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const visible = (page: Page, text: string | RegExp) => () => page.getByText(text).first().isVisible();

/** axe reads a toast mid-animation as low contrast: close the toasts first. */
async function expectAccessibleWithoutToasts(page: Page, label: string) {
  await closeToasts(page);
  await expectAccessible(page, label);
}
const limitMessage = 'Template Limit Reached - Upgrade to Professional to add more than 3 templates';

async function openSettings(page: Page, tab = '') {
  await page.goto(`/settings${tab}`);
  // The first visit loads the page's chunk and four namespaces; a busy 2-core machine can be slow.
  await expect.poll(() => page.getByRole('heading', { name: 'Settings', level: 1 }).isVisible()).toBe(true);
}

describe('clinic settings', () => {
  it('a starter clinic: live validation, channels saved, plan gates, an invitation; axe clean', async () => {
    const { context, page, consoleErrors } = await signUpNewClinic(browser);
    await openSettings(page);

    // WhatsApp: a short token is refused as typed, and Save is blocked while it shows.
    const whatsapp = page.getByRole('region', { name: 'WhatsApp' });
    await expect.poll(() => whatsapp.isVisible()).toBe(true);
    const token = whatsapp.getByLabel(/^Access token/);
    await token.fill(`EAA${'x'.repeat(60)}`);
    await expect.poll(visible(page, 'Token appears to be too short')).toBe(true);
    const saveWhatsApp = whatsapp.getByRole('button', { name: 'Save WhatsApp' });
    expect(await saveWhatsApp.isDisabled()).toBe(true);
    await token.fill(`EAA${'x'.repeat(97)}`);
    await whatsapp.getByLabel(/^Phone number ID/).fill('106540352242922');
    await expect.poll(() => saveWhatsApp.isEnabled()).toBe(true);
    await saveWhatsApp.click();
    await expect.poll(visible(page, 'WhatsApp settings saved')).toBe(true);
    await expect.poll(() => whatsapp.getByText('Not checked yet', { exact: true }).isVisible()).toBe(true);

    // SMS: a 33-character SID is refused, 34 is accepted.
    const sms = page.getByRole('region', { name: 'SMS' });
    const accountSid = sms.getByLabel(/^Account SID/);
    await accountSid.fill(`AC${'1'.repeat(31)}`);
    await expect.poll(visible(page, 'SID must be exactly 34 characters')).toBe(true);
    const saveSms = sms.getByRole('button', { name: 'Save SMS' });
    expect(await saveSms.isDisabled()).toBe(true);
    await accountSid.fill(`AC${'1'.repeat(32)}`);
    await sms.getByLabel(/^Auth token/).fill('a'.repeat(32));
    await sms.getByLabel(/^From number/).fill('+14155552671');
    await expect.poll(() => saveSms.isEnabled()).toBe(true);
    await saveSms.click();
    await expect.poll(visible(page, 'SMS settings saved')).toBe(true);
    await expect.poll(() => sms.getByText('Not checked yet', { exact: true }).isVisible()).toBe(true);

    // AI review response is not on the starter plan.
    const ai = page.getByRole('region', { name: 'AI review response' });
    await expectVisible(ai.getByText('Premium Feature'));
    await expectVisible(ai.getByText('This feature requires Professional or Enterprise plan'));
    expect(await ai.getByRole('link', { name: 'Upgrade your plan' }).getAttribute('href')).toBe(
      '/settings?tab=plan',
    );
    await expectAccessibleWithoutToasts(page, '/settings (clinic, desktop)');

    // Templates: three fit the starter plan, the fourth is refused with the spec's message.
    await page.getByRole('tab', { name: 'Message templates' }).click();
    await page.waitForURL('**/settings?tab=templates');
    const add = page.getByRole('button', { name: /^Add template: / });
    await expect.poll(() => add.count()).toBeGreaterThanOrEqual(3);
    for (let i = 0; i < 3; i++) await add.nth(i).click();
    await expect.poll(visible(page, '3 of 3 templates used')).toBe(true);
    expect(await page.getByText(limitMessage).count()).toBe(0);
    await page.getByRole('button', { name: 'Add Custom Template' }).click();
    await expect.poll(visible(page, limitMessage)).toBe(true);
    await page.getByRole('button', { name: 'Save templates' }).click();
    await expect.poll(visible(page, 'Templates saved')).toBe(true);
    await page.reload();
    await expect.poll(visible(page, '3 of 3 templates used')).toBe(true);
    await expectAccessibleWithoutToasts(page, '/settings?tab=templates (desktop)');

    // Team: the owner invites a colleague; the invitation is pending and the mail arrives.
    await page.getByRole('tab', { name: 'Team' }).click();
    const invitee = `e2e-colleague-${randomBytes(4).toString('hex')}@test.careloop.local`;
    await page.getByRole('textbox', { name: /^Email/ }).fill(invitee);
    await page.getByRole('combobox', { name: 'Role', exact: true }).selectOption('admin');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect.poll(visible(page, 'Invitation sent')).toBe(true);
    const pending = page.getByRole('listitem', { name: invitee });
    await expect.poll(() => pending.isVisible()).toBe(true);
    await expectVisible(pending.getByText('Pending'));
    expect(await waitForMailLink(invitee, '/signup?invitation=')).toContain('/signup?invitation=');
    await expectAccessibleWithoutToasts(page, '/settings?tab=team (desktop)');
    // The same address twice: the server's refusal is shown.
    await page.getByRole('textbox', { name: /^Email/ }).fill(invitee);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect.poll(visible(page, 'This address has already been invited')).toBe(true);

    expect(consoleErrors.filter((e) => !e.includes('409'))).toEqual([]);
    await context.close();
  });

  it('Test connection reaches the sandbox providers (the demo clinic is in sandbox mode)', async () => {
    const { context, page } = await newVisitor(browser);
    await signIn(page, demoLogin.email, demoLogin.password);
    await openSettings(page);
    const sandboxNotice = 'Sandbox mode: connections use the test providers.';
    await expect.poll(visible(page, sandboxNotice)).toBe(true);

    // Typed values are tested, not saved: the demo clinic keeps its configuration.
    const whatsapp = page.getByRole('region', { name: 'WhatsApp' });
    await whatsapp.getByLabel(/^Access token/).fill(`EAA${'SandboxDemoToken'.repeat(7)}`);
    await whatsapp.getByLabel(/^Phone number ID/).fill('106540352242922');
    await whatsapp.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(visible(page, 'Connection successful')).toBe(true);
    await whatsapp.getByLabel(/^Access token/).fill(`EAA${'WrongToken'.repeat(11)}`);
    await whatsapp.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(visible(page, 'Connection failed')).toBe(true);
    // Why, in the reader's words; WhatsApp's own ("Invalid OAuth access token") stay in the log.
    await expect.poll(visible(page, /WhatsApp did not accept the credentials/)).toBe(true);

    // Toasts close after 4 s: wait for the WhatsApp one to go before reading the SMS answer.
    await expect.poll(visible(page, 'Connection successful')).toBe(false);
    const sms = page.getByRole('region', { name: 'SMS' });
    await sms.getByLabel(/^Account SID/).fill(`AC${'5a1d'.repeat(8)}`);
    await sms.getByLabel(/^Auth token/).fill('sandbox0demo0auth0token0000000000');
    await sms.getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(visible(page, 'Connection successful')).toBe(true);
    await context.close();
  });

  it('API tab: the clinic API clients, locked below Professional with the plan message; axe clean', async () => {
    const { context, page, consoleErrors } = await newVisitor(browser);
    await signIn(page, demoLogin.email, demoLogin.password);
    await openSettings(page);
    await page.getByRole('tab', { name: 'API' }).click();
    await page.waitForURL('**/settings?tab=api');
    const clients = page.getByRole('region', { name: 'API clients' });
    await expect.poll(() => clients.isVisible()).toBe(true);
    await expectVisible(clients.getByText('No API clients yet.'));
    await expect.poll(visible(page, 'This feature requires Professional or Enterprise plan')).toBe(true);
    expect(await page.getByRole('button', { name: 'Create client' }).count()).toBe(0);
    await expectAccessible(page, '/settings?tab=api (desktop)');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('is usable and axe clean at 375 px', async () => {
    const { context, page } = await newVisitor(browser, { viewport: viewports.mobile });
    await signIn(page, demoLogin.email, demoLogin.password);
    for (const tab of ['', '?tab=templates', '?tab=team', '?tab=api']) {
      await openSettings(page, tab);
      await expect.poll(() => page.getByRole('tablist').isVisible()).toBe(true);
      await expect.poll(() => page.getByRole('region').first().isVisible()).toBe(true);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `horizontal overflow on /settings${tab}`).toBeLessThanOrEqual(0);
      await expectAccessible(page, `/settings${tab} (375 px)`);
    }
    await context.close();
  });
});
