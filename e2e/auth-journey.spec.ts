import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launchBrowser, newVisitor, signInThroughForm } from './support/browser';
import { waitForMailLink } from './support/outbox';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('a new clinic signs up, confirms, signs in and out', () => {
  it('works end to end, in English, Spanish and Turkish, with no console error', async () => {
    const { context, page, consoleErrors } = await newVisitor(browser);
    const email = `e2e-${randomBytes(4).toString('hex')}@test.careloop.local`;

    await page.goto('/signup');
    await expect.poll(() => page.getByRole('heading', { name: 'Get Started Free' }).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect
      .poll(() => page.getByText('Please fill in all required fields').first().isVisible())
      .toBe(true);

    await page.getByLabel(/^First name/).fill('Lucía');
    await page.getByLabel(/^Last name/).fill('Moreno');
    await page.getByRole('textbox', { name: /^Email/ }).fill(email);
    await page.getByLabel(/^Practice name/).fill('Clínica Sonrisa');
    await page.getByLabel(/^Password/).fill('clinic-pass-1');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => page.getByText('Check your email').first().isVisible()).toBe(true);

    // Signing in before confirming is refused with the spec's message.
    await page.goto('/login');
    await page.getByRole('textbox', { name: /^Email/ }).fill(email);
    await page.getByLabel(/^Password/).fill('clinic-pass-1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect
      .poll(() =>
        page
          .getByText('Please check your email and click the confirmation link before signing in.')
          .isVisible(),
      )
      .toBe(true);

    const link = new URL(await waitForMailLink(email, '/email-confirmation?'));
    expect(link.searchParams.get('type')).toBe('signup');
    await page.goto(link.pathname + link.search);
    await expect
      .poll(() => page.getByText('Your email has been confirmed successfully!').isVisible())
      .toBe(true);
    await page.waitForURL('**/dashboard');
    await expect.poll(() => page.getByRole('heading', { name: 'Dashboard' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Clínica Sonrisa').first().isVisible()).toBe(true);

    // The shell in Spanish and Turkish.
    for (const [language, label, signOut] of [
      ['Español', 'Panel', 'Cerrar sesión'],
      ['Türkçe', 'Pano', 'Çıkış yap'],
    ] as const) {
      await page
        .getByRole('button', { name: /^(EN|ES|TR)/ })
        .first()
        .click();
      await page.getByRole('menuitem', { name: language }).click();
      await expect.poll(() => page.getByRole('link', { name: label }).first().isVisible()).toBe(true);
      expect(await page.locator('html').getAttribute('lang')).toBe(language === 'Español' ? 'es' : 'tr');
      await expect.poll(() => page.getByRole('button', { name: signOut }).first().isVisible()).toBe(true);
    }
    await page
      .getByRole('button', { name: /^(EN|ES|TR)/ })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect.poll(() => page.getByRole('link', { name: 'Dashboard' }).first().isVisible()).toBe(true);

    await page.getByRole('navigation').getByRole('button', { name: 'Sign Out' }).click();
    await expect.poll(() => page.getByText('You have been signed out successfully').isVisible()).toBe(true);
    await page.waitForURL('**/login');

    // Signed out: the guard sends protected routes to /login.
    await page.goto('/dashboard');
    await page.waitForURL('**/login');

    // And the confirmed account signs in with its password.
    await signInThroughForm(page, email, 'clinic-pass-1');
    await expect.poll(() => page.getByText('Welcome back!').first().isVisible()).toBe(true);
    expect(consoleErrors.filter((e) => !e.includes('401') && !e.includes('403'))).toEqual([]);
    await context.close();
  });

  it('shows the mapped message for a wrong password', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => page.getByText('Please enter both email and password').isVisible()).toBe(true);
    await page.getByRole('textbox', { name: /^Email/ }).fill('demo@careloop.local');
    await page.getByLabel(/^Password/).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect
      .poll(() =>
        page.getByText('Invalid email or password. Please check your credentials and try again.').isVisible(),
      )
      .toBe(true);
    await expectAccessible(page, '/login with an error');
    await context.close();
  });

  it('an email-confirmation link without a token shows the invalid-link error', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto('/email-confirmation');
    await expect
      .poll(() => page.getByText('Invalid confirmation link. Please try signing up again.').isVisible())
      .toBe(true);
    await expectAccessible(page, '/email-confirmation (invalid)');
    await context.close();
  });
});
