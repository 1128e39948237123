import { errorResponseSchema } from '@careloop/contracts/errors';
import {
  createProcedureBodySchema,
  procedureKeyParamsSchema,
  procedureListResponseSchema,
  updateProcedureBodySchema,
} from '@careloop/contracts/procedures';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { clinicContextOf } from '../../plugins/route-access';
import { createProcedure, listProcedures, updateProcedure } from './procedures.service';

export const proceduresRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/procedures',
      {
        config: { access: 'member' },
        schema: {
          tags: ['procedures'],
          summary: "The clinic's procedure list: the seven defaults, then its own, archived ones included",
          response: { 200: procedureListResponseSchema, 401: errorResponseSchema },
        },
      },
      async (request) => listProcedures(deps, clinicContextOf(request)),
    );

    app.post(
      '/api/procedures',
      {
        config: { access: 'manager' },
        schema: {
          tags: ['procedures'],
          summary:
            'Add a procedure of the clinic (owners and admins); its name in the clinic’s language is its key',
          body: createProcedureBodySchema,
          response: { 200: procedureListResponseSchema, 400: errorResponseSchema, 403: errorResponseSchema },
        },
      },
      async (request) => createProcedure(deps, clinicContextOf(request), request.body),
    );

    app.patch(
      '/api/procedures/:key',
      {
        config: { access: 'manager' },
        schema: {
          tags: ['procedures'],
          summary: 'Rename or archive a procedure (patients keep it; archived ones are not offered)',
          params: procedureKeyParamsSchema,
          body: updateProcedureBodySchema,
          response: {
            200: procedureListResponseSchema,
            400: errorResponseSchema,
            403: errorResponseSchema,
            404: errorResponseSchema,
          },
        },
      },
      async (request) => updateProcedure(deps, clinicContextOf(request), request.params.key, request.body),
    );
  };
