import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { expectVisible } from './browser';

/** Whole cents of the first US-dollar amount in a text ("$457/month", "$457.00" -> 45700). */
export function centsIn(text: string | null): number {
  const match = /\$([\d,]+)(?:\.(\d{2}))?/.exec(text ?? '');
  expect(match, `no dollar amount in ${JSON.stringify(text)}`).not.toBeNull();
  return Number(match![1]!.replaceAll(',', '')) * 100 + Number(match![2] ?? '0');
}

export type ShownPrice = { totalCents: number; itemisation: string | null };

async function shownIn(scope: Locator): Promise<ShownPrice> {
  const total = scope.getByTestId('plan-price');
  await expectVisible(total);
  return {
    totalCents: centsIn(await total.textContent()),
    itemisation: await scope.getByTestId('plan-price-breakdown').textContent(),
  };
}

/** The Professional plan as the public pricing page shows it. */
export async function pricingPagePrice(page: Page): Promise<ShownPrice> {
  await page.goto('/pricing');
  return shownIn(page.getByRole('article', { name: 'Professional' }));
}

/** The cost calculator with Professional chosen. */
export async function calculatorPrice(page: Page): Promise<ShownPrice> {
  await page.goto('/cost-calculator');
  const option = page.getByText(/^Professional · /);
  await expectVisible(option);
  const optionCents = centsIn(await option.textContent());
  const planPrice = page.getByTestId('plan-price');
  // The page is prerendered: a click that lands before React has taken it over does nothing (it
  // failed CI once), so the choice is clicked again until the page shows it.
  await expect
    .poll(async () => {
      await option.click();
      return centsIn(await planPrice.textContent());
    })
    .toBe(optionCents);
  return shownIn(page.locator('main'));
}

/** The upgrade dialog's recommended plan (already open). */
export async function upgradeDialogPrice(dialog: Locator): Promise<ShownPrice> {
  return shownIn(dialog);
}
