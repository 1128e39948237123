import {
  operatorPlanBodySchema,
  operatorPlanParamsSchema,
  operatorPlanResponseSchema,
} from '@careloop/contracts/billing';
import { errorResponseSchema } from '@careloop/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { clinicContextOf } from '../../plugins/route-access';
import { setPlanByOperator } from './operator-plan.service';

/** Enterprise contracts: the service's operators (OPERATOR_EMAILS) set a clinic's plan, never clinic staff. */
export const operatorPlanRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.put(
      '/api/admin/clinics/:clinicId/plan',
      {
        config: { access: 'operator' },
        schema: {
          tags: ['admin'],
          summary: "Set a clinic's plan as sales arranged it (Enterprise contracts; operators only, audited)",
          params: operatorPlanParamsSchema,
          body: operatorPlanBodySchema,
          response: {
            200: operatorPlanResponseSchema,
            400: errorResponseSchema,
            401: errorResponseSchema,
            403: errorResponseSchema,
            404: errorResponseSchema,
          },
        },
      },
      async (request) =>
        setPlanByOperator(deps, clinicContextOf(request), request.params.clinicId, request.body),
    );
  };
