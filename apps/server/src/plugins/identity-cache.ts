import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SignedInRow } from '../modules/clinics/clinics.service';

/**
 * The signed-in row (session, user, membership, clinic) of a session token, kept for a moment so that
 * a burst of reads does not pay a database round trip each (the identity statement was a third of the
 * statements of a cheap list request). Two rules keep it honest:
 * - an entry lives `ttlMs` at most, so a session revoked by another process (another web process, a
 *   direct database change) is refused within that time;
 * - any write request this process handles (sign-out, a role change, clinic settings...) ends every
 *   entry, at its start and at its end, so this process's own changes are seen at once. An entry
 *   read while a write ran carries the older generation and is never used. Writes that cannot
 *   change who anyone is are left out: routes declaring `keepsIdentities` (a patient added or
 *   edited) and the public API's (`bearer`: an API client writes no session, user or clinic).
 */
export type IdentityCache = {
  /** The generation to read under: pass it back to `store`. */
  generation(): number;
  find(token: string, now: number): SignedInRow | null;
  store(token: string, row: SignedInRow, generation: number, now: number): void;
  /** The session was written (activity, slide): later reads see the change. */
  forget(token: string): void;
  /** Something may have changed who anyone is. */
  endAll(): void;
};

const maxEntries = 10_000;

export function createIdentityCache(ttlMs: number): IdentityCache {
  const entries = new Map<string, { row: SignedInRow; generation: number; storedAt: number }>();
  let generation = 0;
  return {
    generation: () => generation,
    find(token, now) {
      if (ttlMs <= 0) return null;
      const entry = entries.get(token);
      if (!entry) return null;
      if (entry.generation !== generation || now - entry.storedAt >= ttlMs) {
        entries.delete(token);
        return null;
      }
      return entry.row;
    },
    store(token, row, atGeneration, now) {
      if (ttlMs <= 0 || atGeneration !== generation) return;
      if (entries.size >= maxEntries) entries.clear();
      entries.set(token, { row, generation: atGeneration, storedAt: now });
    },
    forget(token) {
      entries.delete(token);
    },
    endAll() {
      generation++;
      entries.clear();
    },
  };
}

const readMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

const mayChangeIdentities = (request: FastifyRequest) => {
  if (readMethods.has(request.method)) return false;
  const config = request.routeOptions.config;
  return !(config.keepsIdentities === true || config.access === 'bearer');
};

/** Every write request that may change who someone is ends the cached identities (signed-in users', API clients'), when it starts and when it has answered. */
export function registerIdentityCacheReset(app: FastifyInstance, caches: Pick<IdentityCache, 'endAll'>[]) {
  const endAll = () => {
    for (const cache of caches) cache.endAll();
  };
  app.addHook('onRequest', (request, _reply, done) => {
    if (mayChangeIdentities(request)) endAll();
    done();
  });
  app.addHook('onResponse', (request, _reply, done) => {
    if (mayChangeIdentities(request)) endAll();
    done();
  });
}
