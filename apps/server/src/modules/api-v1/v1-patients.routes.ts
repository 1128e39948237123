import {
  type V1CreatePatientBody,
  v1CreatePatientBodySchema,
  v1IdParamsSchema,
  v1NoQuerySchema,
  v1PatientListQuerySchema,
  v1PatientListResponseSchema,
  v1PatientSchema,
  v1UpdatePatientBodySchema,
} from '@careloop/contracts/api-v1';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { apiCallerOf, idempotencyKeyOf } from '../../plugins/api-bearer';
import { clinicContextOf } from '../../plugins/route-access';
import { createPatient, getPatient, listPatients, updatePatient } from '../patients/patients.service';
import { runIdempotently } from './idempotency.service';
import { v1CommonErrors, v1ErrorResponses } from './v1-errors';
import { fromV1PatientBody, toV1Patient, withV1FieldNames } from './v1-shapes';

/** The app's rule errors with the public API's field names. */
async function inV1Terms<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw withV1FieldNames(error);
  }
}

/**
 * The public API's patients: the same rules as the web app's (E.164 phones, names, the clinic's
 * languages, the procedure date's range); consent sent here is recorded with the source `api`.
 */
export const v1PatientsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/v1/patients',
      {
        config: { access: 'bearer', scope: 'patients:read' },
        schema: {
          tags: ['public-api'],
          summary: 'Patients, newest first; `search` in name, e-mail and phone; cursor paging',
          operationId: 'listPatients',
          security: [{ bearerAuth: ['patients:read'] }],
          querystring: v1PatientListQuerySchema,
          response: { 200: v1PatientListResponseSchema, ...v1ErrorResponses(...v1CommonErrors) },
        },
      },
      async (request) => {
        const { search, limit, cursor } = request.query;
        const page = await listPatients(
          deps,
          clinicContextOf(request),
          { q: search, limit, cursor },
          { withTotal: false },
        );
        return { data: page.patients.map(toV1Patient), next_cursor: page.nextCursor };
      },
    );

    app.post(
      '/api/v1/patients',
      {
        config: { access: 'bearer', scope: 'patients:write' },
        schema: {
          tags: ['public-api'],
          summary:
            'Create a patient (phone in E.164 or the clinic country’s format; procedure_date left out: today in the clinic’s time zone); Idempotency-Key honoured',
          operationId: 'createPatient',
          security: [{ bearerAuth: ['patients:write'] }],
          querystring: v1NoQuerySchema,
          body: v1CreatePatientBodySchema,
          response: { 201: v1PatientSchema, ...v1ErrorResponses(...v1CommonErrors, 409, 422) },
        },
      },
      async (request, reply) => {
        const ctx = clinicContextOf(request);
        const body: V1CreatePatientBody = request.body;
        const answer = await runIdempotently(
          deps,
          apiCallerOf(request),
          { key: idempotencyKeyOf(request), method: 'POST', route: '/api/v1/patients', body },
          async () => ({
            statusCode: 201,
            body: toV1Patient(
              await inV1Terms(() => createPatient(deps, ctx, fromV1PatientBody(body), 'api')),
            ),
          }),
        );
        if (answer.isReplay) reply.header('idempotent-replayed', 'true');
        // The stored answer's status: one this route gave (its success or one of its errors).
        return reply.status(answer.statusCode as 201).send(answer.body as never);
      },
    );

    app.get(
      '/api/v1/patients/:id',
      {
        config: { access: 'bearer', scope: 'patients:read' },
        schema: {
          tags: ['public-api'],
          summary: 'One patient',
          operationId: 'getPatient',
          security: [{ bearerAuth: ['patients:read'] }],
          params: v1IdParamsSchema,
          querystring: v1NoQuerySchema,
          response: { 200: v1PatientSchema, ...v1ErrorResponses(...v1CommonErrors, 404) },
        },
      },
      async (request) =>
        toV1Patient(
          await getPatient(deps, clinicContextOf(request), request.params.id, { ipAddress: request.ip }),
        ),
    );

    app.patch(
      '/api/v1/patients/:id',
      {
        config: { access: 'bearer', scope: 'patients:write' },
        schema: {
          tags: ['public-api'],
          summary:
            'Update a patient: only the fields given change; a marketing consent decision older than the one on record is refused (409) and changes nothing',
          operationId: 'updatePatient',
          security: [{ bearerAuth: ['patients:write'] }],
          params: v1IdParamsSchema,
          querystring: v1NoQuerySchema,
          body: v1UpdatePatientBodySchema,
          response: { 200: v1PatientSchema, ...v1ErrorResponses(...v1CommonErrors, 404, 409) },
        },
      },
      async (request) =>
        toV1Patient(
          await inV1Terms(() =>
            updatePatient(
              deps,
              clinicContextOf(request),
              request.params.id,
              fromV1PatientBody(request.body),
              'api',
            ),
          ),
        ),
    );
  };
