import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { newVisitor, viewports } from './browser';
import { waitForMailLink } from './outbox';

export type NewClinic = {
  context: BrowserContext;
  page: Page;
  consoleErrors: string[];
  email: string;
  password: string;
  practiceName: string;
};

/**
 * A brand-new clinic of its own, so a spec can change data without touching the demo clinic:
 * signs up through the form, follows the confirmation link from the outbox and returns the page
 * signed in on /dashboard.
 */
export async function signUpNewClinic(
  browser: Browser,
  options: { viewport?: { width: number; height: number }; practiceName?: string; email?: string } = {},
): Promise<NewClinic> {
  const { context, page, consoleErrors } = await newVisitor(browser, {
    viewport: options.viewport ?? viewports.desktop,
  });
  const suffix = randomBytes(4).toString('hex');
  const email = options.email ?? `e2e-clinic-${suffix}@test.careloop.local`;
  const password = `clinic-pass-${suffix}`;
  const practiceName = options.practiceName ?? `E2E Clinic ${suffix}`;

  await page.goto('/signup');
  await expect.poll(() => page.getByRole('heading', { name: 'Get Started Free' }).isVisible()).toBe(true);
  await page.getByLabel(/^First name/).fill('Test');
  await page.getByLabel(/^Last name/).fill('Owner');
  await page.getByRole('textbox', { name: /^Email/ }).fill(email);
  await page.getByLabel(/^Practice name/).fill(practiceName);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect.poll(() => page.getByText('Check your email').first().isVisible()).toBe(true);

  const link = new URL(await waitForMailLink(email, '/email-confirmation?'));
  await page.goto(link.pathname + link.search);
  // The page goes to the dashboard by itself after 3 s (auth-journey checks that); a hurried user
  // clicks the button, which saves those seconds for each of the ~40 clinics the specs sign up.
  await page.getByRole('link', { name: 'Go to Dashboard' }).click({ timeout: 15_000 });
  await page.waitForURL('**/dashboard', { timeout: 15_000 });
  await expect.poll(() => page.getByRole('heading', { name: 'Dashboard' }).isVisible()).toBe(true);
  return { context, page, consoleErrors, email, password, practiceName };
}
