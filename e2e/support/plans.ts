import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The signed-in owner upgrades the clinic to Professional through the Stripe sandbox's Checkout. */
export async function upgradeToProfessional(page: Page) {
  await page.goto('/settings?tab=plan');
  const professional = page.getByRole('article', { name: 'Professional' });
  await expect.poll(() => professional.isVisible()).toBe(true);
  await professional.getByRole('button', { name: 'Upgrade to Professional' }).click();
  await page.waitForURL('**/sandbox/stripe/checkout/cs_test_*');
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL('**/settings?tab=plan&checkout=success*');
  await expect.poll(() => professional.getByText('Current plan').isVisible()).toBe(true);
}
