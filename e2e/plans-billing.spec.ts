import { planPrices } from '@careloop/domain/plans';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectAccessible,
  expectVisible,
  launchBrowser,
  newVisitor,
  signIn,
  viewports,
} from './support/browser';
import { signUpNewClinic } from './support/new-clinic';
import { callApi } from './support/page-api';
import { calculatorPrice, centsIn, pricingPagePrice, upgradeDialogPrice } from './support/price-bar';
import { twilioSandboxCredentials } from './support/sandbox-credentials';

// Plans and billing: a new starter clinic sends 180 SMS (90 % of its 200-message allowance), the
// upgrade dialog opens on every width until "Remind me later" (kept for the user on the server, so
// no other session reopens it); the owner upgrades through the
// Stripe sandbox's Checkout, whose signed webhook makes the clinic professional, unlocking the AI
// review response. On the way, a bar check: /pricing, the cost calculator, the upgrade dialog and
// Checkout show the same Professional price, itemised the same way (ADR 018).

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Sends `count` test SMS through the Twilio sandbox, ten at a time, as the page itself. */
async function sendTestSms(page: Page, count: number) {
  const me = (await callApi(page, 'GET', '/api/me')).body as { clinic: { id: string } };
  const created = await callApi(page, 'POST', '/api/patients', {
    name: 'Usage Patient',
    phone: '+14155550123',
    procedure: 'Dental Implant',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const patientId = (created.body as { id: string }).id;
  const message = {
    patientId,
    clinicId: me.clinic.id,
    treatmentType: 'Dental Implant',
    patientPhone: '+14155550123',
    daysAfterTreatment: 3,
    messageType: 'followup',
    preferredChannel: 'sms',
  };
  for (let sent = 0; sent < count; sent += 10) {
    const batch = await page.evaluate(
      async ({ message, n }) =>
        Promise.all(
          Array.from({ length: n }, () =>
            fetch('/api/automation/test-message', {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(message),
            }).then((r) => r.status),
          ),
        ),
      { message, n: Math.min(10, count - sent) },
    );
    expect(
      batch.every((status) => status === 200),
      String(batch),
    ).toBe(true);
  }
}

const dialogOf = (page: Page) => page.getByRole('dialog', { name: "You're approaching your usage limit" });

describe('usage, the upgrade dialog and a plan change through Stripe (sandbox)', () => {
  it('opens the dialog at 90 % on 1280 and 375 px, and upgrades through Stripe Checkout to unlock the AI review response', async () => {
    const clinic = await signUpNewClinic(browser);
    const { page } = clinic;
    expect((await callApi(page, 'POST', '/api/sandbox/clinic/sandbox-mode', {})).status).toBe(200);
    const sms = await callApi(page, 'PUT', '/api/settings/sms', {
      provider: 'twilio',
      accountSid: twilioSandboxCredentials.accountSid,
      authToken: twilioSandboxCredentials.authToken,
      fromNumber: twilioSandboxCredentials.fromNumber,
    });
    expect(sms.status, JSON.stringify(sms.body)).toBe(200);

    // 179 of 200: no dialog yet.
    await sendTestSms(page, 179);
    const usage = (await callApi(page, 'GET', '/api/usage')).body as {
      usagePercent: number;
      showUpgradePrompt: boolean;
    };
    expect(usage).toMatchObject({ usagePercent: 89.5, showUpgradePrompt: false });
    await page.goto('/settings?tab=plan');
    await expect
      .poll(() => page.getByText('89.5% of your monthly message allowance used').isVisible())
      .toBe(true);
    expect(await dialogOf(page).count()).toBe(0);
    await expectAccessible(page, '/settings?tab=plan (desktop)');

    // The 180th: 90 %, the dialog opens.
    await sendTestSms(page, 1);
    await page.goto('/dashboard');
    const dialog = dialogOf(page);
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expectVisible(dialog.getByText('90% of your monthly message allowance used'));
    await expectVisible(dialog.getByText('180 of 0'));
    await expectVisible(dialog.getByText('SMS Add-on Bundle'));
    await expectVisible(dialog.getByText('Professional', { exact: true }));
    await expectAccessible(page, 'upgrade dialog (desktop)');

    // The price bar: every surface shows Professional's one price, itemised the same way.
    const inDialog = await upgradeDialogPrice(dialog);
    const visitor = await newVisitor(browser);
    const onPricing = await pricingPagePrice(visitor.page);
    const inCalculator = await calculatorPrice(visitor.page);
    expect(visitor.consoleErrors).toEqual([]);
    await visitor.context.close();
    const professional = planPrices.professional;
    for (const shown of [onPricing, inCalculator, inDialog]) {
      expect(shown).toEqual({
        totalCents: professional.totalCents,
        itemisation: `$${professional.platformCents / 100} platform + $${professional.messagingBundleCents / 100} included messaging`,
      });
    }

    // On a phone, the same owner sees it too, and "Remind me later" keeps it closed.
    const phone = await newVisitor(browser, { viewport: viewports.mobile });
    await signIn(phone.page, clinic.email, clinic.password);
    const phoneDialog = dialogOf(phone.page);
    await expect.poll(() => phoneDialog.isVisible()).toBe(true);
    await expectAccessible(phone.page, 'upgrade dialog (mobile)');
    await phoneDialog.getByRole('button', { name: 'Remind me later' }).click();
    await expect.poll(() => phoneDialog.count()).toBe(0);
    await phone.page.reload();
    await expect.poll(() => phone.page.getByRole('heading', { name: 'Dashboard' }).isVisible()).toBe(true);
    await phone.page.waitForLoadState('networkidle');
    expect(await phoneDialog.count()).toBe(0);
    await phone.page.goto('/settings?tab=plan');
    await expect.poll(() => phone.page.getByRole('heading', { name: 'Plans' }).isVisible()).toBe(true);
    await expectAccessible(phone.page, '/settings?tab=plan (mobile)');
    expect(phone.consoleErrors).toEqual([]);
    await phone.context.close();

    // Starter: the AI review response is locked.
    await page.goto('/settings');
    const ai = page.getByRole('region', { name: 'AI review response' });
    await expect.poll(() => ai.getByText('Premium Feature').isVisible()).toBe(true);

    // Dismissed once for this user, kept on the server: the desktop session does not get it back.
    await page.goto('/dashboard');
    await expectVisible(page.getByRole('heading', { name: 'Dashboard' }));
    await page.waitForLoadState('networkidle');
    expect(await dialog.count()).toBe(0);

    // Upgrade from Settings > Plan: Stripe Checkout (sandbox), Pay, back to Settings as professional.
    await page.goto('/settings?tab=plan');
    const professionalCard = page.getByRole('article', { name: 'Professional' });
    await expectVisible(professionalCard.getByTestId('plan-price'));
    expect(centsIn(await professionalCard.getByTestId('plan-price').textContent())).toBe(
      planPrices.professional.totalCents,
    );
    await professionalCard.getByRole('button', { name: 'Upgrade to Professional' }).click();
    await page.waitForURL('**/sandbox/stripe/checkout/cs_test_*');
    const checkoutLine = page.getByText(/^CareLoop Professional: \$[\d,.]+ per month$/);
    await expectVisible(checkoutLine);
    expect(centsIn(await checkoutLine.textContent())).toBe(professional.totalCents);
    const payButton = page.getByRole('button', { name: /^Pay \$/ });
    expect(centsIn(await payButton.textContent())).toBe(professional.totalCents);
    await payButton.click();
    await page.waitForURL('**/settings?tab=plan&checkout=success*');
    await expect.poll(() => page.getByText('Payment received').isVisible()).toBe(true);
    const current = page.getByRole('article', { name: 'Professional' });
    await expect.poll(() => current.getByText('Current plan').isVisible()).toBe(true);
    await expectVisible(page.getByRole('button', { name: 'Manage billing' }));
    await expectAccessible(page, '/settings?tab=plan after checkout (desktop)');

    // Professional: the AI review response form replaces the notice, and saves.
    await page.goto('/settings');
    await expect.poll(() => ai.getByRole('switch').first().isVisible()).toBe(true);
    expect(await ai.getByText('Premium Feature').count()).toBe(0);
    expect((await callApi(page, 'GET', '/api/usage')).body).toMatchObject({
      plan: 'professional',
      showUpgradePrompt: false,
    });

    // The customer portal lists the invoice.
    await page.goto('/settings?tab=plan');
    await page.getByRole('button', { name: 'Manage billing' }).click();
    await page.waitForURL('**/sandbox/stripe/portal/bps_*');
    const invoice = page.getByText(/ paid/);
    await expectVisible(invoice);
    expect(centsIn(await invoice.textContent())).toBe(professional.totalCents);
    expect(clinic.consoleErrors).toEqual([]);
    await clinic.context.close();
  });
});
