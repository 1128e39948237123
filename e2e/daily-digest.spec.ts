import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('Daily Digest and e-mail language', () => {
  it('the dashboard shows the digest scheduled at 08:00 clinic time; the owner turns it off and chooses the e-mail language on the account page', async () => {
    const { context, page, consoleErrors } = await signUpNewClinic(browser);
    const status = page.getByRole('region', { name: 'System status' });
    const digest = status.getByRole('listitem').filter({ hasText: 'Daily Digest' });
    await expect.poll(() => digest.getByText('Scheduled', { exact: true }).isVisible()).toBe(true);
    await expectVisible(digest.getByText(/E-mailed daily at 08:00 \(UTC\) to 1 owner or admin/));

    await page.goto('/account/security');
    const card = page.getByRole('region', { name: 'E-mail preferences' });
    await expect.poll(() => card.getByRole('switch', { name: /Daily Digest/ }).isChecked()).toBe(true);
    await expectAccessible(page, '/account/security with e-mail preferences at 1280 px');
    await card.getByRole('switch', { name: /Daily Digest/ }).click();
    await expect
      .poll(() => page.getByText('You will no longer receive the Daily Digest').isVisible())
      .toBe(true);

    // The account's language is the app's too: chosen here, the page turns Spanish; back to English.
    await card.getByLabel('Your language').click();
    await page.getByRole('option', { name: 'Español' }).click();
    await expect.poll(() => page.getByText('CareLoop usará este idioma con usted').isVisible()).toBe(true);
    await page.getByRole('region', { name: 'Preferencias de correo' }).getByLabel('Su idioma').click();
    await page.getByRole('option', { name: 'English' }).click();
    await expect.poll(() => page.getByText('CareLoop will use this language for you').isVisible()).toBe(true);

    await page.goto('/dashboard');
    await expect.poll(() => digest.getByText('Off', { exact: true }).isVisible()).toBe(true);
    await expectVisible(digest.getByRole('link', { name: 'Turn it on in your account' }));
    await expectAccessible(page, '/dashboard with the digest off');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('the unsubscribe page asks before unsubscribing and says plainly when the link is not valid, at 375 px', async () => {
    const { context, page } = await newVisitor(browser, { viewport: viewports.mobile });
    await page.goto('/digest/unsubscribe?token=usr_forged.AAAA');
    await expect.poll(() => page.getByRole('button', { name: 'Unsubscribe' }).isVisible()).toBe(true);
    await expectAccessible(page, '/digest/unsubscribe at 375 px');
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('This unsubscribe link is invalid.');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await context.close();
  });

  it('signing up on the Spanish page sends the confirmation e-mail in Spanish', async () => {
    const { context, page } = await newVisitor(browser, { viewport: viewports.desktop });
    const suffix = randomBytes(4).toString('hex');
    const email = `e2e-es-${suffix}@test.careloop.local`;
    await page.goto('/es/signup');
    await expect.poll(() => page.getByRole('heading', { name: 'Empiece gratis' }).isVisible()).toBe(true);
    await page.getByLabel(/^Nombre( \*)?$/).fill('Lucía');
    await page.getByLabel(/^Apellidos/).fill('García');
    await page.getByRole('textbox', { name: /^Correo electrónico/ }).fill(email);
    await page.getByLabel(/^Nombre de la clínica/).fill(`Clínica E2E ${suffix}`);
    await page.getByLabel(/^Contraseña/).fill(`clinica-pass-${suffix}`);
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect.poll(() => page.getByText('Revise su correo').first().isVisible()).toBe(true);
    const mail = await waitForMailContaining(email, '/email-confirmation?');
    expect(mail).toContain('Subject: Confirme su cuenta de CareLoop');
    await context.close();
  });
});
