import { useEffect } from 'react';

// The public layout says when the page under it is live (hydrated, or rendered in the browser),
// for the small entry that held what the visitor did before (main.tsx, lib/first-interaction.ts).

const waiting = new Set<() => void>();

/** Calls `callback` once, the next time a page has gone live. */
export function onceThePageIsLive(callback: () => void): void {
  waiting.add(callback);
}

/**
 * Rendered beside the page in the same Suspense boundary: its effect runs once the page has
 * committed, with everything but its own deferred parts (which hold their clicks themselves).
 */
export function PageLiveSignal() {
  useEffect(() => {
    const callbacks = [...waiting];
    waiting.clear();
    for (const callback of callbacks) callback();
  }, []);
  return null;
}
