import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Where the work in progress came from: the request (its id, the one its log lines carry as `reqId`)
 * or the job run that started it. A job sent from here carries it, so that the job's log lines name
 * the request that started it (and, with tracing on, continue its trace).
 */
export type WorkOrigin = { reqId: string; traceparent?: string };

const originScope = new AsyncLocalStorage<WorkOrigin>();

export const currentWorkOrigin = (): WorkOrigin | undefined => originScope.getStore();

export const runWithWorkOrigin = <T>(origin: WorkOrigin, work: () => Promise<T>): Promise<T> =>
  originScope.run(origin, work);

/**
 * Each request's handling runs with its id as the origin of whatever it starts: the hooks before the
 * body is read, then again once it is (the body's chunks arrive in the socket's context, not the
 * request's). `run`, not `enterWith`: the scope ends with the request and never reaches its caller
 * (`app.inject` in tests).
 */
export function registerRequestOrigin(app: FastifyInstance) {
  const enter = (request: FastifyRequest, _reply: unknown, done: () => void) =>
    originScope.run({ reqId: request.id }, done);
  app.addHook('onRequest', enter);
  app.addHook('preValidation', enter);
}
