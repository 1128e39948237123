import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLogin, expectAccessible, launchBrowser, newVisitor, signIn, viewports } from './support/browser';
import { callApi } from './support/page-api';
import { twilioSandboxCredentials } from './support/sandbox-credentials';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

// The demo clinic is in sandbox mode: its SMS goes to the Twilio sandbox mounted by this server
// (apps/server/src/integrations/twilio/twilio.sandbox.ts), and "Simulate patient reply" makes that
// sandbox POST a signed inbound webhook back to this server, the real inbound path.
const twilioSandbox = twilioSandboxCredentials;

async function configureSmsInSettings(page: Page) {
  await page.goto('/settings');
  const sms = page.getByRole('region', { name: 'SMS' });
  await expect.poll(() => sms.isVisible()).toBe(true);
  await sms.getByLabel(/^Account SID/).fill(twilioSandbox.accountSid);
  await sms.getByLabel(/^Auth token/).fill(twilioSandbox.authToken);
  await sms.getByLabel(/^From number/).fill(twilioSandbox.fromNumber);
  await sms.getByRole('button', { name: 'Save SMS' }).click();
  await expect.poll(() => page.getByText('SMS settings saved').first().isVisible()).toBe(true);
}

async function statValue(page: Page, label: 'Active Alerts' | 'Open Cases') {
  const stats = page.getByRole('region', { name: 'Clinic statistics' });
  await expect.poll(() => stats.isVisible()).toBe(true);
  return Number(await stats.getByLabel(label).textContent());
}

async function openDashboard(page: Page) {
  await page.goto('/dashboard');
  await expect.poll(() => page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
}

describe('messaging journey (demo clinic)', () => {
  it('send a test message, see it in Conversations, simulate a negative reply, see the alert and the case on the dashboard', async () => {
    const { context, page, consoleErrors } = await newVisitor(browser);
    await signIn(page, demoLogin.email, demoLogin.password);

    await openDashboard(page);
    const alertsBefore = await statValue(page, 'Active Alerts');
    const casesBefore = await statValue(page, 'Open Cases');

    // A patient of the demo clinic with a phone; the test message goes to that phone, so the reply
    // from it is linked back to the patient and the message.
    const me = (await callApi(page, 'GET', '/api/me')).body as { clinic: { id: string } };
    const listed = (await callApi(page, 'GET', '/api/patients?limit=100')).body as {
      patients: { id: string; name: string; phone: string | null; procedure: string | null }[];
    };
    const patient = listed.patients.find((p) => p.phone);
    if (!patient?.phone) throw new Error('the demo clinic has no patient with a phone');

    const testMessage = {
      patientId: patient.id,
      clinicId: me.clinic.id,
      treatmentType: patient.procedure ?? 'Dental Implant',
      patientPhone: patient.phone,
      daysAfterTreatment: 3,
      messageType: 'followup',
      preferredChannel: 'sms',
    };
    let sent = await callApi(page, 'POST', '/api/automation/test-message', testMessage);
    if (sent.status === 400 && JSON.stringify(sent.body).includes('preferredChannel')) {
      // SMS is not set up for the demo clinic yet: set it up as its owner would.
      await configureSmsInSettings(page);
      sent = await callApi(page, 'POST', '/api/automation/test-message', testMessage);
    }
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const answer = sent.body as { channel: string; generatedMessage: string; message: string };
    expect(answer).toMatchObject({ channel: 'sms', message: 'AI message sent via sms' });

    // Conversations: the message, with the patient's name and a sent (or delivered) badge.
    await page.goto('/conversations');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Conversations', level: 1 }).isVisible())
      .toBe(true);
    const sentList = page.getByRole('region', { name: 'Sent Messages' });
    const receivedList = page.getByRole('region', { name: 'Received Messages' });
    await page.getByLabel('Search messages').fill(patient.name);
    const entry = sentList.getByRole('listitem').filter({ hasText: answer.generatedMessage }).first();
    await expect.poll(() => entry.isVisible()).toBe(true);
    expect(await entry.textContent()).toContain(patient.name);
    expect(await entry.textContent()).toContain('SMS');
    expect(await entry.textContent()).toMatch(/Sent|Delivered/);

    // SMS Only keeps it, WhatsApp Only does not.
    await page.getByText('WhatsApp Only').click();
    await expect.poll(() => entry.isVisible()).toBe(false);
    await page.getByText('SMS Only').click();
    await expect.poll(() => entry.isVisible()).toBe(true);

    // The patient answers badly: Simulate patient reply drives the signed Twilio webhook.
    const reply = `This was terrible, I want a refund ${Date.now()}`;
    const simulate = page.getByRole('region', { name: 'Simulate patient reply' });
    await expect.poll(() => simulate.isVisible()).toBe(true);
    await simulate.getByLabel(/^Patient/).fill(patient.name);
    await page.getByRole('option').filter({ hasText: patient.phone }).first().click();
    await simulate.getByLabel(/^Reply text/).fill(reply);
    await simulate.getByRole('button', { name: 'Simulate reply' }).click();
    await expect.poll(() => page.getByText('Reply received via SMS').first().isVisible()).toBe(true);

    // Received Messages shows it, and the sent message shows the response.
    await page.getByLabel('Search messages').fill('');
    await expect
      .poll(() => receivedList.getByRole('listitem').filter({ hasText: reply }).isVisible())
      .toBe(true);
    await page.getByLabel('Search messages').fill(patient.name);
    const answered = sentList.getByRole('listitem').filter({ hasText: answer.generatedMessage }).first();
    await expect.poll(() => answered.getByText('Response received').isVisible()).toBe(true);
    expect(await answered.textContent()).toContain(reply);

    // The dashboard: one more active alert and one more open case, and Attention Required.
    await openDashboard(page);
    await expect.poll(() => statValue(page, 'Active Alerts')).toBe(alertsBefore + 1);
    expect(await statValue(page, 'Open Cases')).toBe(casesBefore + 1);
    await expect.poll(() => page.getByText('Attention Required').isVisible()).toBe(true);

    // The case itself, raised from the alert, in the Action Queue.
    const cases = (await callApi(page, 'GET', '/api/cases?status=all')).body as {
      cases: { source: string; patientId: string | null; status: string }[];
    };
    expect(
      cases.cases.some((c) => c.source === 'alert' && c.patientId === patient.id && c.status === 'open'),
    ).toBe(true);

    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('Conversations is accessible at desktop and 375 px', async () => {
    for (const viewport of [viewports.desktop, viewports.mobile]) {
      const { context, page } = await newVisitor(browser, { viewport });
      await signIn(page, demoLogin.email, demoLogin.password);
      await page.goto('/conversations');
      await expect
        .poll(() => page.getByRole('region', { name: 'Simulate patient reply' }).isVisible())
        .toBe(true);
      await expect.poll(() => page.getByText('Page 1').first().isVisible()).toBe(true);
      // Both lists have loaded (entries or their empty message).
      await expect.poll(() => page.getByRole('button', { name: 'Next' }).count()).toBe(2);
      await expectAccessible(page, `/conversations at ${viewport.width} px`);
      await context.close();
    }
  });
});
