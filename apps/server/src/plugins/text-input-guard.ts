import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/errors';

/**
 * NUL (PostgreSQL text cannot hold it) and UTF-16 surrogates without their pair (no UTF-8 form:
 * encodeURIComponent throws, the database gets U+FFFD) are never meaningful input.
 */
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const isUnstorable = (text: string) => text.includes(String.fromCharCode(0)) || loneSurrogate.test(text);

export const unstorableTextMessage = 'Must not contain NUL or unpaired surrogate characters';

/** The path of the first string holding unstorable text ('' for the value itself), or null. */
export function findUnstorableText(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return isUnstorable(value) ? path : null;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path ? `${path}.${key}` : key;
    if (isUnstorable(key)) return itemPath;
    const found = findUnstorableText(item, itemPath);
    if (found !== null) return found;
  }
  return null;
}

/**
 * One rule for every route, before any schema or handler sees the request: a parameter, query
 * value or JSON body string with NUL or an unpaired surrogate is a 400 naming the field. Raw
 * bodies (webhooks, whose signatures cover the bytes) are left to their parsers.
 */
export function registerTextInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = findUnstorableText(part);
      if (field !== null) {
        throw badRequest('The request is not valid', [
          { field: field || null, message: unstorableTextMessage },
        ]);
      }
    }
  });
}
