import { errorResponseSchema } from '@careloop/contracts/errors';
import { saveTemplatesBodySchema, templateListResponseSchema } from '@careloop/contracts/templates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { clinicContextOf } from '../../plugins/route-access';
import { listTemplates, saveTemplates } from './templates.service';

export const templatesRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/templates',
      {
        config: { access: 'member' },
        schema: {
          tags: ['templates'],
          summary: "The clinic's message templates and the plan's limit (-1 unlimited)",
          response: { 200: templateListResponseSchema, 401: errorResponseSchema },
        },
      },
      async (request) => listTemplates(deps, clinicContextOf(request)),
    );

    app.put(
      '/api/templates',
      {
        config: { access: 'manager' },
        schema: {
          tags: ['templates'],
          summary: 'Replace the set in one transaction (owners and admins; plan limit enforced)',
          body: saveTemplatesBodySchema,
          response: { 200: templateListResponseSchema, 400: errorResponseSchema, 403: errorResponseSchema },
        },
      },
      async (request) => saveTemplates(deps, clinicContextOf(request), request.body.templates),
    );
  };
