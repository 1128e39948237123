import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Database } from '../db/client';
import { countHit } from '../db/rate-limit-counter';

type IncrCallback = Parameters<FastifyRateLimitStore['incr']>[1];

/** @fastify/rate-limit counters in the database (one per route and client), shared by every web process. */
export function createDatabaseRateLimitStore(db: Database) {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    prefix = 'api:';
    incr(key: string, callback: IncrCallback, timeWindow: number) {
      countHit(db, this.prefix + key, timeWindow)
        .then(({ count, resetsInMs }) => callback(null, { current: count, ttl: resetsInMs }))
        .catch((error: Error) => callback(error));
    }
    child(routeOptions: { method: string | string[]; url: string }) {
      const store = new DatabaseRateLimitStore();
      store.prefix = `api:${String(routeOptions.method)}:${routeOptions.url}:`;
      return store;
    }
  }
  return DatabaseRateLimitStore;
}
