import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

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
  app.addHook('onRequest', (request, _reply, done) => originScope.run({ reqId: request.id }, done));
  // Without a body nothing left the request's context since onRequest: no second scope to build.
  app.addHook('preValidation', (request, _reply, done) =>
    originScope.getStore()?.reqId === request.id ? done() : originScope.run({ reqId: request.id }, done),
  );
}
