// A pre-rendered page that only shows content (ADR 002) needs no JavaScript until the visitor acts:
// the small entry (main.tsx) loads the app at the first sign of it. What the visitor does before
// the page is live is held and made again once it is: a click on a button or a label (a click on a
// link is left to the browser, which opens its page), a value typed into a field.

/** The first signs of a visitor about to act: the app starts loading at once. */
const firstSigns = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'focusin'] as const;

/** Calls `act` once, at the visitor's first sign of acting on the page. Returns a function that stops waiting. */
export function onFirstInteraction(act: () => void, target: Window = window): () => void {
  const options = { capture: true, passive: true } as const;
  const stop = () => {
    for (const type of firstSigns) target.removeEventListener(type, onSign, options);
  };
  function onSign() {
    stop();
    act();
  }
  for (const type of firstSigns) target.addEventListener(type, onSign, options);
  return stop;
}

type TypedField = HTMLInputElement | HTMLTextAreaElement;

/**
 * Hydration keeps the value a field shows, typed before the page was live, while the component's
 * state still holds the one rendered on the server: the field is told of its value again, past
 * React's record of the last value it saw, so that its onChange runs.
 */
function retype(field: TypedField): void {
  const typed = field.value;
  if (typed === field.defaultValue) return;
  const prototype =
    field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
  const setOwnValue = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  if (!setOwnValue) return;
  // Through the element: React's record follows the value it rendered (kept in defaultValue).
  field.value = field.defaultValue;
  // Through the prototype: the record does not see it, so React sees a change.
  setOwnValue.call(field, typed);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Holds the clicks and typing aimed at a page that is not live yet, from now until `replay`
 * (made again, on the same elements: hydration keeps the page's DOM nodes) or `release` (dropped).
 */
export function holdEarlyInteractions(target: Window = window): { replay: () => void; release: () => void } {
  const clicks: HTMLElement[] = [];
  const typedFields = new Set<TypedField>();
  const onClick = (event: MouseEvent) => {
    const element = event.target instanceof HTMLElement ? event.target : null;
    if (!element || element.closest('a[href]')) return;
    // Nothing may act on it half-live: a part React hydrated already would answer it twice.
    event.preventDefault();
    event.stopPropagation();
    clicks.push(element);
  };
  const onInput = (event: Event) => {
    const field = event.target;
    if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) typedFields.add(field);
  };
  target.addEventListener('click', onClick, { capture: true });
  target.addEventListener('input', onInput, { capture: true });
  const stopHolding = () => {
    target.removeEventListener('click', onClick, { capture: true });
    target.removeEventListener('input', onInput, { capture: true });
  };
  return {
    release: () => {
      stopHolding();
      clicks.length = 0;
      typedFields.clear();
    },
    replay: () => {
      stopHolding();
      for (const field of typedFields) if (field.isConnected) retype(field);
      for (const element of clicks) if (element.isConnected) element.click();
      clicks.length = 0;
      typedFields.clear();
    },
  };
}

/** The id of the JSON list of the app's files on a page that waits for the visitor (build-public-pages.ts). */
export const appFilesElementId = 'app-files';

/** How many files one idle moment asks for: each request started costs the main thread a little. */
const prefetchesPerIdleMoment = 1;

/**
 * Once the page has loaded, brings the files the app needs into the cache, at the lowest priority
 * and one at a time in idle moments (starting a request cost the main thread 3-26 ms on this
 * machine's host, four times that on the phone Lighthouse simulates: four at once made tasks
 * long enough to block a tap):
 * the first interaction then waits for their evaluation only, not the network. They are not run.
 */
export function prefetchAppFilesOnceLoaded(target: Window = window): void {
  const { document } = target;
  const whenIdle = (work: () => void) => {
    if (typeof target.requestIdleCallback === 'function') target.requestIdleCallback(work);
    else target.setTimeout(work, 50);
  };
  const prefetch = (hrefs: string[]) => {
    for (const href of hrefs.slice(0, prefetchesPerIdleMoment)) {
      const link = document.createElement('link');
      link.rel = 'prefetch';
      // Modules are fetched with CORS: the cached copy must be asked for the same way to be used.
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    const rest = hrefs.slice(prefetchesPerIdleMoment);
    if (rest.length > 0) whenIdle(() => prefetch(rest));
  };
  const start = () => {
    const list = document.getElementById(appFilesElementId)?.textContent;
    if (list) whenIdle(() => prefetch(JSON.parse(list) as string[]));
  };
  if (document.readyState === 'complete') start();
  else target.addEventListener('load', start, { once: true });
}
