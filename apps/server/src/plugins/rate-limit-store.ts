import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Database } from '../db/client';
import { countHit } from '../db/rate-limit-counter';

type IncrCallback = Parameters<FastifyRateLimitStore['incr']>[1];

/**
 * What @fastify/rate-limit hands `child()`: its merged options, with the route under `routeInfo`
 * (the route's options for a `config.rateLimit` route; `{}` for `app.rateLimit(...)`, which names
 * its counter with `groupId`).
 */
export type RateLimitChildOptions = {
  routeInfo?: { method?: string | string[]; url?: string };
  groupId?: string;
};

/** The counter name of one limit: its route (method and path pattern), or its group. */
export function counterPrefix(options: RateLimitChildOptions): string {
  const { method, url } = options.routeInfo ?? {};
  if (method && url) return `api:${[method].flat().join(',')}:${url}:`;
  if (options.groupId) return `api:group:${options.groupId}:`;
  throw new Error('A rate limit needs a route or a groupId to name its counter');
}

/** @fastify/rate-limit counters in the database (one per route and client), shared by every web process. */
export function createDatabaseRateLimitStore(db: Database) {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    prefix = 'api:';
    incr(key: string, callback: IncrCallback, timeWindow: number) {
      countHit(db, this.prefix + key, timeWindow)
        .then(({ count, resetsInMs }) => callback(null, { current: count, ttl: resetsInMs }))
        .catch((error: Error) => callback(error));
    }
    // The package's types call this argument the route's options; at run time it is the merged
    // limit options with the route under `routeInfo` (index.js, `onRoute` and `createLimiterArgs`).
    child(options: Parameters<FastifyRateLimitStore['child']>[0]) {
      const store = new DatabaseRateLimitStore();
      store.prefix = counterPrefix(options as unknown as RateLimitChildOptions);
      return store;
    }
  }
  return DatabaseRateLimitStore;
}
