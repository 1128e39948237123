import { errorResponseSchema } from '@careloop/contracts/errors';
import { leadExportQuerySchema, leadListQuerySchema, leadListSchema } from '@careloop/contracts/leads';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { clinicContextOf } from '../../plugins/route-access';
import { exportLeadsCsv, listLeads } from './leads.service';

/** The internal leads view: for the service's operators (OPERATOR_EMAILS), never clinic staff. */
export const leadsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/admin/leads',
      {
        config: { access: 'operator' },
        schema: {
          tags: ['admin'],
          summary:
            'Enterprise, demo and contact requests from the public site, newest first (operators only)',
          querystring: leadListQuerySchema,
          response: { 200: leadListSchema, 400: errorResponseSchema },
        },
      },
      async (request) => listLeads(deps, request.query),
    );

    app.get(
      '/api/admin/leads/export.csv',
      {
        config: { access: 'operator' },
        schema: {
          tags: ['admin'],
          summary: 'Every lead as CSV (UTF-8, comma, formula-safe cells; operators only)',
          querystring: leadExportQuerySchema,
          produces: ['text/csv'],
          response: { 200: z.any(), 400: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const body = await exportLeadsCsv(deps, request.query);
        // Who took the list of visitors' addresses; not what it held.
        request.log.info({ userId: clinicContextOf(request).userId }, 'leads exported');
        const date = new Date().toISOString().slice(0, 10);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="leads-${date}.csv"`)
          .send(body);
      },
    );
  };
