import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/errors';

/**
 * NUL (PostgreSQL text cannot hold it) and UTF-16 surrogates without their pair (no UTF-8 form:
 * encodeURIComponent throws, the database gets U+FFFD) are never meaningful input.
 */
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const isUnstorable = (text: string) => text.includes(String.fromCharCode(0)) || loneSurrogate.test(text);

export const unstorableTextMessage = 'Must not contain NUL or unpaired surrogate characters';

type Visit = { value: unknown; key: string; parent: Visit | null };

const pathOf = (visit: Visit): string => {
  const keys: string[] = [];
  for (let at: Visit | null = visit; at?.parent; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
};

/**
 * The path of the first string holding unstorable text ('' for the value itself), or null.
 * Walked with a stack of its own, not recursion: the depth of a value is the sender's choice.
 */
export function findUnstorableText(value: unknown): string | null {
  const pending: Visit[] = [{ value, key: '', parent: null }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    if (visit.parent && isUnstorable(visit.key)) return pathOf(visit);
    const current = visit.value;
    if (typeof current === 'string') {
      if (isUnstorable(current)) return pathOf(visit);
      continue;
    }
    if (current === null || typeof current !== 'object' || Buffer.isBuffer(current)) continue;
    const entries = Object.entries(current);
    // Reversed onto the stack, so fields are searched in their order, depth first.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i] as [string, unknown];
      pending.push({ value: item, key, parent: visit });
    }
  }
  return null;
}

/**
 * One rule for every route, before any schema or handler sees the request: a parameter, query
 * value or JSON body string with NUL or an unpaired surrogate is a 400 naming the field. Raw
 * bodies (webhooks, whose signatures cover the bytes) are left to their parsers.
 */
export function registerTextInputGuard(app: FastifyInstance) {
  // A callback hook, not an async one: no promise and no extra turn of the event loop per request.
  app.addHook('preValidation', (request, _reply, done) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = findUnstorableText(part);
      if (field !== null) {
        done(
          badRequest('The request is not valid', [{ field: field || null, message: unstorableTextMessage }]),
        );
        return;
      }
    }
    done();
  });
}
