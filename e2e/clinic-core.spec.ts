import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  demoLogin,
  expectAccessible,
  expectNoTruncatedBadges,
  expectToastBelowHeader,
  expectVisible,
  launchBrowser,
  newVisitor,
  signIn,
  signInThroughForm,
  viewports,
} from './support/browser';
import { signUpNewClinic } from './support/new-clinic';
import { upgradeToProfessional } from './support/plans';

let browser: Browser;
const tmpFiles: string[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  for (const file of tmpFiles) fs.rmSync(file, { force: true });
});

const visible = (page: Page, text: string | RegExp) => () => page.getByText(text).first().isVisible();

/** 200 patient rows; data rows 11, 101 and 151 (file rows 12, 102, 152: the header is row 1) are bad. */
function writePatientCsv(): { file: string; badRows: number[] } {
  const lines = ['name,email,phone,procedure,status'];
  const badRows: number[] = [];
  for (let i = 0; i < 200; i++) {
    const phone = `+1415555${1000 + i}`;
    const email = `import-${i}@patients.test`;
    const fileRow = i + 2;
    if (i === 10) {
      lines.push(`,${email},${phone},Root Canal,active`); // no name
      badRows.push(fileRow);
    } else if (i === 100) {
      lines.push(`Bad Phone ${i},${email},12345,Dental Implant,active`); // not a phone number
      badRows.push(fileRow);
    } else if (i === 150) {
      lines.push(`Bad Email ${i},not-an-email,${phone},Other,watch`); // not an email address
      badRows.push(fileRow);
    } else {
      lines.push(`Imported Patient ${String(i).padStart(3, '0')},${email},${phone},Hair Transplant,active`);
    }
  }
  const file = path.join(os.tmpdir(), `careloop-e2e-patients-${process.pid}-${Date.now()}.csv`);
  fs.writeFileSync(file, `${lines.join('\r\n')}\r\n`);
  tmpFiles.push(file);
  return { file, badRows };
}

describe('patients in a fresh clinic', () => {
  it('add refuses an empty name, then adds and edits a patient', async () => {
    const { context, page } = await signUpNewClinic(browser);
    await page.goto('/patients');
    await expect.poll(() => page.getByRole('heading', { name: 'No Patients Yet' }).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Add Patient' }).first().click();
    const add = page.getByRole('dialog', { name: 'Add Patient' });
    await expect.poll(() => add.isVisible()).toBe(true);
    await add.getByRole('button', { name: 'Add Patient' }).click();
    await expect.poll(visible(page, 'Name required')).toBe(true);
    await expectVisible(add);

    await add.getByLabel(/^Name/).fill('Valentina Moreno');
    await add.getByLabel(/^Email/).fill('valentina@patients.test');
    await add.getByLabel(/^Phone/).fill('+1 415 555 2671');
    await add.getByRole('button', { name: 'Add Patient' }).click();
    await expect.poll(visible(page, 'Patient added successfully')).toBe(true);
    await expect.poll(() => add.isVisible()).toBe(false);
    const card = page.getByRole('article', { name: 'Valentina Moreno' });
    await expect.poll(() => card.isVisible()).toBe(true);
    await expectVisible(card.getByText('+14155552671'));

    await card.getByRole('button', { name: 'Edit Valentina Moreno' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Patient' });
    await expect.poll(() => edit.getByLabel(/^Name/).inputValue()).toBe('Valentina Moreno');
    await edit.getByLabel(/^Name/).fill('Valentina Moreno Ruiz');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(visible(page, 'Patient updated successfully')).toBe(true);
    await expect
      .poll(() => page.getByRole('article', { name: 'Valentina Moreno Ruiz' }).isVisible())
      .toBe(true);
    await expectVisible(page.getByText('Showing 1 of 1'));
    await context.close();
  });

  it('imports a CSV of 200 rows: the preview lists 3 bad rows by number, 197 are imported', async () => {
    const { file, badRows } = writePatientCsv();
    const { context, page } = await signUpNewClinic(browser);
    // 197 patients are past Starter's 100: the clinic takes Professional (500) first.
    await upgradeToProfessional(page);
    await page.goto('/patients');
    await expect.poll(() => page.getByRole('heading', { name: 'No Patients Yet' }).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Import patients' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import patients' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.locator('input[type="file"]').setInputFiles(file);

    await expect.poll(() => dialog.getByRole('heading', { name: 'Preview' }).isVisible()).toBe(true);
    expect(await dialog.getByTestId('import-stat-total').textContent()).toBe('200');
    expect(await dialog.getByTestId('import-stat-ready').textContent()).toBe('197');
    expect(await dialog.getByTestId('import-stat-errors').textContent()).toBe('3');
    expect(await dialog.getByTestId('import-stat-duplicates').textContent()).toBe('0');
    const errorTable = dialog.getByTestId('import-errors');
    expect(await dialog.getByTestId('import-duplicates').count()).toBe(0);
    const rowNumbers = await errorTable.locator('tbody tr td:first-child').allTextContents();
    expect(rowNumbers.map(Number)).toEqual(badRows);
    const problems = (await errorTable.locator('tbody tr').allTextContents()).join('\n');
    expect(problems).toContain('Name required');
    expect(problems).toContain('Please enter a valid phone number');
    expect(problems).toContain('Please enter a valid email address');

    await dialog.getByRole('button', { name: 'Import valid rows (197)' }).click();
    await expect.poll(() => dialog.getByText('Added: 197. Skipped: 3.').isVisible()).toBe(true);
    // The footer's Close (the header's × is named Close too).
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect.poll(() => dialog.isVisible()).toBe(false);

    await expect.poll(visible(page, 'Showing 24 of 197')).toBe(true);
    expect(await page.getByRole('article').count()).toBe(24);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(visible(page, 'Showing 48 of 197')).toBe(true);
    await context.close();
  });
});

describe('the Action Queue in the demo clinic', () => {
  // The demo clinic is the only one with reviews (a fresh clinic has none and no review source).
  // Its seeded 2-star review ("Implant still sore") already has an open case, and Create case is
  // offered only for a review without an open case. So, deterministically: resolve the seeded
  // case first (Start Working, Resolve Case), then create a new case from that same 2-star
  // review on /reviews and take it through to Resolved too. Other specs only read the demo clinic
  // or sync its sandbox reviews, which this does not touch.
  it('resolves the 2-star review case, creates a new one from the review, resolves it, and filters the queue', async () => {
    const { context, page } = await newVisitor(browser);
    await signIn(page, demoLogin.email, demoLogin.password);

    const resolveCase = async (title: RegExp) => {
      await page.getByRole('button', { name: title }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Case details' });
      await expect.poll(() => dialog.getByRole('button', { name: 'Start Working' }).isVisible()).toBe(true);
      await dialog.getByRole('button', { name: 'Start Working' }).click();
      await expect.poll(visible(page, 'Case updated')).toBe(true);
      await expect.poll(() => dialog.getByText('In Progress', { exact: true }).isVisible()).toBe(true);
      await expect.poll(() => dialog.getByRole('button', { name: 'Resolve Case' }).isEnabled()).toBe(true);
      await dialog.getByRole('button', { name: 'Resolve Case' }).click();
      await expect.poll(() => dialog.getByText('Resolved', { exact: true }).first().isVisible()).toBe(true);
      await expect.poll(visible(page, 'Case updated')).toBe(true);
      expect(await dialog.getByRole('button', { name: 'Resolve Case' }).count()).toBe(0);
      await dialog.getByRole('button', { name: 'Close' }).first().click();
      await expect.poll(() => dialog.isVisible()).toBe(false);
    };

    await page.goto('/cases?status=open');
    await expect.poll(() => page.getByRole('heading', { name: 'Action Queue' }).isVisible()).toBe(true);
    const seeded = /2-star review from James W.: Implant still sore/;
    await expect.poll(() => page.getByRole('button', { name: seeded }).isVisible()).toBe(true);
    await resolveCase(seeded);

    // The review no longer has an open case, so a new one can be created from it.
    await page.goto('/reviews');
    await page.getByRole('button', { name: /Implant still sore/ }).click();
    const review = page.getByRole('dialog', { name: 'Review details' });
    await expect.poll(() => review.getByRole('button', { name: 'Create case' }).isVisible()).toBe(true);
    await review.getByRole('button', { name: 'Create case' }).click();
    await expect.poll(visible(page, 'Case created')).toBe(true);
    await expect.poll(() => review.getByText('A case is already open').isVisible()).toBe(true);
    await review.getByRole('button', { name: 'Close' }).first().click();

    await page.goto('/cases?status=open');
    const created = /2-star review.*Implant still sore/;
    await expect.poll(() => page.getByRole('button', { name: created }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: created }).count()).toBe(1);
    await resolveCase(created);

    // (d) The status filter changes the list.
    const filter = page.getByRole('radiogroup');
    await filter.getByText('Resolved', { exact: true }).click();
    await page.waitForURL('**/cases?status=resolved');
    await expect.poll(() => page.getByRole('button', { name: created }).count()).toBe(2);
    expect(await page.getByRole('button', { name: /No volvería/ }).count()).toBe(0);

    await filter.getByText('Open', { exact: true }).click();
    await page.waitForURL('**/cases?status=open');
    await expect
      .poll(() => page.getByRole('button', { name: /1-star review from Carmen: No volvería/ }).isVisible())
      .toBe(true);
    expect(await page.getByRole('button', { name: created }).count()).toBe(0);

    await filter.getByText('All', { exact: true }).click();
    await page.waitForURL(/\/cases$/);
    await expect.poll(() => page.getByRole('button', { name: created }).count()).toBe(2);
    expect(await page.getByRole('button', { name: /No volvería/ }).count()).toBe(1);
    await context.close();
  });
});

describe.each([
  ['desktop', viewports.desktop],
  ['mobile', viewports.mobile],
] as const)('axe on the signed-in pages at %s (demo clinic, read-only)', (_name, viewport) => {
  it('/dashboard, /reviews and /cases have no serious or critical violation, nor a cut badge', async () => {
    const { context, page, consoleErrors } = await newVisitor(browser, { viewport });
    // Through the form: its 'Welcome back!' toast must open below the header, leaving its buttons free.
    await signInThroughForm(page, demoLogin.email, demoLogin.password);
    await expectToastBelowHeader(page);
    const pages = [
      ['/dashboard', 'Dashboard', () => page.getByRole('heading', { name: 'Dashboard' })],
      ['/reviews', 'Reviews', () => page.getByRole('button', { name: /Implant still sore/ }).first()],
      ['/cases', 'Action Queue', () => page.getByRole('button', { name: /No volvería/ })],
    ] as const;
    // A signed-in dashboard loaded afresh (its own tab) reads no API: its document carried what the
    // first screen reads (server plugins/first-answers.ts).
    const fresh = await context.newPage();
    const apiReads: string[] = [];
    // Reads only: the page's own reports (the performance beacon, a POST) may leave at any time.
    fresh.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (request.method() === 'GET' && pathname.startsWith('/api/')) apiReads.push(pathname);
    });
    await fresh.goto('/dashboard');
    await expect.poll(() => fresh.getByTestId('patients-at-risk-total').isVisible()).toBe(true);
    await expect
      .poll(() => fresh.getByRole('heading', { name: 'Dashboard', level: 1 }).isVisible())
      .toBe(true);
    expect(apiReads).toEqual([]);
    await fresh.close();
    for (const [url, heading, content] of pages) {
      await page.goto(url);
      await expect.poll(() => page.getByRole('heading', { name: heading, level: 1 }).isVisible()).toBe(true);
      await expect.poll(() => content().isVisible()).toBe(true);
      await expectAccessible(page, `${url} @ ${viewport.width}px`);
      await expectNoTruncatedBadges(page, `${url} @ ${viewport.width}px`);
    }
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  // The "Watch" badge's contrast was the one known violation here; the contrast-checked palette
  // (theme.test.ts) fixed it, so /patients is held to the same rule as the other pages.
  it('/patients has no serious or critical violation, nor a cut badge', async () => {
    const { context, page, consoleErrors } = await newVisitor(browser, { viewport });
    await signIn(page, demoLogin.email, demoLogin.password);
    await page.goto('/patients');
    await expect.poll(() => page.getByRole('heading', { name: 'Patients', level: 1 }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('article', { name: 'Emily Carter' }).isVisible()).toBe(true);
    await expectVisible(page.getByRole('article', { name: 'James Whitfield' }).getByText('Watch'));
    await expectAccessible(page, `/patients @ ${viewport.width}px`);
    await expectNoTruncatedBadges(page, `/patients @ ${viewport.width}px`);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
