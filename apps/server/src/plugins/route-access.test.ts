import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { ClinicRole } from '../db/schema';
import { AppError, forbidden, notAuthenticated } from '../lib/errors';
import { createIdentityCache } from './identity-cache';
import type { ClinicContext, RequestContextResolver } from './request-context';
import {
  clinicContextOf,
  declareScopeAccess,
  registerRouteAccess,
  UndeclaredRouteAccess,
} from './route-access';

/** A resolver that reads the caller's role from a header, standing for the session lookup. */
const headerResolver: RequestContextResolver = {
  optionalUser: async () => null,
  optionalClinic: async () => null,
  async requireClinic(request: FastifyRequest, roles?: readonly ClinicRole[]) {
    const role = request.headers['x-role'] as ClinicRole | undefined;
    if (!role) throw notAuthenticated();
    if (roles && !roles.includes(role)) throw forbidden();
    return { clinicId: 'cln_1', userId: 'usr_1', role } as ClinicContext;
  },
  identityCache: createIdentityCache(0),
};

async function appWith(register: (app: FastifyInstance) => void | Promise<void>) {
  const app = Fastify();
  app.setErrorHandler((error, _request, reply) =>
    reply.status(error instanceof AppError ? error.statusCode : 500).send({ message: String(error) }),
  );
  registerRouteAccess(app, headerResolver);
  await register(app);
  await app.ready();
  return app;
}

describe('route access', () => {
  it('refuses to start with a route that declares no access', async () => {
    await expect(appWith((app) => void app.get('/api/undeclared', async () => 'x'))).rejects.toThrow(
      UndeclaredRouteAccess,
    );
  });

  it('resolves the clinic before the handler and the body parser, by the declared kind', async () => {
    const app = await appWith((app) => {
      app.post('/api/any-member', { config: { access: 'member' } }, async (request) => ({
        role: clinicContextOf(request).role,
      }));
      app.post('/api/managers', { config: { access: 'manager' } }, async () => ({ ok: true }));
      app.post('/api/owners', { config: { access: 'owner' } }, async () => ({ ok: true }));
      app.post('/api/open', { config: { access: 'public' } }, async (request) => ({
        hasClinic: request.clinicContext !== null,
      }));
    });
    const call = (url: string, role?: string, payload = '{}') =>
      app.inject({
        method: 'POST',
        url,
        payload,
        headers: { 'content-type': 'application/json', ...(role ? { 'x-role': role } : {}) },
      });
    // Anonymous: 401 even with a body the parser would refuse.
    expect((await call('/api/any-member', undefined, '{not json')).statusCode).toBe(401);
    expect((await call('/api/any-member', 'staff')).json()).toEqual({ role: 'staff' });
    expect((await call('/api/managers', 'staff')).statusCode).toBe(403);
    expect((await call('/api/managers', 'admin')).statusCode).toBe(200);
    expect((await call('/api/owners', 'admin')).statusCode).toBe(403);
    expect((await call('/api/owners', 'owner')).statusCode).toBe(200);
    expect((await call('/api/open')).json()).toEqual({ hasClinic: false });
    await app.close();
  });

  it('checks the HEAD twin of a GET route, and declares a whole scope for third-party routes', async () => {
    const app = await appWith(async (app) => {
      app.get('/api/members', { config: { access: 'member' } }, async () => ({ ok: true }));
      await app.register(async (scope) => {
        declareScopeAccess(scope, 'sandbox');
        scope.get('/sandbox/fake', async (request) => ({ access: request.routeOptions.config.access }));
      });
      app.get('/after-scope', async () => 'x');
    }).catch((error: unknown) => error);
    // The scope's declaration does not leak out of it: the route after it is still undeclared.
    expect(app).toBeInstanceOf(UndeclaredRouteAccess);

    const declared = await appWith(async (app) => {
      app.get('/api/members', { config: { access: 'member' } }, async () => ({ ok: true }));
      await app.register(async (scope) => {
        declareScopeAccess(scope, 'sandbox');
        scope.get('/sandbox/fake', async (request) => ({ access: request.routeOptions.config.access }));
      });
    });
    expect((await declared.inject({ method: 'HEAD', url: '/api/members' })).statusCode).toBe(401);
    expect((await declared.inject({ method: 'GET', url: '/sandbox/fake' })).json()).toEqual({
      access: 'sandbox',
    });
    await declared.close();
  });
});
