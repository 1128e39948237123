import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, expectVisible, launchBrowser, viewports } from './support/browser';
import { signUpNewClinic } from './support/new-clinic';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** axe on the step as it is, at desktop width and again at 375 px. */
async function expectStepAccessible(page: Page, label: string) {
  await expectAccessible(page, `${label} (desktop)`);
  await page.setViewportSize(viewports.mobile);
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= 375)).toBe(true);
  await expectAccessible(page, `${label} (375 px)`);
  await page.setViewportSize(viewports.desktop);
}

const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name });
const progressText = (page: Page) => page.getByText(/^Step \d of 4 · \d+% complete$/);

describe('the onboarding wizard', () => {
  it('a new clinic completes it, resuming once after Save & Exit, and is offered the other channel', async () => {
    const { context, page, consoleErrors, email, practiceName } = await signUpNewClinic(browser);
    const handle = email.split('@')[0]!;

    // The dashboard leads a clinic that has not finished the setup to the wizard.
    await page.getByRole('link', { name: 'Start setup' }).click();
    await page.waitForURL('**/onboarding');

    // Step 1: the practice name and the owner's e-mail come from sign-up.
    await expect.poll(() => stepHeading(page, 'Clinic Profile').isVisible()).toBe(true);
    expect(await progressText(page).textContent()).toBe('Step 1 of 4 · 25% complete');
    expect(await page.getByRole('textbox', { name: /^Clinic name/ }).inputValue()).toBe(practiceName);
    expect(await page.getByRole('textbox', { name: /^Contact email/ }).inputValue()).toBe(email);
    const next = page.getByRole('button', { name: 'Next' });
    expect(await next.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Previous' }).count()).toBe(0);
    await page.getByRole('textbox', { name: /^Phone/ }).fill('+14155550199');
    await page.getByRole('combobox', { name: /^Category/ }).click();
    await page.getByRole('option', { name: 'Dental' }).click();
    await expect.poll(() => next.isEnabled()).toBe(true);
    await expectStepAccessible(page, 'wizard step 1');
    await next.click();

    // Step 2: WhatsApp or SMS; this clinic takes the visible "SMS only" choice.
    await expect.poll(() => stepHeading(page, 'WhatsApp Setup').isVisible()).toBe(true);
    expect(await progressText(page).textContent()).toBe('Step 2 of 4 · 50% complete');
    await expect.poll(() => page.getByText(`Completed by ${handle}`).isVisible()).toBe(true);
    // A token with the wrong prefix keeps Next disabled with the wizard's message.
    await page.getByLabel(/^Access token/).fill('XYZ-not-a-token');
    await expect.poll(() => page.getByText('Token should start with "EAA"').first().isVisible()).toBe(true);
    expect(await next.isDisabled()).toBe(true);
    await page.getByLabel(/^Access token/).fill('');
    await expectStepAccessible(page, 'wizard step 2');
    await page.getByRole('button', { name: "Skip: I'll use SMS only" }).click();

    // Step 3: SMS is now the clinic's one channel, so it is required; Previous goes back.
    await expect.poll(() => stepHeading(page, 'SMS Setup').isVisible()).toBe(true);
    expect(await progressText(page).textContent()).toBe('Step 3 of 4 · 75% complete');
    expect(await next.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect.poll(() => stepHeading(page, 'WhatsApp Setup').isVisible()).toBe(true);
    await page.getByRole('button', { name: "Skip: I'll use SMS only" }).click();
    await expect.poll(() => stepHeading(page, 'SMS Setup').isVisible()).toBe(true);
    await page.getByRole('textbox', { name: /^Account SID/ }).fill(`AC${'0123456789abcdef'.repeat(2)}`);
    await page.getByLabel(/^Auth token/).fill('f'.repeat(32));
    await page.getByRole('textbox', { name: /^From number/ }).fill('+14155550123');
    await expect.poll(() => next.isEnabled()).toBe(true);
    await expectStepAccessible(page, 'wizard step 3');

    // Save & Exit saves the step and leaves; the dashboard offers to resume.
    await page.getByRole('button', { name: 'Save & Exit' }).click();
    await expect
      .poll(() => page.getByText('Progress Saved - You can resume the setup later').isVisible())
      .toBe(true);
    await page.waitForURL('**/dashboard');
    await page.getByRole('link', { name: 'Resume setup' }).click();
    await page.waitForURL('**/onboarding');

    // Resumed at the saved step plus one: step 4, profile and SMS checked, WhatsApp marked skipped.
    await expect.poll(() => stepHeading(page, 'Message Templates').isVisible()).toBe(true);
    expect(await progressText(page).textContent()).toBe('Step 4 of 4 · 100% complete');
    const stepper = page.getByRole('navigation', { name: 'Setup steps' });
    expect(await stepper.getByText(`Completed by ${handle}`).count()).toBe(2);
    expect(await stepper.getByText('WhatsApp Setup (skipped)').count()).toBe(1);
    expect(await stepper.getByText('Skipped', { exact: true }).count()).toBe(1);
    await expectVisible(page.getByText('Your plan includes up to 3 templates.'));
    const completeSetup = page.getByRole('button', { name: 'Complete Setup' });
    expect(await completeSetup.isDisabled()).toBe(true);

    // Starter templates carry their category and variables; two are added.
    await expectVisible(page.getByText('Review request').first());
    await expectVisible(page.getByText('{{patient_name}}').first());
    await page.getByRole('button', { name: 'Add template: Post-treatment check-in' }).click();
    await page.getByRole('button', { name: 'Add template: Review request' }).click();
    await expect.poll(() => page.getByText('2 of 3 templates used').isVisible()).toBe(true);

    // One custom template: no Remove; two: Remove on each. A blank one does not count.
    const removeCustom = () => page.getByRole('button', { name: /^Remove template [34]$/ });
    await page.getByRole('button', { name: 'Add Custom Template' }).click();
    await expect.poll(() => page.getByRole('textbox', { name: /^Template name/ }).count()).toBe(3);
    expect(await removeCustom().count()).toBe(0);
    await page.getByRole('button', { name: 'Add Custom Template' }).click();
    await expect.poll(() => removeCustom().count()).toBe(2);
    await page
      .getByRole('textbox', { name: /^Template name/ })
      .nth(2)
      .fill('Aftercare tips');
    await page
      .getByRole('textbox', { name: /^Message/ })
      .nth(2)
      .fill('Hi {{patient_name}}, remember to rest after your {{procedure}}.');
    await expect.poll(() => page.getByText('3 of 3 templates used').isVisible()).toBe(true);

    // The plan's limit refuses a fourth with the spec's message.
    await page.getByRole('button', { name: 'Add template: Appointment reminder' }).click();
    await expect
      .poll(() =>
        page
          .getByText('Template Limit Reached - Upgrade to Professional to add more than 3 templates')
          .isVisible(),
      )
      .toBe(true);
    await expectStepAccessible(page, 'wizard step 4');

    // Complete Setup: the blank custom template is left out.
    await expect.poll(() => completeSetup.isEnabled()).toBe(true);
    await completeSetup.click();
    await expect.poll(() => stepHeading(page, 'Setup Complete!').isVisible()).toBe(true);
    const summary = page.getByRole('list', { name: 'Setup summary' });
    await expectVisible(summary.getByText('Templates saved: 3'));
    expect(await summary.getByText('Skipped').count()).toBe(1);
    expect(await summary.getByText('Connected').count()).toBe(1);
    const followUp = page.getByRole('link', { name: 'Go to AI Follow-Up' });
    expect(await followUp.getAttribute('href')).toBe('/followup-automation');
    // The stepper agrees with the summary: three completed, WhatsApp skipped.
    expect(await stepper.getByText(`Completed by ${handle}`).count()).toBe(3);
    expect(await stepper.getByText('WhatsApp Setup (skipped)').count()).toBe(1);

    // Only SMS is set up: the card offers WhatsApp, and 'Maybe later' dismisses it for good.
    const reach = page.getByRole('region', { name: 'Maximize Your Reach' });
    await expect.poll(() => reach.isVisible()).toBe(true);
    await expectVisible(reach.getByRole('button', { name: 'Add WhatsApp' }));
    await expectStepAccessible(page, 'setup complete');
    await reach.getByRole('button', { name: 'Maybe later' }).click();
    await expect.poll(() => reach.count()).toBe(0);
    await page.reload();
    await expect.poll(() => stepHeading(page, 'Setup Complete!').isVisible()).toBe(true);
    expect(await page.getByRole('region', { name: 'Maximize Your Reach' }).count()).toBe(0);

    // The dashboard no longer asks for the setup.
    await page.goto('/dashboard');
    await expect.poll(() => page.getByRole('heading', { name: 'Dashboard' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Total Patients').first().isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: /^(Start|Resume) setup$/ }).count()).toBe(0);

    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
