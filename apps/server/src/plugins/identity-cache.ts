import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createEndMarks } from '../lib/cache-end-marks';
import type { SignedInRow } from '../modules/clinics/clinics.service';

/**
 * The signed-in row (session, user, membership, clinic) of a session token, kept for a moment so that
 * a burst of reads does not pay a database round trip each (the identity statement was a third of the
 * statements of a cheap list request). Two rules keep it honest:
 * - an entry lives `ttlMs` at most, so a session revoked by another process (another web process, a
 *   direct database change) is refused within that time;
 * - a write request this process handles that may change who someone is reads its own caller
 *   afresh, and ends, at its start and at its end, the entries it may change: those of the caller's clinic when the route is a clinic's own
 *   (`member`, `manager`, `owner`: it changes nothing of another clinic), every entry otherwise
 *   (sign-in and sign-out, invitations, an operator's plan change, a provider's webhook). An entry
 *   read while such a write ran is never used. Writes that cannot change who anyone is are left out:
 *   routes declaring `keepsIdentities` (a patient added or edited) and the public API's (`bearer`:
 *   an API client writes no session, user or clinic).
 */
export type IdentityCache = {
  /** The mark to read under: pass it back to `store`. */
  generation(): number;
  find(token: string, now: number): SignedInRow | null;
  store(token: string, row: SignedInRow, generation: number, now: number): void;
  /** The session was written (activity, slide): later reads see the change. */
  forget(token: string): void;
  /** Something may have changed who anyone is. */
  endAll(): void;
  /** Something may have changed who anyone of this clinic is (its members, roles, plan, settings). */
  endClinic(clinicId: string): void;
};

const maxEntries = 10_000;

export function createIdentityCache(ttlMs: number): IdentityCache {
  const entries = new Map<string, { row: SignedInRow; readAt: number; storedAt: number }>();
  const marks = createEndMarks();
  const clinicOf = (row: SignedInRow) => row.membership?.clinicId ?? null;
  return {
    generation: marks.mark,
    find(token, now) {
      if (ttlMs <= 0) return null;
      const entry = entries.get(token);
      if (!entry) return null;
      if (!marks.isCurrent(clinicOf(entry.row), entry.readAt) || now - entry.storedAt >= ttlMs) {
        entries.delete(token);
        return null;
      }
      return entry.row;
    },
    store(token, row, readAt, now) {
      if (ttlMs <= 0 || !marks.isCurrent(clinicOf(row), readAt)) return;
      if (entries.size >= maxEntries) entries.clear();
      entries.set(token, { row, readAt, storedAt: now });
    },
    forget(token) {
      entries.delete(token);
    },
    endAll() {
      marks.endAll();
      entries.clear();
    },
    endClinic(clinicId) {
      marks.endClinic(clinicId);
    },
  };
}

const readMethods = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Route kinds whose writes change only the caller's clinic (tenancy: another clinic's record is a 404). */
const clinicAccess = new Set(['member', 'manager', 'owner']);

type Reach = 'none' | 'clinic' | 'all';

/** Whom a request may change: no one (a read, a patient, the public API), the caller's clinic, anyone. */
const reachOf = (request: FastifyRequest): Reach => {
  if (readMethods.has(request.method)) return 'none';
  const config = request.routeOptions.config;
  if (config.keepsIdentities === true || config.access === 'bearer') return 'none';
  return config.access !== undefined && clinicAccess.has(config.access) ? 'clinic' : 'all';
};

/** A write that may change who someone is resolves its own caller afresh, never from what is kept. */
export const mayChangeIdentities = (request: FastifyRequest) => reachOf(request) !== 'none';

type EndableCache = Pick<IdentityCache, 'endAll' | 'endClinic'>;

/**
 * Every write request that may change who someone is ends the cached identities it may change
 * (signed-in users', API clients'), when it starts and when it has answered: every entry, or the
 * caller's clinic's on a clinic's own route (its clinic is known once the access hook has run, so
 * its start is marked before the body is parsed).
 */
export function registerIdentityCacheReset(app: FastifyInstance, caches: EndableCache[]) {
  const end = (request: FastifyRequest) => {
    const reach = reachOf(request);
    if (reach === 'all') for (const cache of caches) cache.endAll();
    const clinicId = request.clinicContext?.clinicId;
    if (reach === 'clinic' && clinicId) for (const cache of caches) cache.endClinic(clinicId);
  };
  app.addHook('onRequest', (request, _reply, done) => {
    if (reachOf(request) === 'all') end(request);
    done();
  });
  app.addHook('preParsing', (request, _reply, payload, done) => {
    if (reachOf(request) === 'clinic') end(request);
    done(null, payload);
  });
  app.addHook('onResponse', (request, _reply, done) => {
    end(request);
    done();
  });
}
