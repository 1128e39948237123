import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors';

/** One JSON error envelope; validation is 400 with field details; 5xx hide their cause. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.statusCode)
        .send({ error: { code: error.code, message: error.message, details: error.details } });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((v) => ({
        field: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || null,
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
