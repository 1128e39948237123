import { firstAnswersElementId } from '@careloop/contracts/first-reads';

/**
 * GET answers asked for before the code that reads them has loaded (app/signed-in-first-requests.ts),
 * or given in the page's document by the server: the first fetch of the same path takes one, once,
 * instead of asking again. One not taken within `unclaimedMs` is dropped, so a later read asks
 * afresh rather than reading an old answer.
 */
const early = new Map<string, Promise<Response>>();
const unclaimedMs = 10_000;

function keep(path: string, answer: Promise<Response>): Promise<Response> {
  early.set(path, answer);
  // Whoever takes it handles a failure; one nobody takes fails quietly.
  answer.catch(() => undefined);
  setTimeout(() => {
    if (early.get(path) === answer) early.delete(path);
  }, unclaimedMs);
  return answer;
}

/** Asks for `path` (same origin, JSON) now, for the first fetch of it to take. */
export function requestEarly(path: string): Promise<Response> {
  return keep(path, fetch(path, { headers: { Accept: 'application/json' }, credentials: 'same-origin' }));
}

/**
 * Keeps the answers the server wrote into this document (its JSON data block, by path) as early
 * answers, and answers them; null when the document carries none. The block is read once and removed.
 */
export function keepDocumentAnswers(): Record<string, unknown> | null {
  if (typeof document === 'undefined') return null;
  const element = document.getElementById(firstAnswersElementId);
  if (!element) return null;
  element.remove();
  let answers: unknown;
  try {
    answers = JSON.parse(element.textContent ?? '');
  } catch {
    return null;
  }
  if (typeof answers !== 'object' || answers === null || Array.isArray(answers)) return null;
  const given = answers as Record<string, unknown>;
  for (const [path, body] of Object.entries(given)) {
    const response = new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
    keep(path, Promise.resolve(response));
  }
  return given;
}

/** The path and query of a same-origin address, the key an early answer is kept under. */
function sameOriginPath(input: RequestInfo | URL): string | undefined {
  if (typeof window === 'undefined') return undefined;
  const address = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const url = new URL(address, window.location.href);
  return url.origin === window.location.origin ? url.pathname + url.search : undefined;
}

/** The early answer for a plain GET of `input`, taken (a second GET asks the network), if one is kept. */
export function takeEarlyAnswer(input: RequestInfo | URL, init?: RequestInit): Promise<Response> | undefined {
  if (early.size === 0 || input instanceof Request) return undefined;
  if ((init?.method ?? 'GET').toUpperCase() !== 'GET' || init?.body) return undefined;
  const path = sameOriginPath(input);
  if (!path) return undefined;
  const answer = early.get(path);
  early.delete(path);
  return answer;
}

/** Drops every answer not taken yet (tests: files share one module graph, and so this map). */
export function dropEarlyAnswers(): void {
  early.clear();
}
