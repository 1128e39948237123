import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaValidationError,
} from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors';

const fieldOf = (path: string) => path.replace(/^\//, '').replaceAll('/', '.') || null;

/**
 * Query parameters and body fields a strict schema does not list (zod's `unrecognized_keys`), with
 * their paths ('marketing_consent.source'): told apart from invalid values, as Stripe does. A schema
 * that words its own refusal of extra keys (automation's "Follow-ups can be scheduled on days 1, 3,
 * 7, 14, 30 only": the keys are values there) keeps that message as a validation error.
 */
function unknownParameters(validation: FastifySchemaValidationError[]): string[] {
  return validation.flatMap((v) => {
    if (v.keyword !== 'unrecognized_keys' || !v.message?.startsWith('Unrecognized key')) return [];
    const keys = (v.params as { keys?: unknown }).keys;
    const prefix = fieldOf(v.instancePath);
    return Array.isArray(keys) ? keys.map((key) => (prefix ? `${prefix}.${String(key)}` : String(key))) : [];
  });
}

/**
 * Fastify's `frameworkErrors`: a URL its router refuses before any route (a badly percent-encoded
 * segment, one longer than the router's 100 characters) answered in the app's envelope, with the
 * request id an integrator quotes, instead of Fastify's own body (a 414 with `error` as a string).
 */
export function answerUnreadableUrl(_error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const error: Record<string, string> = { code: 'VALIDATION_ERROR', message: 'The URL is not valid' };
  if (request.url.startsWith('/api/v1/')) error.request_id = String(request.id);
  reply.header('x-request-id', request.id).status(400).send({ error });
}

/** One JSON error envelope; validation is 400 with field details; 5xx hide their cause. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .send({ error: { code: error.code, message: error.message, details: error.details } });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const unknown = unknownParameters(error.validation);
      if (unknown.length > 0) {
        const what = error.validationContext === 'querystring' ? 'query parameter' : 'field';
        const label = `Unknown ${what}${unknown.length > 1 ? 's' : ''}`;
        return reply.status(400).send({
          error: {
            code: 'PARAMETER_UNKNOWN',
            message: `${label}: ${unknown.join(', ')}`,
            details: unknown.map((field) => ({ field, message: `Unknown ${what}` })),
          },
        });
      }
      const details = error.validation.map((v) => ({
        field: fieldOf(v.instancePath),
        message: v.message ?? 'Invalid value',
      }));
      return reply.status(400).send({
        error: { code: 'VALIDATION_ERROR', message: 'The request is not valid', details },
      });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ error: { code: 'RATE_LIMITED', message: 'Too many requests' } });
    }
    if (status === 413) {
      return reply
        .status(413)
        .send({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large' } });
    }
    if (status >= 400 && status < 500) {
      return reply
        .status(status)
        .send({ error: { code: 'VALIDATION_ERROR', message: error.message || 'The request is not valid' } });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: { code: 'INTERNAL', message: 'An unexpected error occurred' } });
  });
}
