import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { newId } from '../lib/ids';

/**
 * A caller's own id is kept when it is one token of safe characters (letters, digits, `.`, `_`,
 * `:`, `-`, at most 128): a gateway's or a practice system's id then ties its log to ours, and
 * nothing a caller sends can forge a log line or a header.
 */
const wellFormedRequestId = /^[A-Za-z0-9._:-]{1,128}$/;

/** The request's id (Fastify's `genReqId`): the caller's X-Request-Id when well-formed, else a new one. */
export function requestIdOf(raw: IncomingMessage): string {
  const given = raw.headers['x-request-id'];
  return typeof given === 'string' && wellFormedRequestId.test(given) ? given : newId('req', 20);
}

/** Every answer carries its request's id (X-Request-Id), the id every log line of the request holds. */
export function registerRequestId(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  // The public API's error bodies name it too, so that an integrator reporting a failure can quote
  // it (the web app reads the header, and its error bodies stay as its client expects them).
  app.addHook('preSerialization', (request, _reply, payload, done) => {
    const isPublicApi = request.url.startsWith('/api/v1/');
    done(
      null,
      isPublicApi && isErrorBody(payload)
        ? { ...payload, error: { ...payload.error, request_id: request.id } }
        : payload,
    );
  });
  // An answer may have lost its headers on the way (an error answered by a hook): put it back.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!reply.hasHeader('x-request-id')) reply.header('x-request-id', request.id);
    done(null, payload);
  });
}

type ErrorBody = { error: { code: string } };

const isErrorBody = (payload: unknown): payload is ErrorBody => {
  const error = (payload as { error?: { code?: unknown } } | null)?.error;
  return typeof error === 'object' && error !== null && typeof error.code === 'string';
};
