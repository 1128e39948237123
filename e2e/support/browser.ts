import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { appearanceGuard } from '../../vitest.timeouts.ts';
import { thisServer } from './server';

export const baseUrl = () => thisServer().baseUrl;

export const viewports = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 375, height: 812 },
} as const;

/**
 * Debian's headless shell (package chromium-headless-shell: the same Chromium without the browser's
 * own UI, the build Playwright itself runs headless; a page load took a third less CPU than in the
 * full browser, whose UI renderers run even headless), else the full Chromium; with the flags this
 * machine needs (no sandbox as root, no background networking).
 */
const chromiumPath =
  process.env.CHROMIUM_PATH ??
  ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium'].find((file) => existsSync(file));

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    ...(chromiumPath ? { executablePath: chromiumPath } : {}),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A fresh context that stands for one person: its own cookies, storage and client address. */
export async function newVisitor(
  browser: Browser,
  options: {
    viewport?: { width: number; height: number };
    language?: 'en' | 'es' | 'tr';
    /** Where the browser says it is (navigator.languages, Intl's zone): `es-ES`, `Europe/Madrid`. */
    locale?: string;
    timezoneId?: string;
  } = {},
): Promise<{ context: BrowserContext; page: Page; consoleErrors: string[] }> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    ...(options.locale ? { locale: options.locale } : {}),
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
    viewport: options.viewport ?? viewports.desktop,
    // axe measures colours as they are at that instant: a toast fading in or out has text of lower
    // contrast than the toast itself (it failed onboarding's axe once). Transitions take 1 ms for
    // someone who prefers reduced motion, so no check lands inside one.
    reducedMotion: 'reduce',
    extraHTTPHeaders: { 'x-forwarded-for': `198.18.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0]! % 250)}` },
  });
  if (options.language) {
    const language = options.language;
    await context.addInitScript((lang) => window.localStorage.setItem('careloop.language', lang), language);
  }
  // Clicks, fills and page loads wait as long as every other appearance (Playwright's own 30 s is a
  // speed budget).
  context.setDefaultTimeout(appearanceGuard);
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    // Chromium's "Failed to load resource" does not say which: its address is the message's location.
    const resource = message.text().startsWith('Failed to load resource') ? message.location().url : '';
    consoleErrors.push(resource ? `${message.text()} at ${new URL(resource).pathname}` : message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  return { context, page, consoleErrors };
}

/** axe on the page as it is: no serious or critical violation may remain. */
export async function expectAccessible(page: Page, label: string) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
  // Legacy mode runs axe once in the page itself; the default mode opens a blank page after each
  // run to merge the frames' results and injects axe (640 kB) there again, which doubled the time of
  // every check. Our pages have no iframes, the one thing the default mode is for. Only violations
  // come back with their nodes (the passes' nodes were ~500 kB of JSON a run, never read).
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  expect(await page.locator('iframe').count(), `${label} has an iframe: axe in legacy mode skips it`).toBe(0);
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `axe on ${label}`).toEqual([]);
}

/**
 * Scrolls the element into view and waits until the page holds still around it: the same box, page
 * height and scroll position for ten frames in a row. A jump from the top to the footer of a public
 * page brings its parts below the first screen near the viewport at once (content-visibility: auto,
 * sized by a placeholder until laid out), so for a few frames the page grows, shrinks and re-anchors
 * its scroll. Playwright's click takes its point in that time (it waits for two still frames): on a
 * loaded machine it pressed the footer's grid where the link had just been (1 click in 4 to 10 at 4x
 * CPU throttling, with or without the signed-in chunk groups) and reported the click done. A visitor
 * taps where the link is once they see it, never in the 100-200 ms after a jump; the test does the same.
 */
export async function scrollIntoSettledView(locator: Locator) {
  await locator.scrollIntoViewIfNeeded();
  const element = await locator.elementHandle();
  // Counted under a key of this call's own: a second call for the same element starts at 0 frames.
  const key = `settle-${Math.random().toString(36).slice(2)}`;
  await locator.page().waitForFunction(
    ([el, ownKey]) => {
      const watched = el as unknown as Record<string, { last: string; frames: number } | undefined> & Element;
      const box = watched.getBoundingClientRect();
      if (box.top < 0 || box.bottom > window.innerHeight) watched.scrollIntoView({ block: 'center' });
      const now = `${box.top},${box.left},${document.documentElement.scrollHeight},${window.scrollY}`;
      const settle = watched[ownKey] ?? { last: '', frames: 0 };
      settle.frames = now === settle.last ? settle.frames + 1 : 0;
      settle.last = now;
      watched[ownKey] = settle;
      return settle.frames >= 10;
    },
    [element, key] as const,
    { polling: 'raf' },
  );
}

/**
 * The element comes on screen, waiting as Playwright's own assertions do. A one-shot
 * `isVisible()` right after an action reads the page before the data behind it has arrived (the
 * Manage billing button of a plan that had just changed failed that way once in CI).
 */
export async function expectVisible(locator: Locator, timeout = appearanceGuard) {
  await locator.waitFor({ state: 'visible', timeout });
}

/**
 * Closes every toast on screen and waits until none is left. Each close is tried once with a short
 * wait: a toast can close by itself between the count and the click, and a click on a toast that
 * has gone would otherwise wait the full 30 s action timeout (it did, in two specs).
 */
export async function closeToasts(page: Page) {
  const close = page.getByRole('button', { name: 'Close notification' });
  await expect
    .poll(async () => {
      if ((await close.count()) > 0)
        await close
          .first()
          .click({ timeout: 1000 })
          .catch(() => undefined);
      return page.locator('.mantine-Notification-root').count();
    })
    .toBe(0);
}

export const demoLogin = { email: 'demo@careloop.local', password: 'careloop-demo' } as const;

/**
 * Signs in with the login form's own request (better-auth's sign-in; the cookie lands in the page's
 * context) and opens /dashboard. The form itself is walked by auth-journey and team-invitation;
 * here it would repeat a page load for each of the ~25 sign-ins of the specs.
 */
export async function signIn(page: Page, email: string, password: string) {
  const answer = await page.context().request.post('/api/auth/sign-in/email', { data: { email, password } });
  expect(answer.status(), await answer.text()).toBe(200);
  await page.goto('/dashboard');
  await page.waitForURL('**/dashboard');
}

export async function signInThroughForm(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: /^Email/ }).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/dashboard');
}

/** No status badge on the page is cut short ("COMPLE…"): each label shows its whole text. */
export async function expectNoTruncatedBadges(page: Page, label: string) {
  const cut = await page.locator('.mantine-Badge-root').evaluateAll((badges) =>
    badges
      .filter((badge) => (badge as HTMLElement).offsetWidth > 0)
      .filter((badge) => {
        const text = badge.querySelector('.mantine-Badge-label') ?? badge;
        return text.scrollWidth > text.clientWidth + 1 || badge.scrollWidth > badge.clientWidth + 1;
      })
      .map((badge) => badge.textContent ?? ''),
  );
  expect(cut, `truncated badges on ${label}`).toEqual([]);
  // A badge that keeps its width must not push the page sideways either.
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0], `page width on ${label}`).toBeLessThanOrEqual(widths[1]!);
}

/**
 * A toast on screen opens below the header, not over its buttons. Both boxes are read in
 * the same poll: right after a sign-in the page changes layout (the public header goes, the app
 * shell's comes, the toasts move below it), and a box read in between is of no element on screen.
 */
export async function expectToastBelowHeader(page: Page) {
  const toast = page.locator('.mantine-Notification-root').first();
  const header = page.locator('header').first();
  await expect
    .poll(async () => {
      const toastBox = await toast.boundingBox({ timeout: 1000 }).catch(() => null);
      const headerBox = await header.boundingBox({ timeout: 1000 }).catch(() => null);
      if (!toastBox || !headerBox) return 'toast or header not on screen';
      return toastBox.y >= headerBox.y + headerBox.height ? 'below the header' : 'over the header';
    })
    .toBe('below the header');
}
