import {
  enterpriseContactBodySchema,
  type PublicFormKind,
  type PublicFormValues,
  publicFormAcceptedSchema,
  publicFormBodySchemas,
  publicFormKinds,
  systemStatusSchema,
} from '@careloop/contracts/public-site';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { createIpHasher, submitEnterpriseContact, submitPublicForm } from './public-site.service';
import { notifyStatusSubscribers } from './subscriptions.service';
import { cacheFor, checkSystemStatus, databaseProbes } from './system-status.service';

/** Per client address and route: enough for a person correcting a typo, too few for a flood. */
export const publicFormRateLimit = { max: 5, timeWindow: 10 * 60_000 } as const;
const statusCacheMs = 15_000;

const formLimits = {
  bodyLimit: 32 * 1024,
  config: { access: 'public', rateLimit: publicFormRateLimit },
} as const;
const accepted = { 202: publicFormAcceptedSchema };

export const publicSiteRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // The secret better-auth runs with (from BETTER_AUTH_SECRET or generated into DATA_DIR).
    const hashIp = createIpHasher((await deps.auth.$context).secret);

    app.post(
      '/api/enterprise-contact-requests',
      {
        ...formLimits,
        schema: { tags: ['public-site'], body: enterpriseContactBodySchema, response: accepted },
      },
      async (request, reply) => {
        await submitEnterpriseContact(deps, request.body);
        return reply.status(202).send({ accepted: true });
      },
    );

    // One route per kind, so each has its own schema in the OpenAPI document and its own 400s.
    function formRoute<K extends PublicFormKind>(kind: K) {
      app.post(
        `/api/public-forms/${kind}`,
        {
          ...formLimits,
          schema: { tags: ['public-site'], body: publicFormBodySchemas[kind], response: accepted },
        },
        async (request, reply) => {
          // The schema of this route is publicFormBodySchemas[kind]; TypeScript cannot follow K through it.
          const body = request.body as PublicFormValues[K];
          await submitPublicForm(deps, { kind, body, ipHash: hashIp(request.ip) });
          return reply.status(202).send({ accepted: true });
        },
      );
    }
    for (const kind of publicFormKinds) formRoute(kind);

    const currentStatus = cacheFor(statusCacheMs, () => {
      const now = new Date();
      return checkSystemStatus(
        {
          ...databaseProbes(deps.database.db, now, (changes) => notifyStatusSubscribers(deps, changes)),
          pingDatabase: () => deps.database.ping(),
        },
        now,
      );
    });
    app.get(
      '/api/status',
      {
        config: { access: 'public', rateLimit: { max: 120, timeWindow: 60_000 } },
        schema: { tags: ['public-site'], response: { 200: systemStatusSchema } },
      },
      async (_request, reply) => {
        const status = await currentStatus();
        return reply.header('cache-control', `public, max-age=${statusCacheMs / 1000}`).send(status);
      },
    );
  };
