import http from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  closeToasts,
  expectAccessible,
  expectVisible,
  launchBrowser,
  newVisitor,
  signInThroughForm,
  viewports,
} from './support/browser';
import { type NewClinic, signUpNewClinic } from './support/new-clinic';
import { upgradeToProfessional } from './support/plans';
import { thisServer } from './support/server';

// What a Professional owner manages in Settings for the public API, on one clinic signed up once:
// calls per API client (this hour, today), a client secret rotated (the new one shown once, the
// previous one still valid and its end shown), a webhook test event and a signing secret rotated
// (both secrets sign the next delivery), and the plan cancelled in the Stripe sandbox's portal at
// the period's end ("Professional until <date>"), then resumed. Axe clean at 1280 and 375 px.

type Received = { headers: http.IncomingHttpHeaders; body: string };
const received: Received[] = [];
let receiver: http.Server;
let browser: Browser;
let clinic: NewClinic;
beforeAll(async () => {
  browser = await launchBrowser();
  receiver = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) =>
    receiver.listen(thisServer().webhookReceiverPort, '127.0.0.1', resolve),
  );
});
afterAll(async () => {
  await clinic?.context.close();
  await browser?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

/** The token endpoint over HTTP, as a practice system calls it; the status and the token. */
async function tokenFor(clientId: string, clientSecret: string) {
  const res = await fetch(`${baseUrl()}/api/v1/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: clientSecret,
    }),
  });
  const body = (await res.json()) as { access_token?: string };
  return { status: res.status, token: body.access_token };
}

const verifies = (secret: string, delivery: Received) => {
  try {
    new Webhook(secret).verify(delivery.body, {
      'webhook-id': String(delivery.headers['webhook-id']),
      'webhook-timestamp': String(delivery.headers['webhook-timestamp']),
      'webhook-signature': String(delivery.headers['webhook-signature']),
    });
    return true;
  } catch {
    return false;
  }
};

/** Sends the endpoint a test event from its row and waits for the toast and the delivery. */
async function sendTestEvent(page: Page, url: string) {
  const before = received.length;
  await page.getByRole('button', { name: `Send test event to ${url}` }).click();
  const toast = page.locator('.mantine-Notification-root').first();
  await expect
    .poll(async () => ((await toast.count()) > 0 ? toast.textContent() : null), { timeout: 20_000 })
    .toMatch(/^Test event delivered/);
  await expect.poll(() => received.length).toBe(before + 1);
  await closeToasts(page);
  return received[before]!;
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

// One clinic for the file, signed up by the first test; the others follow one another on it.
describe('Settings > API and the plan, for a Professional owner', () => {
  it('a new clinic upgrades to Professional (the API and webhooks)', async () => {
    clinic = await signUpNewClinic(browser);
    await upgradeToProfessional(clinic.page);
  });

  it("an API client's calls this hour and today, and its secret rotated: the new one shown once, the previous one's end", async () => {
    const { page } = clinic;
    // An API client, its first secret read from the dialog that shows it once.
    await page.goto('/settings?tab=api');
    const create = page.getByRole('region', { name: 'New API client' });
    await expect.poll(() => create.isVisible(), { timeout: 20_000 }).toBe(true);
    await create.getByRole('textbox', { name: /^Name/ }).fill('Practice system');
    await create.getByRole('checkbox', { name: /^patients:read/ }).check();
    await create.getByRole('button', { name: 'Create client' }).click();
    const created = page.getByRole('dialog', { name: 'Client created' });
    await expect.poll(() => created.isVisible()).toBe(true);
    const clientId = await created.getByRole('textbox', { name: 'Client ID' }).inputValue();
    const firstSecret = await created.getByRole('textbox', { name: 'Client secret' }).inputValue();
    await created.getByRole('button', { name: 'I have stored the secret' }).click();

    // The practice system: a token and three calls; the row counts them (the token request is a call today).
    const { token } = await tokenFor(clientId, firstSecret);
    for (let call = 0; call < 3; call++) {
      const res = await fetch(`${baseUrl()}/api/v1/patients`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(200);
    }
    await page.reload();
    const clientRow = page.getByRole('listitem', { name: 'Practice system' });
    await expectVisible(clientRow.getByText('Calls this hour: 3 of 1,000 · today: 4'), 20_000);

    // Rotation: confirm, the new secret once, the previous one's end in the dialog and on the row.
    await clientRow.getByRole('button', { name: 'Rotate secret of Practice system' }).click();
    const confirmRotation = page.getByRole('dialog', { name: 'Rotate client secret' });
    await expect.poll(() => confirmRotation.isVisible()).toBe(true);
    await confirmRotation.getByRole('button', { name: 'Rotate secret' }).click();
    const rotated = page.getByRole('dialog', { name: 'New client secret' });
    await expect.poll(() => rotated.isVisible()).toBe(true);
    await expectVisible(rotated.getByText(/The previous secret keeps working until .+\./));
    const newSecret = await rotated.getByRole('textbox', { name: 'Client secret' }).inputValue();
    expect(newSecret).toMatch(/^cls_/);
    expect(newSecret).not.toBe(firstSecret);
    await expectAccessible(page, 'new client secret dialog (desktop)');
    await rotated.getByRole('button', { name: 'I have stored the secret' }).click();
    await expect.poll(() => rotated.count()).toBe(0);
    await expectVisible(clientRow.getByText(/^Previous secret valid until .+/));
    expect(await page.content()).not.toContain(newSecret);
    // Both secrets get tokens for now.
    expect((await tokenFor(clientId, newSecret)).status).toBe(200);
    expect((await tokenFor(clientId, firstSecret)).status).toBe(200);
    expect(clinic.consoleErrors).toEqual([]);
  });

  it('a webhook test event signed with the secret; the secret rotated, the next one signed with both', async () => {
    const { page } = clinic;
    await page.goto('/settings?tab=api');
    // A webhook endpoint at a local receiver: a test event signed with its secret.
    const url = `http://127.0.0.1:${thisServer().webhookReceiverPort}/careloop`;
    const form = page.getByRole('region', { name: 'New webhook endpoint' });
    await form.getByLabel(/^Endpoint URL/).fill(url);
    await form.getByRole('checkbox', { name: /^patient\.matched/ }).check();
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    const secretDialog = page.getByRole('dialog', { name: 'Signing secret' });
    await expect.poll(() => secretDialog.isVisible()).toBe(true);
    const firstSigning = await secretDialog.getByRole('textbox', { name: /^Signing secret/ }).inputValue();
    await secretDialog.getByRole('button', { name: 'I have stored the secret' }).click();
    await expect.poll(() => secretDialog.count()).toBe(0);
    const first = await sendTestEvent(page, url);
    expect(verifies(firstSigning, first)).toBe(true);
    expect(JSON.parse(first.body)).toMatchObject({ type: 'patient.matched' });

    // Its signing secret rotated: the next test event carries a signature by each secret.
    await page.getByRole('button', { name: `Rotate secret of ${url}` }).click();
    const confirmSigning = page.getByRole('dialog', { name: 'Rotate signing secret' });
    await expect.poll(() => confirmSigning.isVisible()).toBe(true);
    await confirmSigning.getByRole('button', { name: 'Rotate secret' }).click();
    const newSigningDialog = page.getByRole('dialog', { name: 'New signing secret' });
    await expect.poll(() => newSigningDialog.isVisible()).toBe(true);
    const newSigning = await newSigningDialog.getByRole('textbox', { name: /^Signing secret/ }).inputValue();
    expect(newSigning).not.toBe(firstSigning);
    await expectAccessible(page, 'new signing secret dialog (desktop)');
    await newSigningDialog.getByRole('button', { name: 'I have stored the secret' }).click();
    await expect.poll(() => newSigningDialog.count()).toBe(0);
    const webhookRow = page.getByRole('listitem', { name: url });
    await expectVisible(webhookRow.getByText(/^Previous signing secret also used until .+/));
    const second = await sendTestEvent(page, url);
    expect(String(second.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect([verifies(newSigning, second), verifies(firstSigning, second)]).toEqual([true, true]);
    await expectAccessible(page, '/settings?tab=api with usage and rotated secrets (desktop)');
    expect(clinic.consoleErrors).toEqual([]);
  });

  it('cancelled in the portal: "Professional until <date>" with Resume; on a phone too; resumed, the plan stays', async () => {
    const { page } = clinic;
    // Cancelled in the portal: Professional stays until the period's end, shown with Resume.
    await page.goto('/settings?tab=plan');
    await page.getByRole('button', { name: 'Manage billing' }).click();
    await page.waitForURL('**/sandbox/stripe/portal/bps_*');
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await expectVisible(page.getByText(/cancels on \d{4}-\d{2}-\d{2}/));
    await page.getByRole('link', { name: 'Return to CareLoop' }).click();
    await page.waitForURL('**/settings?tab=plan*');
    const until = page.getByText(/^Professional until .+/);
    await expectVisible(until, 20_000);
    const current = page.getByRole('article', { name: 'Professional' });
    await expectVisible(current.getByText('Current plan'));
    await expectVisible(page.getByRole('button', { name: 'Resume' }));
    await expectAccessible(page, '/settings?tab=plan cancelled at period end (desktop)');

    // The same screens on a phone: usage, the previous secrets' end, the plan's end; axe clean.
    const phone = await newVisitor(browser, { viewport: viewports.mobile });
    await signInThroughForm(phone.page, clinic.email, clinic.password);
    await phone.page.goto('/settings?tab=api');
    await expectVisible(phone.page.getByText('Calls this hour: 3 of 1,000 · today: 6'), 20_000);
    await expectVisible(phone.page.getByText(/^Previous secret valid until .+/));
    await expectVisible(phone.page.getByText(/^Previous signing secret also used until .+/));
    await expectNoSidewaysScroll(phone.page);
    await expectAccessible(phone.page, '/settings?tab=api with usage and rotated secrets (375 px)');
    await phone.page.goto('/settings?tab=plan');
    await expectVisible(phone.page.getByText(/^Professional until .+/), 20_000);
    await expectNoSidewaysScroll(phone.page);
    await expectAccessible(phone.page, '/settings?tab=plan cancelled at period end (375 px)');
    expect(phone.consoleErrors).toEqual([]);
    await phone.context.close();

    // Resumed before the period's end: the notice goes, the plan stays.
    await page.getByRole('button', { name: 'Resume' }).click();
    await expect.poll(() => until.count(), { timeout: 20_000 }).toBe(0);
    await expectVisible(current.getByText('Current plan'));
    expect(clinic.consoleErrors).toEqual([]);
  });
});
