import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { expectAccessible, launchBrowser, newVisitor, viewports } from './support/browser';
import { openPublicRoute as open, publicRoutes, translate } from './support/public-routes';

// axe on every public route (public-site.spec.ts holds the site's other journeys).
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each([
  ['desktop', viewports.desktop],
  ['mobile', viewports.mobile],
] as const)('axe at %s', (_name, viewport) => {
  let visitor: Awaited<ReturnType<typeof newVisitor>>;
  beforeAll(async () => {
    visitor = await newVisitor(browser, { viewport, language: 'en' });
  });
  afterAll(async () => {
    await visitor?.context.close();
  });

  it.each(publicRoutes)('$path has no serious or critical violation', async ({ path, h1 }) => {
    await open(visitor.page, path, translate('en', h1));
    await expectAccessible(visitor.page, `${path} @ ${viewport.width}px`);
  });
});
