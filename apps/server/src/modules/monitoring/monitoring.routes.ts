import { errorResponseSchema } from '@careloop/contracts/errors';
import { monitoringSnapshotSchema } from '@careloop/contracts/monitoring';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { clinicContextOf } from '../../plugins/route-access';
import { getMonitoringSnapshot } from './monitoring.service';

// Owners and admins: the page shows the clinic's security events and credential results.
export const monitoringRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/monitoring',
      {
        config: { access: 'manager' },
        schema: {
          tags: ['monitoring'],
          summary:
            'System Monitoring: errors (24 h), page loads and activity (1 h), credential health, critical security events (24 h)',
          response: { 200: monitoringSnapshotSchema, 401: errorResponseSchema, 403: errorResponseSchema },
        },
      },
      async (request) => getMonitoringSnapshot(deps, clinicContextOf(request)),
    );
  };
