import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible, expectVisible, launchBrowser, newVisitor, viewports } from './support/browser';
import { signUpNewClinic } from './support/new-clinic';
import { waitForMailContaining } from './support/outbox';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("a demo request and a visitor's error report reach the operators", () => {
  it('is mailed to SALES_EMAIL and listed on /admin/leads for an operator, axe clean at 1280 and 375 px', async () => {
    const tag = randomBytes(4).toString('hex');
    const visitorEmail = `lead-${tag}@test.careloop.local`;
    const visitor = await newVisitor(browser, { language: 'en' });
    await visitor.page.goto('/demo', { waitUntil: 'networkidle' });
    await visitor.page.getByRole('textbox', { name: /^First Name/ }).fill('Lena');
    await visitor.page.getByRole('textbox', { name: /^Last Name/ }).fill(`Lead${tag}`);
    await visitor.page.getByRole('textbox', { name: /^Email Address/ }).fill(visitorEmail);
    await visitor.page.getByRole('textbox', { name: /^Clinic\/Practice Name/ }).fill('Lena Dental');
    await visitor.page.getByRole('combobox', { name: /^Type of Practice/ }).selectOption('dental');
    await visitor.page.getByRole('textbox', { name: /^What would you like to see/ }).fill('The follow-ups.');
    await visitor.page.getByRole('button', { name: 'Book My Demo' }).click();
    await expect
      .poll(() => visitor.page.getByRole('status').getByText('Your demo request is in').isVisible())
      .toBe(true);
    await visitor.context.close();

    const mail = await waitForMailContaining(inject('salesEmail'), visitorEmail);
    expect(mail).toContain(`Subject: Demo request: Lena Lead${tag} (Lena Dental)`);
    expect(mail).toContain(`Reply-To: ${visitorEmail}`);
    expect(mail).toContain('The follow-ups.');

    const operator = await signUpNewClinic(browser, { email: inject('operatorEmail') });
    const { page, consoleErrors } = operator;
    await page.getByRole('link', { name: 'Leads' }).click();
    await page.waitForURL('**/admin/leads');
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Leads' }).isVisible()).toBe(true);
    await page.getByRole('searchbox', { name: 'Search leads' }).fill(tag);
    // The unfiltered list may show the row first: wait for the search's own answer.
    await expect.poll(() => page.getByText('1 lead', { exact: true }).isVisible()).toBe(true);
    const row = page.getByRole('row').filter({ hasText: visitorEmail });
    await expectVisible(row);
    expect(await row.textContent()).toContain('Lena Dental');
    expect(await row.textContent()).toContain('Demo');
    const csv = await page.request.get(`/api/admin/leads/export.csv?q=${tag}`);
    expect(csv.status()).toBe(200);
    expect(await csv.text()).toContain(visitorEmail);
    await expectAccessible(page, '/admin/leads at 1280 px');
    await page.setViewportSize(viewports.mobile);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Leads' }).isVisible()).toBe(true);
    await expectAccessible(page, '/admin/leads at 375 px');
    await page.setViewportSize(viewports.desktop);

    // The operators' error view: every clinic's reports and the public site's.
    await page.getByRole('link', { name: 'Error reports' }).click();
    await page.waitForURL('**/admin/errors');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Error reports' }));
    await expect.poll(() => page.getByRole('radio', { name: 'Public site' }).count()).toBe(1);
    await expectAccessible(page, '/admin/errors at 1280 px');
    expect(consoleErrors).toEqual([]);
    await operator.context.close();
  });

  it('is not shown to a clinic user who is not an operator', async () => {
    const clinic = await signUpNewClinic(browser);
    expect(await clinic.page.getByRole('link', { name: 'Leads' }).count()).toBe(0);
    expect(await clinic.page.getByRole('link', { name: 'Error reports' }).count()).toBe(0);
    expect((await clinic.page.request.get('/api/admin/leads')).status()).toBe(403);
    expect((await clinic.page.request.get('/api/admin/client-errors')).status()).toBe(403);
    await clinic.context.close();
  });
});
