import { errorResponseSchema } from '@careloop/contracts/errors';
import { patientAliasListSchema, patientAliasParamsSchema } from '@careloop/contracts/patient-aliases';
import { patientIdParamsSchema } from '@careloop/contracts/patients';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { clinicContextOf } from '../../plugins/route-access';
import { listPatientAliases, removePatientAlias } from './patient-aliases.service';

const tags = ['patients'];
const errors = { 400: errorResponseSchema, 404: errorResponseSchema };

export const patientAliasesRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/patients/:id/aliases',
      {
        config: { access: 'member' },
        schema: {
          tags,
          summary: 'Reviewer names staff tied to the patient (used by the review matching)',
          params: patientIdParamsSchema,
          response: { 200: patientAliasListSchema, ...errors },
        },
      },
      (request) => listPatientAliases(deps, clinicContextOf(request), request.params.id),
    );

    app.delete(
      '/api/patients/:id/aliases/:aliasId',
      {
        config: { access: 'manager' },
        schema: {
          tags,
          summary: 'Remove a reviewer name from the patient (owner or admin)',
          params: patientAliasParamsSchema,
          response: { 204: z.null(), ...errors },
        },
      },
      async (request, reply) => {
        await removePatientAlias(deps, clinicContextOf(request), request.params.id, request.params.aliasId);
        return reply.status(204).send(null);
      },
    );
  };
