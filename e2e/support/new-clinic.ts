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
 * A brand-new clinic of its own, so a spec can change data without touching the demo clinic: signs
 * up as the sign-up form does (the same better-auth request), confirms by the mailed link as the
 * confirmation page does, and returns the page signed in on /dashboard. The form and the
 * confirmation page themselves are walked by auth-journey and spanish-stays-spanish; here they
 * would only repeat two page loads for each of the ~25 clinics the specs sign up.
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

  // The body the form sends (features/auth/signup.utils.ts buildSignUpRequest), from an English page.
  const signUp = await context.request.post('/api/auth/sign-up/email', {
    data: {
      language: 'en',
      password,
      name: 'Test Owner',
      firstName: 'Test',
      lastName: 'Owner',
      callbackURL: '/dashboard',
      email,
      practiceName,
    },
  });
  expect(signUp.status(), await signUp.text()).toBe(200);

  const link = new URL(await waitForMailLink(email, '/email-confirmation?'));
  const token = link.searchParams.get('token') ?? '';
  // The confirmation page's request: the server signs the user in on it (the cookie lands in this context).
  const verified = await context.request.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`, {
    maxRedirects: 0,
  });
  expect(verified.status(), await verified.text()).toBeLessThan(400);
  await page.goto('/dashboard');
  await expect.poll(() => page.getByRole('heading', { name: 'Dashboard' }).isVisible()).toBe(true);
  return { context, page, consoleErrors, email, password, practiceName };
}
