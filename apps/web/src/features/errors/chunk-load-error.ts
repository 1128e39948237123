/**
 * A page's code that failed to load (a network drop, or a deploy that replaced the hashed chunks).
 * React.lazy keeps the failed import, so rendering again fails again: only a reload fetches it anew.
 * The messages are the browsers' own: Chromium, Firefox and Safari, and Vite's preload helper.
 */
const chunkLoadMessages = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
];

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError') return true;
  return chunkLoadMessages.some((pattern) => pattern.test(error.message));
}
