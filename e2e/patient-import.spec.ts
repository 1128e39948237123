import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, expectVisible, launchBrowser, viewports } from './support/browser';
import { signUpNewClinic } from './support/new-clinic';

let browser: Browser;
const tmpFiles: string[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  for (const file of tmpFiles) fs.rmSync(file, { force: true });
});

/**
 * What Spanish Excel saves as CSV: semicolons, Windows-1252 (every letter here is in Latin-1,
 * where the two agree), given and family names apart, dd/mm/yyyy dates, national phones.
 * Row 4 has no name.
 */
function writeSpanishExport(): string {
  const lines = [
    'Nombre;Apellidos;Teléfono;Email;Fecha tratamiento;Notas',
    'María;García López;612 34 56 78;maria.garcia@example.es;15/03/2026;Paciente VIP',
    'José;Núñez;699 11 22 33;jose.nunez@example.es;04/05/2026;',
    ';;611 00 00 00;;01/01/2026;',
  ];
  const file = path.join(os.tmpdir(), `careloop-e2e-pacientes-${process.pid}-${Date.now()}.csv`);
  fs.writeFileSync(file, Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1'));
  tmpFiles.push(file);
  return file;
}

async function setClinicCountry(page: Page, code: string) {
  await page.goto('/settings');
  const country = page.getByRole('combobox', { name: /^Country/ });
  await expect.poll(() => country.isVisible()).toBe(true);
  // A new clinic has no specialty or phone yet; the profile needs both before it saves.
  await page.getByRole('combobox', { name: /^Category/ }).click();
  await page.getByRole('option', { name: 'Dental' }).click();
  await expect.poll(() => page.getByText('Category updated').first().isVisible()).toBe(true);
  await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('+34 912 345 678');
  await country.selectOption(code);
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect.poll(() => page.getByText('Settings saved').first().isVisible()).toBe(true);
}

async function openImportWith(page: Page, file: string): Promise<Locator> {
  await page.goto('/patients');
  await page.getByRole('button', { name: 'Import patients' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import patients' });
  await expect.poll(() => dialog.isVisible()).toBe(true);
  await dialog.locator('input[type="file"]').setInputFiles(file);
  await expect.poll(() => dialog.getByRole('heading', { name: 'Columns' }).isVisible()).toBe(true);
  return dialog;
}

const column = (dialog: Locator, header: string) =>
  dialog.getByRole('combobox', { name: `Import column ${header} as` });

describe('importing what a Spanish clinic exports from Excel', () => {
  it('proposes the mapping, takes one change, previews, imports: E.164 phones and day-first dates', async () => {
    const file = writeSpanishExport();
    const { context, page } = await signUpNewClinic(browser);
    await setClinicCountry(page, 'ES');
    const dialog = await openImportWith(page, file);

    expect(await column(dialog, 'Nombre').inputValue()).toBe('Given name');
    expect(await column(dialog, 'Apellidos').inputValue()).toBe('Family name');
    expect(await column(dialog, 'Teléfono').inputValue()).toBe('Phone');
    expect(await column(dialog, 'Fecha tratamiento').inputValue()).toBe('Procedure date');
    expect(await column(dialog, 'Notas').inputValue()).toBe('Comment');
    // One change: the notes are not for us.
    await column(dialog, 'Notas').click();
    await page.getByRole('option', { name: 'Ignore this column' }).click();
    await expect.poll(() => dialog.getByText('Ignored columns: Notas').isVisible()).toBe(true);

    expect(await dialog.getByTestId('import-stat-total').textContent()).toBe('3');
    expect(await dialog.getByTestId('import-stat-ready').textContent()).toBe('2');
    expect(await dialog.getByTestId('import-stat-errors').textContent()).toBe('1');
    const sample = await dialog.getByTestId('import-sample').textContent();
    expect(sample).toContain('María García López');
    expect(sample).toContain('+34612345678');
    expect(sample).toContain('Mar 15, 2026');
    await expectVisible(dialog.getByText('Row 3: 04/05/2026 read as May 4, 2026'));
    expect(await dialog.getByTestId('import-errors').locator('tbody tr').allTextContents()).toEqual([
      '4NameName required',
    ]);
    await expectAccessible(page, 'import preview (desktop)');

    await dialog.getByRole('button', { name: 'Import valid rows (2)' }).click();
    await expect.poll(() => dialog.getByText('Added: 2. Skipped: 1.').isVisible()).toBe(true);
    // The footer's Close (the header's × is named Close too).
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();

    await page.getByRole('searchbox').fill('García');
    const maria = page.getByRole('article', { name: 'María García López' });
    await expect.poll(() => maria.isVisible()).toBe(true);
    expect(await maria.textContent()).toContain('+34612345678');
    await maria.getByRole('link').first().click();
    await expect.poll(() => page.getByRole('heading', { name: 'María García López' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Mar 15, 2026').first().isVisible()).toBe(true);

    await page.goto('/patients');
    await page.getByRole('searchbox').fill('Núñez');
    const jose = page.getByRole('article', { name: 'José Núñez' });
    await expect.poll(() => jose.isVisible()).toBe(true);
    expect(await jose.textContent()).toContain('+34699112233');
    await jose.getByRole('link').first().click();
    await expect.poll(() => page.getByRole('heading', { name: 'José Núñez' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('May 4, 2026').first().isVisible()).toBe(true);

    // The same dialog on a phone: axe clean at 375 px.
    await page.setViewportSize(viewports.mobile);
    const onPhone = await openImportWith(page, file);
    await expect.poll(() => onPhone.getByTestId('import-stat-duplicates').isVisible()).toBe(true);
    await expectAccessible(page, 'import preview (375 px)');
    await context.close();
  });
});
