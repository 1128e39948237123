import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  demoLogin,
  expectAccessible,
  launchBrowser,
  newVisitor,
  signIn,
  signInThroughForm,
  viewports,
} from './support/browser';

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
  // The public routes, /login and /signup among them, are walked by public-site-axe.spec.ts.
  it('an unknown path (the 404 page) has no serious or critical violation', async () => {
    const path = '/no-such-page';
    const { context, page, consoleErrors } = await newVisitor(browser, { viewport });
    await page.goto(path);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().isVisible()).toBe(true);
    await expectAccessible(page, `${path} @ ${viewport.width}px`);
    // An unknown path answers a real 404, which the browser itself reports on the console.
    expect(consoleErrors).toEqual([
      `Failed to load resource: the server responded with a status of 404 (Not Found) at ${path}`,
    ]);
    await context.close();
  });

  it('the signed-in shell has no serious or critical violation', async () => {
    const { context, page } = await newVisitor(browser, { viewport });
    await signInThroughForm(page, demoLogin.email, demoLogin.password);
    await expect.poll(() => page.getByRole('heading', { name: 'Dashboard' }).isVisible()).toBe(true);
    await expectAccessible(page, `/dashboard @ ${viewport.width}px`);
    await context.close();
  });
});

describe('the shell', () => {
  it('every sidebar entry opens a page of its own, never Page not found', async () => {
    const { context, page, consoleErrors } = await newVisitor(browser);
    await signIn(page, demoLogin.email, demoLogin.password);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect.poll(() => nav.getByRole('link', { name: 'Dashboard' }).isVisible()).toBe(true);
    const entries = await nav.getByRole('link').evaluateAll((links) =>
      links.map((link) => ({
        name: link.textContent?.trim() ?? '',
        href: link.getAttribute('href') ?? '',
      })),
    );
    expect(entries.map((e) => e.name)).toEqual([
      'Dashboard',
      'Analytics',
      'Onboarding',
      'Patients',
      'Reviews',
      'Cases',
      'Conversations',
      'AI Follow-Up',
      'Enterprise',
      'Testing Checklist',
      'Settings',
    ]);
    for (const entry of entries) {
      await nav.getByRole('link', { name: entry.name, exact: true }).click();
      await expect.poll(() => new URL(page.url()).pathname, { message: entry.name }).toBe(entry.href);
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).first().isVisible(), { message: entry.name })
        .toBe(true);
      expect(await page.getByText('Page not found').count(), entry.name).toBe(0);
    }
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('collapses the sidebar with Ctrl+B and keeps the state in a 7-day cookie', async () => {
    const { context, page } = await newVisitor(browser);
    await signIn(page, demoLogin.email, demoLogin.password);
    await page.keyboard.press('Control+b');
    await expect
      .poll(async () => (await context.cookies()).find((c) => c.name === 'sidebar_state')?.value)
      .toBeDefined();
    const cookie = (await context.cookies()).find((c) => c.name === 'sidebar_state')!;
    const lifetime = cookie.expires - Date.now() / 1000;
    expect(lifetime).toBeGreaterThan(604_800 - 120);
    expect(lifetime).toBeLessThanOrEqual(604_800 + 5);
    await context.close();
  });

  it('an unknown path inside the app logs the 404', async () => {
    const { context, page } = await newVisitor(browser);
    const reported = page.waitForRequest((r) => r.url().endsWith('/api/log-error') && r.method() === 'POST');
    await page.goto('/definitely-missing');
    const body = (await reported).postDataJSON() as { error_type: string; url: string };
    expect(body.error_type).toBe('page_not_found');
    expect(body.url).toContain('/definitely-missing');
    await context.close();
  });
});
