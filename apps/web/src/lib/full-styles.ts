// A pre-rendered page (ADR 002) links a small sheet with the rules its HTML can use, and names the
// whole sheet (menus, dialogs, toasts, loaders, other pages) as a prefetch: the browser fetches it
// into its cache but does not parse it, so it adds nothing to the first screen's work (linked as a
// print sheet it was parsed at load: a 113 ms task of a phone's CPU in Lighthouse's figures).
// Switching the whole sheet on restyles the whole document, so it happens only once something may
// show what the small sheet lacks: a page rendered in the browser, the first interaction (a hover, a
// tap, a key, a focus), a move to another page, a page that fetches (what it shows depends on the
// answer), a caught error.

const fullStylesSelector = 'link[data-full-styles]';

/** Applies the whole style sheet to the page (once; later calls do nothing). */
export function applyFullStyles(root: ParentNode = document): void {
  for (const link of root.querySelectorAll<HTMLLinkElement>(fullStylesSelector)) {
    if (link.rel !== 'stylesheet') link.rel = 'stylesheet';
    if (link.media !== 'all') link.media = 'all';
  }
}

/** The first signs of a visitor acting on the page; any of them may open what the small sheet lacks. */
const interactionEvents = [
  'pointerdown',
  'pointermove',
  'keydown',
  'touchstart',
  'focusin',
  'popstate',
] as const;

/**
 * Applies the whole sheet at the visitor's first interaction with the page (or a move back or
 * forward in the history). Returns a function that stops listening.
 */
export function applyFullStylesOnFirstInteraction(target: Window = window): () => void {
  const options = { capture: true, passive: true } as const;
  const stop = () => {
    for (const type of interactionEvents) target.removeEventListener(type, onInteraction, options);
  };
  function onInteraction() {
    stop();
    applyFullStyles(target.document);
  }
  for (const type of interactionEvents) target.addEventListener(type, onInteraction, options);
  return stop;
}
