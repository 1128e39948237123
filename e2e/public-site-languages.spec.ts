import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newVisitor } from './support/browser';
import {
  type Language,
  languages,
  openPublicRoute as open,
  publicRoutes,
  translate,
} from './support/public-routes';

// The public site in every language (public-site.spec.ts holds its other journeys; the files run side
// by side).
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

// One context per language, walking route to route: h1 in that language, <html lang>, no console error.
describe.each(languages)('every public route in %s', (language: Language) => {
  let visitor: Awaited<ReturnType<typeof newVisitor>>;
  beforeAll(async () => {
    visitor = await newVisitor(browser, { language });
  });
  afterAll(async () => {
    await visitor?.context.close();
  });

  it.each(publicRoutes)('$path shows its h1, lang and no console error', async ({ path, h1 }) => {
    const { page, consoleErrors } = visitor;
    consoleErrors.length = 0;
    await open(page, path, translate(language, h1));
    expect(await page.locator('html').getAttribute('lang')).toBe(language);
    expect(await page.getByRole('heading', { level: 1 }).count(), `one h1 on ${path}`).toBe(1);
    expect(consoleErrors, `console errors on ${path} (${language})`).toEqual([]);
  });
});
