import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, expectVisible, launchBrowser, newVisitor } from './support/browser';
import { waitForMailLink } from './support/outbox';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const pageLanguage = (page: Page) => page.locator('html').getAttribute('lang');

/** Forgets what this browser remembered of the language: only the URL and the account may say it. */
const forgetStoredLanguage = (page: Page) => page.evaluate(() => window.localStorage.clear());

describe('a clinic that signs up in Spanish from Madrid stays in Spanish', () => {
  it('signs up at /es/signup, confirms by the mailed link, reloads: every screen Spanish; the wizard proposes Spanish, Europe/Madrid, Spain', async () => {
    const { context, page, consoleErrors } = await newVisitor(browser, {
      locale: 'es-ES',
      timezoneId: 'Europe/Madrid',
    });
    const suffix = randomBytes(4).toString('hex');
    const email = `e2e-madrid-${suffix}@test.careloop.local`;
    const practiceName = `Clínica Retiro ${suffix}`;

    await page.goto('/es/signup');
    await expectVisible(page.getByRole('heading', { name: 'Empiece gratis' }));
    await page.getByLabel(/^Nombre( \*)?$/).fill('Lucía');
    await page.getByLabel(/^Apellidos/).fill('García');
    await page.getByRole('textbox', { name: /^Correo electrónico/ }).fill(email);
    await page.getByLabel(/^Nombre de la clínica/).fill(practiceName);
    await page.getByLabel(/^Contraseña/).fill(`clinica-pass-${suffix}`);
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await expectVisible(page.getByText('Revise su correo').first());
    await expectAccessible(page, '/es/signup after sending');

    // The mailed link opens the confirmation page in Spanish, whatever this browser stored.
    const link = new URL(await waitForMailLink(email, '/email-confirmation?'));
    expect(link.searchParams.get('lang')).toBe('es');
    await forgetStoredLanguage(page);
    await page.goto(link.pathname + link.search);
    await expectVisible(page.getByText('¡Su correo electrónico se ha confirmado correctamente!'));
    expect(await pageLanguage(page)).toBe('es');
    await expectAccessible(page, 'e-mail confirmation in Spanish');

    await page.waitForURL('**/dashboard');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Panel' }));

    // A reload with nothing stored in the browser: the account says Spanish.
    await forgetStoredLanguage(page);
    await page.reload();
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Panel' }));
    await expect.poll(() => pageLanguage(page)).toBe('es');
    await expectAccessible(page, '/dashboard in Spanish after a reload');

    for (const [path, heading] of [
      ['/patients', 'Pacientes'],
      ['/reviews', 'Reseñas'],
      ['/cases', 'Cola de acciones'],
      ['/settings', 'Ajustes'],
      ['/account/security', 'Seguridad de la cuenta'],
    ] as const) {
      await forgetStoredLanguage(page);
      await page.goto(path);
      await expectVisible(page.getByRole('heading', { level: 1, name: heading }));
      await expect.poll(() => pageLanguage(page)).toBe('es');
    }

    // The wizard: the clinic's language from the account, zone and country from the browser.
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Empezar la configuración' }).click();
    await page.waitForURL('**/onboarding');
    await expectVisible(page.getByRole('heading', { level: 2, name: 'Perfil de la clínica' }));
    await expect
      .poll(() => page.getByRole('textbox', { name: /^Nombre de la clínica/ }).inputValue())
      .toBe(practiceName);
    await expect
      .poll(() => page.getByRole('combobox', { name: /^Idioma predeterminado/ }).inputValue())
      .toBe('Español');
    expect(await page.getByLabel(/^Zona horaria/).inputValue()).toBe('Europe/Madrid');
    expect(await page.getByLabel(/^País/).inputValue()).toBe('ES');
    await expectAccessible(page, 'wizard step 1 in Spanish');

    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('choosing Español on an English public page moves to its Spanish URL', async () => {
    const { context, page, consoleErrors } = await newVisitor(browser);
    await page.goto('/pricing');
    await expectVisible(page.getByRole('heading', { level: 1 }));
    await page.getByRole('button', { name: /^EN/ }).first().click();
    await page.getByRole('menuitem', { name: 'Español' }).click();
    await page.waitForURL('**/es/pricing');
    await expectVisible(page.getByRole('heading', { level: 1, name: 'Elija su plan' }));
    expect(await pageLanguage(page)).toBe('es');
    await expectAccessible(page, '/es/pricing reached from the language menu');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
