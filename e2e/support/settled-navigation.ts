import type { Page, Request } from 'playwright-core';
import { appearanceGuard } from '../../vitest.timeouts.ts';

/**
 * Opens a path and returns once the page has settled: loaded, no request of its own in flight, and the
 * main thread idle with still none in flight (hydration and the chunks it asks for are done). Playwright's
 * `networkidle` says the same but only after 500 ms without a request, which every navigation paid.
 */
export async function gotoSettled(page: Page, path: string) {
  const inFlight = new Set<Request>();
  const started = (request: Request) => inFlight.add(request);
  const ended = (request: Request) => inFlight.delete(request);
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    await page.goto(path, { waitUntil: 'load' });
    const deadline = Date.now() + appearanceGuard;
    for (;;) {
      if (inFlight.size > 0) {
        if (Date.now() > deadline) {
          throw new Error(`${path} still fetching: ${[...inFlight].map((r) => r.url()).join(', ')}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
        continue;
      }
      // Idle main thread: no task (hydration slice, script evaluation) left queued. Bounded: Chromium
      // runs an idle callback only when the main thread has a free moment, and a page kept busy (a
      // loaded machine, the app files prefetched one an idle moment) can go without one for minutes:
      // a CI run waited here until the test's 300 s guard. After 2 s the requests are looked at again.
      await page.evaluate(
        () => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 2000 })),
      );
      if (inFlight.size === 0) return;
    }
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}
