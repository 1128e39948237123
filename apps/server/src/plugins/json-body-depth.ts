import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';

/** Deeper than any body a route takes; far below what a recursive walk of the parsed value survives. */
export const maxJsonDepth = 64;

const tooDeep = () => new AppError(400, 'BODY_TOO_DEEP', `JSON nested deeper than ${maxJsonDepth} levels`);

const quote = 0x22;
const backslash = 0x5c;
const openBrace = 0x7b;
const closeBrace = 0x7d;
const openBracket = 0x5b;
const closeBracket = 0x5d;

/**
 * The deepest nesting of objects and arrays in JSON text, stopping as soon as it passes `limit`:
 * one pass over the characters, brackets inside strings ignored. Malformed text is left to the parser.
 */
function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === backslash) i++;
      else if (c === quote) inString = false;
    } else if (c === quote) inString = true;
    else if (c === openBrace || c === openBracket) {
      if (++depth > limit) return true;
    } else if (c === closeBrace || c === closeBracket) depth--;
  }
  return false;
}

/**
 * Every route's JSON bodies (better-auth's mount included) are measured before they are parsed:
 * nothing downstream (the text-input guard, zod, better-auth) then meets a value deep enough to
 * exhaust the stack, which answered 500. Fastify's own parser (prototype-poisoning checks) does the rest.
 */
export function registerJsonBodyDepthLimit(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonDepthExceeds(text, maxJsonDepth)) {
      done(tooDeep(), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
