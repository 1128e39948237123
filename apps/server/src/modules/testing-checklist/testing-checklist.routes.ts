import { errorResponseSchema } from '@careloop/contracts/errors';
import {
  qaCaseParamsSchema,
  qaCaseStateSchema,
  testingChecklistResponseSchema,
  updateQaCaseBodySchema,
} from '@careloop/contracts/testing-checklist';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { clinicContextOf } from '../../plugins/route-access';
import { getTestingChecklist, updateQaCase } from './testing-checklist.service';

// Spec 2 §6 shows no finer roles: every member of the clinic may run the checklist.
export const testingChecklistRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/testing-checklist',
      {
        config: { access: 'member' },
        schema: {
          tags: ['testing-checklist'],
          summary: "The twelve QA cases with the clinic's saved state",
          response: { 200: testingChecklistResponseSchema, 401: errorResponseSchema },
        },
      },
      async (request) => getTestingChecklist(deps, clinicContextOf(request)),
    );

    app.patch(
      '/api/testing-checklist/:testId',
      {
        config: { access: 'member' },
        schema: {
          tags: ['testing-checklist'],
          summary: 'Tick, untick or annotate one case (logs test_case_updated)',
          params: qaCaseParamsSchema,
          body: updateQaCaseBodySchema,
          response: { 200: qaCaseStateSchema, 400: errorResponseSchema, 401: errorResponseSchema },
        },
      },
      async (request) => updateQaCase(deps, clinicContextOf(request), request.params.testId, request.body),
    );
  };
