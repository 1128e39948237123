import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible, launchBrowser, viewports } from './support/browser';
import { type NewClinic, signUpNewClinic } from './support/new-clinic';
import { waitForMailContaining } from './support/outbox';

let browser: Browser;
/** An operator of the service (Enterprise is a contract with sales, set by an operator); signed up once, in a test. */
let operator: NewClinic | undefined;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await operator?.context.close();
  await browser?.close();
});

async function makeEnterprise(clinic: NewClinic) {
  operator ??= await signUpNewClinic(browser, { email: inject('planOperatorEmail') });
  const me = await clinic.page.request.get('/api/me');
  const clinicId: string = (await me.json()).clinic.id;
  const res = await operator.page.request.put(`/api/admin/clinics/${clinicId}/plan`, {
    data: { plan: 'enterprise' },
  });
  expect(res.status()).toBe(200);
}

const heading = (clinic: NewClinic) =>
  clinic.page.getByRole('heading', { name: 'Enterprise Compliance', level: 1 });

describe('/enterprise-compliance (spec 2 §2)', () => {
  it('is locked below Enterprise; on Enterprise an owner reads and exports the audit log, sets retention, exports and erases a patient, reads the security summary and requests a BAA', async () => {
    const clinic = await signUpNewClinic(browser);
    const { page, consoleErrors } = clinic;
    await page.getByRole('link', { name: 'Enterprise', exact: true }).click();
    await page.waitForURL('**/enterprise-compliance');
    await expect.poll(() => heading(clinic).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('This feature requires Enterprise plan').isVisible()).toBe(true);
    await expectAccessible(page, '/enterprise-compliance locked (1280 px)');

    await makeEnterprise(clinic);
    const tag = randomBytes(3).toString('hex');
    const patientName = `Erin Erasure${tag}`;
    const created = await page.request.post('/api/patients', {
      data: { name: patientName, email: `erin.${tag}@patient.example` },
    });
    expect(created.status()).toBe(201);
    await page.reload();

    // Audit log: the plan change the operator made is there; filter it and export it.
    const table = page.getByRole('table', { name: 'Audit log' });
    // The action in words, its stored name beneath it.
    await expect.poll(() => table.getByText('Plan changed', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => table.getByText('plan_changed', { exact: true }).isVisible()).toBe(true);
    await expectAccessible(page, '/enterprise-compliance audit log (1280 px)');
    const action = page
      .getByRole('textbox', { name: 'Action' })
      .or(page.getByRole('combobox', { name: 'Action' }));
    await action.first().fill('plan_chan');
    await page.getByRole('option', { name: 'Plan changed' }).click();
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
    expect(href).toBe('/api/compliance/audit-log/export.csv?action=plan_changed');
    const csv = await page.request.get(href!);
    expect(csv.status()).toBe(200);
    expect(await csv.text()).toContain(',plan_changed,');

    // Data retention.
    await page.getByRole('tab', { name: 'Data retention' }).click();
    const messages = page.getByRole('region', { name: 'Messages' });
    await messages.getByLabel('Delete after a period').check();
    await messages.getByLabel('Days to keep').fill('120');
    await page.getByRole('button', { name: 'Save retention settings' }).click();
    await expect.poll(() => page.getByText('Retention settings saved').isVisible()).toBe(true);
    const retention = await (await page.request.get('/api/compliance/retention')).json();
    expect(retention).toMatchObject({ messagesDays: 120, resolvedCasesDays: null });
    await expectAccessible(page, '/enterprise-compliance retention (1280 px)');

    // Patient data: export, then erase on the patient's request.
    await page.getByRole('tab', { name: 'Patient data' }).click();
    const picker = page
      .getByRole('textbox', { name: 'Patient' })
      .or(page.getByRole('combobox', { name: 'Patient' }));
    await picker.first().fill(`Erasure${tag}`);
    await page.getByRole('option', { name: patientName }).click();
    const jsonHref = await page.getByRole('link', { name: 'Download JSON' }).getAttribute('href');
    const exported = await (await page.request.get(jsonHref!)).json();
    expect(exported.patient[0].name).toBe(patientName);
    await page.getByRole('button', { name: 'Erase patient data' }).click();
    const dialog = page.getByRole('dialog', { name: 'Erase patient data' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expectAccessible(page, '/enterprise-compliance erase dialog (1280 px)');
    await dialog
      .getByRole('textbox', { name: /How did the patient ask/ })
      .or(dialog.getByRole('combobox', { name: /How did the patient ask/ }))
      .first()
      .click();
    await page.getByRole('option', { name: 'E-mail' }).click();
    await dialog.getByRole('textbox', { name: `Type ${patientName} to confirm` }).fill(patientName);
    await dialog.getByRole('button', { name: 'Erase permanently' }).click();
    await expect.poll(() => page.getByText("The patient's personal data was erased").isVisible()).toBe(true);
    const left = await (await page.request.get(`/api/patients?q=${encodeURIComponent(patientName)}`)).json();
    expect(left.patients).toEqual([]);

    // Encryption and access.
    await page.getByRole('tab', { name: 'Encryption & access' }).click();
    const encryption = page.getByRole('region', { name: 'Encryption' });
    await expect.poll(() => encryption.getByText('AES-256-GCM').isVisible()).toBe(true);
    expect(
      await page.getByRole('region', { name: 'Access' }).getByText('1 owners, 0 admins, 0 staff').isVisible(),
    ).toBe(true);
    await expectAccessible(page, '/enterprise-compliance summary (1280 px)');

    // BAA request, mailed to sales.
    await page.getByRole('tab', { name: 'BAA' }).click();
    const legalName = `Erin Dental ${tag} S.L.`;
    await page.getByLabel(/^Legal entity name/).fill(legalName);
    await page.getByLabel(/^Signatory name/).fill('Marta Gil');
    await page.getByLabel(/^Signatory title/).fill('Managing Director');
    await page.getByLabel(/^Signatory e-mail/).fill('marta@erin-dental.example');
    await page.getByRole('button', { name: 'Request BAA' }).click();
    await expect.poll(() => page.getByText('BAA requested').first().isVisible()).toBe(true);
    await expect
      .poll(() => page.getByRole('table', { name: 'BAA requests' }).getByText(legalName).isVisible())
      .toBe(true);
    const mail = await waitForMailContaining(inject('salesEmail'), legalName);
    expect(mail).toContain('Signatory: Marta Gil, Managing Director');
    await expectAccessible(page, '/enterprise-compliance BAA (1280 px)');

    // Everything above is in the audit trail.
    await page.getByRole('tab', { name: 'Audit log' }).click();
    for (const done of [
      'patient_data_erased',
      'patient_data_exported',
      'data_retention_saved',
      'baa_requested',
      'audit_log_exported',
    ]) {
      await expect
        .poll(() => page.getByRole('table', { name: 'Audit log' }).getByText(done).first().isVisible())
        .toBe(true);
    }
    expect(consoleErrors).toEqual([]);
    await clinic.context.close();
  });

  it('works and passes axe at 375 px, locked and on Enterprise', async () => {
    const clinic = await signUpNewClinic(browser, { viewport: viewports.mobile });
    const { page } = clinic;
    await page.goto('/enterprise-compliance');
    await expect.poll(() => page.getByText('This feature requires Enterprise plan').isVisible()).toBe(true);
    await expectAccessible(page, '/enterprise-compliance locked (375 px)');
    await makeEnterprise(clinic);
    await page.reload();
    await expect
      .poll(() => page.getByRole('table', { name: 'Audit log' }).getByText('plan_changed').isVisible())
      .toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page, '/enterprise-compliance audit log (375 px)');
    await page.getByRole('tab', { name: 'Patient data' }).click();
    await expect
      .poll(() => page.getByText('Choose a patient to export or erase their data.').isVisible())
      .toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectAccessible(page, '/enterprise-compliance patient data (375 px)');
    await clinic.context.close();
  });
});
