import {
  type ComponentType,
  lazy,
  memo,
  type ReactNode,
  Suspense,
  use,
  useEffect,
  useState,
  useSyncExternalStore,
} from 'react';
import { useLocation } from 'react-router';
import { withNamespaces } from '../../lib/lazy-page';
import { belowTheFirstScreen, InPartBelowTheFirstScreen } from './below-the-first-screen';

// A pre-rendered page (ADR 002) arrives as full HTML, so content below the first screen needs its
// code only when it can be seen or used: until it nears the viewport, hydration leaves that part as
// the HTML it is (React keeps a suspended boundary's server markup), and the first load carries
// less JavaScript (the public site's budget: 150 kB compressed). Rendered in the browser (a visit
// from another page, or a page pre-rendered in another language), the part loads at once.

const markerAttribute = 'data-hydrate-when-visible';
/** How far below the viewport a part starts loading: a fast scroll still finds it ready. */
const loadAheadMargin = '600px 0px';

type DeferredPart = {
  /** Resolves once the part is near the viewport, or is clicked or focused. */
  nearViewport: Promise<void>;
  /** Answers the clicks the part took before it was live, to be made again once it is. */
  takeEarlyClicks: () => HTMLElement[];
  /** Lets the part load now, wherever it is. */
  start: () => void;
};

const deferredParts = new Map<string, DeferredPart>();

/**
 * Watches the server-rendered part `id` (once per page load). A click on the part before it is live
 * starts its loading at once and is made again once it is live: a button must not ignore a quick
 * scroll-and-tap. A link is left to the browser (it still opens its page).
 */
function deferredPart(id: string): DeferredPart {
  const known = deferredParts.get(id);
  if (known) return known;
  const element = document.querySelector(`[${markerAttribute}="${id}"]`);
  if (!element || typeof IntersectionObserver === 'undefined') {
    const part = { nearViewport: Promise.resolve(), takeEarlyClicks: () => [], start: () => {} };
    deferredParts.set(id, part);
    return part;
  }
  let resolve = () => {};
  const nearViewport = new Promise<void>((settle) => {
    resolve = settle;
  });
  let earlyClicks: HTMLElement[] = [];
  const start = () => {
    observer.disconnect();
    window.removeEventListener('focusin', onFocus, { capture: true });
    resolve();
  };
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) start();
    },
    { rootMargin: loadAheadMargin },
  );
  const isInPart = (event: Event) => event.target instanceof Node && element.contains(event.target);
  const onFocus = (event: Event) => {
    if (isInPart(event)) start();
  };
  const onClick = (event: Event) => {
    if (!isInPart(event)) return;
    const target = event.target instanceof HTMLElement ? event.target : null;
    if (target && !target.closest('a[href]')) {
      event.preventDefault();
      earlyClicks.push(target);
    }
    start();
  };
  observer.observe(element);
  // On the window, in the capture phase: React stops a click or focus aimed at a part it could not
  // hydrate yet before it reaches the part.
  window.addEventListener('click', onClick, { capture: true });
  window.addEventListener('focusin', onFocus, { capture: true });
  const part: DeferredPart = {
    nearViewport,
    start,
    takeEarlyClicks: () => {
      window.removeEventListener('click', onClick, { capture: true });
      const clicks = earlyClicks;
      earlyClicks = [];
      return clicks;
    },
  };
  deferredParts.set(id, part);
  return part;
}

/**
 * Watches every deferred part of the page now. A page hydrated at the visitor's first interaction
 * (main.tsx) makes the clicks it held again once live: React leaves a part's boundary for later, so
 * the part must already catch a click aimed at it, as it would have had the page hydrated at start.
 */
export function watchDeferredParts(): void {
  for (const element of document.querySelectorAll(`[${markerAttribute}]`)) {
    const id = element.getAttribute(markerAttribute);
    if (id) deferredPart(id);
  }
}

/**
 * A part that stays on screen while the visitor moves to another page (the public layout's footer)
 * is still waiting when the move renders: React must hydrate it before it can show the new page
 * (a move is a transition, which waits), so every waiting part loads from the first move on. Call
 * it in a layout above such parts; it runs while rendering, since the move does not commit first.
 */
export function useHydrateWaitingPartsOnMove(): void {
  const location = useLocation();
  const [firstLocation] = useState(location);
  if (location !== firstLocation) for (const part of deferredParts.values()) part.start();
}

const subscribeToNothing = () => () => {};

/**
 * True while React hydrates server HTML (it reads the server snapshot then), false in a render in
 * the browser: a page rendered afresh must not wait for a scroll that its own HTML cannot trigger.
 */
function useIsHydrating(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
}

function WaitUntilNearViewport({ id, children }: { id: string; children: ReactNode }) {
  const isHydrating = useIsHydrating();
  if (isHydrating && typeof document !== 'undefined') use(deferredPart(id).nearViewport);
  // Live now (hydrated, or rendered in the browser): the clicks that came too early, made again on
  // the same elements (hydration keeps the server's DOM nodes).
  useEffect(() => {
    for (const target of deferredParts.get(id)?.takeEarlyClicks() ?? []) {
      if (target.isConnected) target.click();
    }
  }, [id]);
  return (
    <div {...{ [markerAttribute]: id }} style={belowTheFirstScreen}>
      <InPartBelowTheFirstScreen value={true}>{children}</InPartBelowTheFirstScreen>
    </div>
  );
}

// The build's pre-rendering notes the translations a deferred part uses, so that the page's HTML
// does not preload them with the rest (prerender/render-page.tsx).
const deferredNamespaces = new Set<string>();

/** The translation namespaces deferred parts used in the pre-rendering since the last call. */
export function takeDeferredNamespaces(): string[] {
  const namespaces = [...deferredNamespaces];
  deferredNamespaces.clear();
  return namespaces;
}

/**
 * A part of a pre-rendered page hydrated only near the viewport: `load` brings its code, in a chunk
 * of its own, and `namespaces` the translations only it uses (loaded beside the code, not with the
 * page). Memo keeps a parent's re-render (the layout's, at each move to another page) from reaching
 * a part still waiting, which React would then render afresh.
 */
export function hydrateWhenVisible(
  id: string,
  namespaces: string[],
  load: () => Promise<{ default: ComponentType }>,
) {
  const Part = lazy(() => withNamespaces(namespaces, load));
  return memo(function HydratedWhenVisible() {
    if (typeof document === 'undefined')
      for (const namespace of namespaces) deferredNamespaces.add(namespace);
    return (
      <Suspense fallback={null}>
        <WaitUntilNearViewport id={id}>
          <Part />
        </WaitUntilNearViewport>
      </Suspense>
    );
  });
}
