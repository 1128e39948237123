import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, expectVisible, launchBrowser, newVisitor, viewports } from './support/browser';
import { signUpNewClinic } from './support/new-clinic';
import { waitForMailLink } from './support/outbox';
import { callApi } from './support/page-api';
import { upgradeToProfessional } from './support/plans';
import { twilioSandboxCredentials } from './support/sandbox-credentials';

// Patient surveys end to end: a sandbox-mode clinic in Madrid turns surveys on in Settings, the
// sandbox clock sends a Spanish patient her survey by SMS, she opens the link on a phone, answers 4
// with a comment and sees the review links (every score sees them); staff see the detractor case
// and the answer on her timeline. The sandbox clock runs a day after today's treatment, so the link
// is fresh whatever today's date is.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const googleLink = 'https://g.page/r/CUxyz123abc/review';
const trustpilotLink = 'https://www.trustpilot.com/evaluate/clinica-sol.example';
/** A real 1x1 PNG, the clinic's logo. */
const logoPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function ok(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) {
  const res = await callApi(page, method, path, body);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body as Record<string, unknown>;
}

/** The clinic in Madrid, Spanish by default, texting through the Twilio sandbox. */
async function setUpInMadrid(page: Page) {
  await ok(page, 'POST', '/api/sandbox/clinic/sandbox-mode', {});
  const { clinic } = (await ok(page, 'GET', '/api/settings')) as {
    clinic: { name: string; email: string | null; phone: string | null; brandTone: string | null };
  };
  await ok(page, 'PUT', '/api/settings/profile', {
    name: clinic.name,
    email: clinic.email ?? '',
    phone: '+34 912 345 678',
    category: 'dental',
    brandTone: clinic.brandTone ?? 'professional',
    defaultLanguage: 'es',
    timeZone: 'Europe/Madrid',
    country: 'ES',
  });
  await ok(page, 'PUT', '/api/settings/sms', { provider: 'twilio', ...twilioSandboxCredentials });
}

/** Settings > Surveys, as the owner fills it: on, the day after the treatment, by e-mail, both review links. */
async function turnSurveysOn(page: Page) {
  await page.goto('/settings?tab=surveys');
  const surveys = page.getByRole('region', { name: 'Patient surveys' });
  await expect.poll(() => surveys.isVisible()).toBe(true);
  await surveys.getByRole('switch', { name: /Send patient surveys/ }).check({ force: true });
  const day = surveys.getByRole('textbox', { name: /Day after the procedure/ });
  await day.fill('1');
  await surveys.getByRole('combobox', { name: /^Channel/ }).click();
  await page.getByRole('option', { name: 'E-mail' }).click();
  await surveys.getByRole('textbox', { name: /Google review link/ }).fill(googleLink);
  await surveys.getByRole('textbox', { name: /Trustpilot review link/ }).fill(trustpilotLink);
  await surveys.getByRole('button', { name: 'Save survey settings' }).click();
  await expect.poll(() => page.getByText('Survey settings saved').first().isVisible()).toBe(true);
  await expectAccessible(page, '/settings?tab=surveys (desktop)');
}

/** Settings > Branding: the clinic's logo and a brand colour dark enough for white text. */
async function brandTheClinic(page: Page) {
  await page.goto('/settings?tab=branding');
  const logo = page.getByRole('region', { name: 'Logo' });
  await expect.poll(() => logo.isVisible()).toBe(true);
  await logo
    .locator('input[type="file"]')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logoPng });
  await expect.poll(() => page.getByText('Logo saved').first().isVisible()).toBe(true);
  const color = page.getByRole('region', { name: 'Brand colour' });
  await color.getByRole('textbox', { name: /Colour/ }).fill('#1d4ed8');
  await color.getByRole('button', { name: 'Save the colour' }).click();
  await expect.poll(() => page.getByText('Brand colour saved').first().isVisible()).toBe(true);
  await expectAccessible(page, '/settings?tab=branding (desktop)');
}

describe('patient surveys', () => {
  it('a Madrid clinic turns surveys on, the sandbox clock sends a Spanish survey, the patient answers 4 on a phone and sees the review links; staff see the case and the timeline', async () => {
    const patientEmail = `lucia-${Date.now().toString(36)}@paciente.example`;
    const { context, page, consoleErrors, practiceName } = await signUpNewClinic(browser, {
      practiceName: `Clínica Sol ${Date.now().toString(36)}`,
    });
    await setUpInMadrid(page);
    await upgradeToProfessional(page);
    await turnSurveysOn(page);
    await brandTheClinic(page);

    const patient = (await callApi(page, 'POST', '/api/patients', {
      name: 'Lucía Gómez',
      phone: '+34 612 98 76 54',
      email: patientEmail,
      procedure: 'Dental Implant',
      language: 'es',
    })) as { status: number; body: { id: string; procedureDate: string } };
    expect(patient.status, JSON.stringify(patient.body)).toBe(201);

    // The day after today's treatment, 11:00 or 12:00 in Madrid (10:00 UTC): inside the window.
    // Her procedure date as the server set it (today in Madrid at her creation, not at this line).
    const today = patient.body.procedureDate;
    const at = new Date(`${today}T10:00:00Z`);
    at.setUTCDate(at.getUTCDate() + 1);
    // The day-1 follow-up takes her one message of that day; the survey waits for the next one.
    const dayOne = await ok(page, 'POST', '/api/sandbox/automation/run', { at: at.toISOString() });
    expect(dayOne, JSON.stringify(dayOne)).toMatchObject({ planned: 2, sent: 1, failed: 0 });
    at.setUTCDate(at.getUTCDate() + 1);
    const run = await ok(page, 'POST', '/api/sandbox/automation/run', { at: at.toISOString() });
    expect(run, JSON.stringify(run)).toMatchObject({ sent: 1, failed: 0 });

    // Conversations keeps the invitation with its link hidden; the link itself is in her mail.
    const sent = (await ok(page, 'GET', `/api/conversations/sent?q=${encodeURIComponent('Lucía')}`)) as {
      messages: { kind: string; channel: string; deliveryStatus: string }[];
    };
    const invitation = sent.messages.find((message) => message.kind === 'survey');
    expect(invitation, JSON.stringify({ run, messages: sent.messages })).toMatchObject({
      channel: 'email',
      deliveryStatus: 'sent',
    });
    const link = new URL(await waitForMailLink(patientEmail, '/s/')).pathname;
    expect(link).toMatch(/^\/s\/[A-Za-z0-9_-]{43}$/);

    // The patient, on her phone, without an account.
    const patientVisit = await newVisitor(browser, { viewport: viewports.mobile });
    const phone = patientVisit.page;
    const opened = await phone.goto(link);
    expect(opened?.status()).toBe(200);
    const question = phone.getByRole('heading', {
      level: 1,
      name: `¿Qué probabilidad hay de que recomiende ${practiceName} a un amigo?`,
    });
    await expect.poll(() => question.isVisible()).toBe(true);
    expect(await phone.locator('html').getAttribute('lang')).toBe('es');
    await expectVisible(phone.getByRole('img', { name: practiceName }));
    await expectAccessible(phone, `${link} question (375 px)`);

    await phone.getByRole('radio', { name: '4' }).check({ force: true });
    await phone
      .getByRole('textbox', { name: /¿Quiere contarnos algo más\?/ })
      .fill('La espera fue muy larga.');
    await phone.getByRole('button', { name: 'Enviar mi respuesta' }).click();
    const thanks = phone.getByRole('heading', { level: 1, name: 'Gracias por su respuesta' });
    await expect.poll(() => thanks.isVisible()).toBe(true);
    // A detractor sees the review links too: asking only the happy ones would be review gating.
    expect(
      await phone.getByRole('link', { name: /Escribir una reseña en Google/ }).getAttribute('href'),
    ).toBe(googleLink);
    expect(
      await phone.getByRole('link', { name: /Escribir una reseña en Trustpilot/ }).getAttribute('href'),
    ).toBe(trustpilotLink);
    await expectAccessible(phone, `${link} thank-you (375 px)`);
    await phone.setViewportSize(viewports.desktop);
    await expectAccessible(phone, `${link} thank-you (1280 px)`);

    // A link that leads nowhere is a real 404 page, in her language.
    const unknown = await phone.goto('/s/this-link-does-not-exist-anywhere-at-all-x');
    expect(unknown?.status()).toBe(404);
    await expectAccessible(phone, '/s/<unknown> (1280 px)');
    expect(patientVisit.consoleErrors.filter((error) => !error.includes('404'))).toEqual([]);
    await patientVisit.context.close();

    // Staff: the detractor case at once, and the answer on her timeline.
    await page.goto('/cases');
    await expect
      .poll(() => page.getByText('Survey detractor: Lucía Gómez (4/10)').first().isVisible())
      .toBe(true);
    await expectAccessible(page, '/cases (desktop)');
    await page.goto(`/patients/${patient.body.id}`);
    await expect.poll(() => page.getByText('Survey answer: 4 out of 10').first().isVisible()).toBe(true);
    await expectAccessible(page, '/patients/:id (desktop)');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
