import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launchBrowser, viewports } from './support/browser';
import { signUpNewClinic } from './support/new-clinic';
import { callApi } from './support/page-api';
import { twilioSandboxCredentials } from './support/sandbox-credentials';

// A new clinic in Madrid, set up as its owner would, sends a Spanish patient
// a Spanish follow-up inside Madrid's sending window (09:00-20:00 Madrid), an English patient an
// English one, a cross-sell goes only to the patient who consented to marketing, and "Baja" gets a
// Spanish confirmation and stops further sends. The clock is the
// sandbox's (POST /api/sandbox/automation/run plans and sends as at a chosen instant), so nothing
// here depends on today's date or time: the dates are fixed, in March 2026, when Madrid is UTC+1.

let browser: Browser;
const tmpFiles: string[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  for (const file of tmpFiles) fs.rmSync(file, { force: true });
});

type RunResult = { planned: number; skipped: number; claimed: number; sent: number; failed: number };

/** The planner and the sender, as they would run at `at` (the sandbox's clock). */
async function runAutomationAt(page: Page, at: string): Promise<RunResult> {
  const res = await callApi(page, 'POST', '/api/sandbox/automation/run', { at });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as RunResult;
}

/** The clinic's export: semicolons, Latin-1, a language and a marketing-consent column. */
function writePatientsCsv(): string {
  const lines = [
    'Nombre;Apellidos;Teléfono;Fecha tratamiento;Tratamiento;Idioma;Consentimiento marketing',
    'María;García López;612 34 56 78;02/03/2026;Implante dental;es;sí',
    'John;Smith;699 11 22 33;02/03/2026;Dental implant;en;no',
    'Carmen;Ruiz Soto;611 22 33 44;02/03/2026;Implante dental;es;sí',
  ];
  const file = path.join(os.tmpdir(), `careloop-e2e-madrid-${process.pid}-${Date.now()}.csv`);
  fs.writeFileSync(file, Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1'));
  tmpFiles.push(file);
  return file;
}

const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name });

/** Onboarding step 1 with Spanish and Europe/Madrid, SMS only through the Twilio sandbox. */
async function onboardInMadrid(page: Page) {
  await page.getByRole('link', { name: 'Start setup' }).click();
  await page.waitForURL('**/onboarding');
  await expect.poll(() => stepHeading(page, 'Clinic Profile').isVisible()).toBe(true);
  await page.getByRole('textbox', { name: /^Phone/ }).fill('+34 912 345 678');
  await page.getByRole('combobox', { name: /^Category/ }).click();
  await page.getByRole('option', { name: 'Dental' }).click();
  await page.getByRole('combobox', { name: /^Default language/ }).click();
  await page.getByRole('option', { name: 'Spanish' }).click();
  await page.getByRole('combobox', { name: /^Time zone/ }).selectOption('Europe/Madrid');
  await page.getByRole('combobox', { name: /^Country/ }).selectOption('ES');
  await expectAccessible(page, 'onboarding step 1 (desktop)');
  const next = page.getByRole('button', { name: 'Next' });
  await expect.poll(() => next.isEnabled()).toBe(true);
  await next.click();
  await expect.poll(() => stepHeading(page, 'WhatsApp Setup').isVisible()).toBe(true);
  await page.getByRole('button', { name: "Skip: I'll use SMS only" }).click();
  await expect.poll(() => stepHeading(page, 'SMS Setup').isVisible()).toBe(true);
  await page.getByRole('textbox', { name: /^Account SID/ }).fill(twilioSandboxCredentials.accountSid);
  await page.getByLabel(/^Auth token/).fill(twilioSandboxCredentials.authToken);
  await page.getByRole('textbox', { name: /^From number/ }).fill(twilioSandboxCredentials.fromNumber);
  await expect.poll(() => next.isEnabled()).toBe(true);
  await page.getByRole('button', { name: 'Save & Exit' }).click();
  await page.waitForURL('**/dashboard');
}

async function importPatients(page: Page, file: string) {
  await page.goto('/patients');
  await page.getByRole('button', { name: 'Import patients' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import patients' });
  await expect.poll(() => dialog.isVisible()).toBe(true);
  await dialog.locator('input[type="file"]').setInputFiles(file);
  await expect.poll(() => dialog.getByRole('heading', { name: 'Columns' }).isVisible()).toBe(true);
  const column = (header: string) => dialog.getByRole('combobox', { name: `Import column ${header} as` });
  expect(await column('Idioma').inputValue()).toBe('Language');
  expect(await column('Consentimiento marketing').inputValue()).toBe('Marketing consent');
  expect(await dialog.getByTestId('import-stat-ready').textContent()).toBe('3');
  await dialog.getByRole('button', { name: 'Import valid rows (3)' }).click();
  await expect.poll(() => dialog.getByText(/^Added: 3\./).isVisible()).toBe(true);
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
}

async function turnAutomationOn(page: Page) {
  await page.goto('/followup-automation?tab=settings');
  const sms = page.getByLabel('SMS enabled');
  await expect.poll(() => sms.isVisible()).toBe(true);
  if (!(await sms.isChecked())) await sms.check();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect
    .poll(() => page.getByText('Success - Automation settings saved successfully').first().isVisible())
    .toBe(true);
  await expectAccessible(page, '/followup-automation?tab=settings (desktop)');
}

/**
 * Two happy patients review the clinic on its own Trustpilot sandbox page; the owner connects the
 * page in Settings and syncs, as with Trustpilot, and the reviews are matched to the patients.
 */
async function reviewsFromHappyPatients(page: Page, names: string[]) {
  let credentials = { apiKey: '', businessUnitId: '' };
  for (const name of names) {
    const posted = await callApi(page, 'POST', '/api/sandbox/trustpilot/reviews', {
      stars: 5,
      reviewerName: name,
      title: 'Muy contenta',
      text: 'Todo perfecto, muy buena atención.',
      language: 'es',
      createdAt: '2026-03-10T10:00:00Z',
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    credentials = posted.body as typeof credentials;
  }
  await page.goto('/settings');
  const trustpilot = page.getByRole('region', { name: 'Trustpilot' });
  await expect.poll(() => trustpilot.isVisible()).toBe(true);
  await trustpilot.getByLabel(/^API key/).fill(credentials.apiKey);
  await trustpilot.getByLabel(/^Business unit ID/).fill(credentials.businessUnitId);
  await trustpilot.getByRole('button', { name: 'Save Trustpilot' }).click();
  await expect.poll(() => page.getByText('Settings saved').first().isVisible()).toBe(true);
  await page.goto('/reviews');
  await expect.poll(() => page.getByRole('heading', { name: 'Reviews', level: 1 }).isVisible()).toBe(true);
  await page.getByRole('button', { name: 'Sync Reviews' }).click();
  await expect
    .poll(() => page.getByText(`Imported ${names.length} new reviews`).first().isVisible())
    .toBe(true);
}

type SentMessage = { patientName: string | null; content: string; kind: string; deliveryStatus: string };

async function sentTo(page: Page, name: string): Promise<SentMessage[]> {
  const res = await callApi(page, 'GET', `/api/conversations/sent?q=${encodeURIComponent(name)}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const body = res.body as { messages: SentMessage[] };
  return body.messages.filter((m) => m.patientName === name);
}

describe('a new clinic in Madrid', () => {
  it('sets es and Europe/Madrid, imports language and consent, sends in Spanish inside the Madrid window, cross-sells only with consent, and "Baja" stops it', async () => {
    const { context, page, consoleErrors } = await signUpNewClinic(browser);
    // The clinic tries its automation in the sandbox: its providers become the fakes.
    expect((await callApi(page, 'POST', '/api/sandbox/clinic/sandbox-mode', {})).status).toBe(200);
    await onboardInMadrid(page);
    const me = (await callApi(page, 'GET', '/api/settings')).body;
    expect(JSON.stringify(me)).toContain('Europe/Madrid');

    await importPatients(page, writePatientsCsv());
    const listed = (await callApi(page, 'GET', '/api/patients?limit=100')).body as {
      patients: {
        name: string;
        phone: string | null;
        language: string | null;
        marketingConsent: { state: string } | null;
      }[];
    };
    const maria = listed.patients.find((p) => p.name === 'María García López');
    const john = listed.patients.find((p) => p.name === 'John Smith');
    expect(maria).toMatchObject({
      phone: '+34612345678',
      language: 'es',
      marketingConsent: { state: 'granted' },
    });
    expect(john).toMatchObject({
      phone: '+34699112233',
      language: 'en',
      marketingConsent: { state: 'withdrawn' },
    });
    const carmen = listed.patients.find((p) => p.name === 'Carmen Ruiz Soto');
    expect(carmen).toMatchObject({ language: 'es', marketingConsent: { state: 'granted' } });

    await turnAutomationOn(page);

    // Tuesday 3 March 2026, day 1 after the treatment. 08:30 in Madrid (07:30 UTC): planned for the
    // window's opening, nothing sent yet.
    const early = await runAutomationAt(page, '2026-03-03T07:30:00Z');
    expect(early).toMatchObject({ planned: 3, claimed: 0, sent: 0 });
    // 09:30 in Madrid is 08:30 UTC: inside Madrid's window, still before a UTC one would open.
    const inWindow = await runAutomationAt(page, '2026-03-03T08:30:00Z');
    expect(inWindow).toMatchObject({ planned: 0, claimed: 3, sent: 3, failed: 0 });

    const [toMaria] = await sentTo(page, 'María García López');
    expect(toMaria?.content).toMatch(/^Hola María, le escribimos de /);
    const [toJohn] = await sentTo(page, 'John Smith');
    expect(toJohn?.content).toMatch(/^Hi John, this is /);

    // Conversations shows the Spanish follow-up; María answers "Baja" through the sandbox.
    await page.goto('/conversations');
    const simulate = page.getByRole('region', { name: 'Simulate patient reply' });
    await expect.poll(() => simulate.isVisible()).toBe(true);
    await page.getByLabel('Search messages').fill('María');
    const sentList = page.getByRole('region', { name: 'Sent Messages' });
    await expect
      .poll(() =>
        sentList
          .getByText(/^Hola María/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await simulate.getByLabel(/^Patient/).fill('María');
    await page.getByRole('option').filter({ hasText: '+34612345678' }).first().click();
    await simulate.getByLabel(/^Reply text/).fill('Baja');
    await simulate.getByRole('button', { name: 'Simulate reply' }).click();
    await expect.poll(() => page.getByText('Reply received via SMS').first().isVisible()).toBe(true);
    await expect
      .poll(async () => (await sentTo(page, 'María García López')).map((m) => m.content))
      .toContainEqual(expect.stringMatching(/^Ya no recibirás mensajes de .* por SMS\./));
    await expectAccessible(page, '/conversations (desktop)');

    // Thursday 5 March, 10:00 Madrid: day 3. John and Carmen get theirs; María, opted out, nothing more.
    const before = (await sentTo(page, 'María García López')).length;
    const dayThree = await runAutomationAt(page, '2026-03-05T09:00:00Z');
    expect(dayThree).toMatchObject({ planned: 2, sent: 2 });
    expect(await sentTo(page, 'María García López')).toHaveLength(before);
    expect((await sentTo(page, 'John Smith')).length).toBe(2);

    // Cross-sell: Carmen (consent) and John (none) both leave 5-star reviews. On 1 April, 10:00
    // Madrid (summer time), 30 days after the treatment, the cross-sell is due: Carmen's goes, John's
    // is held back for want of consent (María, opted out, gets nothing either).
    await reviewsFromHappyPatients(page, ['Carmen Ruiz Soto', 'John Smith']);
    const dayThirty = await runAutomationAt(page, '2026-04-01T08:00:00Z');
    expect(dayThirty).toMatchObject({ planned: 1, claimed: 1, sent: 1, failed: 0 });
    expect(dayThirty.skipped).toBeGreaterThanOrEqual(1);
    const kinds = async (name: string) => (await sentTo(page, name)).map((m) => m.kind);
    expect((await kinds('Carmen Ruiz Soto')).filter((kind) => kind === 'crosssell')).toHaveLength(1);
    expect(await kinds('John Smith')).not.toContain('crosssell');
    expect(await kinds('María García López')).not.toContain('crosssell');

    // The pages of the journey at 375 px.
    await page.setViewportSize(viewports.mobile);
    for (const url of ['/conversations', '/followup-automation?tab=settings', '/patients', '/reviews']) {
      await page.goto(url);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).first().isVisible()).toBe(true);
      await expectAccessible(page, `${url} (375 px)`);
    }
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
