import { errorResponseSchema } from '@careloop/contracts/errors';
import {
  createPatientBodySchema,
  importPreviewResponseSchema,
  importResultResponseSchema,
  maxImportBytes,
  patientDetailSchema,
  patientExportQuerySchema,
  patientIdParamsSchema,
  patientImportBodySchema,
  patientListQuerySchema,
  patientListResponseSchema,
  patientSchema,
  patientTimelineResponseSchema,
  updatePatientBodySchema,
} from '@careloop/contracts/patients';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { clinicContextOf } from '../../plugins/route-access';
import { exportPatients } from './patient-export.service';
import { importPatients, previewPatientImport } from './patient-import.service';
import { streamImportProgress, wantsProgressLines } from './patient-import-progress';
import { patientImportUploadRoutes } from './patient-import-upload.routes';
import {
  createPatient,
  getPatient,
  getPatientTimeline,
  listPatients,
  updatePatient,
} from './patients.service';

const errors = { 400: errorResponseSchema, 404: errorResponseSchema };
// Base64 makes the body a third larger than the file it carries (JSON escaping of `csv` less).
const importBodyLimit = Math.ceil(maxImportBytes * 1.4) + 4096;

export const patientsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // An import running when the server is told to stop (SIGTERM) rolls back at its next batch, so
    // shutting down never waits for a whole file.
    const closing = new AbortController();
    app.addHook('preClose', async () => closing.abort());
    await app.register(patientImportUploadRoutes(deps));

    // The file itself may be posted as text/csv (scripts); the web app sends JSON `{ csv }`.
    // text/plain is not accepted: a cross-site form could send it without a CORS preflight.
    app.addContentTypeParser(
      'text/csv',
      { parseAs: 'string', bodyLimit: importBodyLimit },
      (_req, body, done) => done(null, { csv: body }),
    );

    app.get(
      '/api/patients',
      {
        config: { access: 'member' },
        schema: {
          tags: ['patients'],
          summary:
            'Patients, newest first; search by name, e-mail or phone; filter by status (keyset paging)',
          querystring: patientListQuerySchema,
          response: { 200: patientListResponseSchema, 400: errorResponseSchema },
        },
      },
      async (request) => {
        const ctx = clinicContextOf(request);
        return listPatients(deps, ctx, request.query);
      },
    );

    app.get(
      '/api/patients/export.csv',
      {
        // Every patient at once: owners and admins, like the one-patient export (minimum necessary).
        config: { access: 'manager' },
        schema: {
          tags: ['patients'],
          summary:
            "All of the clinic's patients as CSV (delimiter and encoding to choose, formula-safe) or .xlsx",
          querystring: patientExportQuerySchema,
          produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
          response: { 200: z.any(), 400: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const ctx = clinicContextOf(request);
        const file = await exportPatients(deps, ctx, request.query);
        const date = new Date().toISOString().slice(0, 10);
        return reply
          .type(file.contentType)
          .header('content-disposition', `attachment; filename="patients-${date}.${file.extension}"`)
          .header('cache-control', 'no-store')
          .send(file.body);
      },
    );

    app.post(
      '/api/patients/import/preview',
      {
        config: { access: 'member' },
        bodyLimit: importBodyLimit,
        schema: {
          tags: ['patients'],
          summary:
            'Check a file (CSV in UTF-8, Windows-1252/1254 or ISO-8859-9, any delimiter; or .xlsx): the mapping proposed, the first rows as they will be imported, ambiguous dates, per-row errors, duplicates (same e-mail or phone), counts; stores nothing',
          body: patientImportBodySchema,
          response: { 200: importPreviewResponseSchema, 400: errorResponseSchema },
        },
      },
      async (request) => {
        const ctx = clinicContextOf(request);
        return previewPatientImport(deps, ctx, request.body);
      },
    );

    app.post(
      '/api/patients/import',
      {
        config: { access: 'member' },
        bodyLimit: importBodyLimit,
        schema: {
          tags: ['patients'],
          summary:
            'Import the valid, non-duplicate rows of a file in one transaction (with Accept: application/x-ndjson, progress lines then the result)',
          body: patientImportBodySchema,
          response: { 200: importResultResponseSchema, 400: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const ctx = clinicContextOf(request);
        if (wantsProgressLines(request)) {
          return streamImportProgress(reply, request.log, (onProgress) =>
            importPatients(deps, ctx, request.body, onProgress, closing.signal),
          );
        }
        return importPatients(deps, ctx, request.body, undefined, closing.signal);
      },
    );

    app.get(
      '/api/patients/:id',
      {
        config: { access: 'member' },
        schema: {
          tags: ['patients'],
          summary: 'One patient, and whether automated messages to them are paused',
          params: patientIdParamsSchema,
          response: { 200: patientDetailSchema, ...errors },
        },
      },
      async (request) => {
        const ctx = clinicContextOf(request);
        return getPatient(deps, ctx, request.params.id, { ipAddress: request.ip });
      },
    );

    app.get(
      '/api/patients/:id/timeline',
      {
        config: { access: 'member' },
        schema: {
          tags: ['patients'],
          summary: "The patient's reviews, cases and messages, newest first",
          params: patientIdParamsSchema,
          response: { 200: patientTimelineResponseSchema, ...errors },
        },
      },
      async (request) => {
        const ctx = clinicContextOf(request);
        return getPatientTimeline(deps, ctx, request.params.id, { ipAddress: request.ip });
      },
    );

    app.post(
      '/api/patients',
      {
        config: { access: 'member', keepsIdentities: true },
        schema: {
          tags: ['patients'],
          summary: "Add a patient (id 'P-' + timestamp; phone stored in E.164)",
          body: createPatientBodySchema,
          response: { 201: patientSchema, 400: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const ctx = clinicContextOf(request);
        return reply.status(201).send(await createPatient(deps, ctx, request.body));
      },
    );

    app.patch(
      '/api/patients/:id',
      {
        config: { access: 'member', keepsIdentities: true },
        schema: {
          tags: ['patients'],
          summary: 'Edit a patient: name, email, phone, procedure, status, comment',
          params: patientIdParamsSchema,
          body: updatePatientBodySchema,
          response: { 200: patientSchema, ...errors },
        },
      },
      async (request) => {
        const ctx = clinicContextOf(request);
        return updatePatient(deps, ctx, request.params.id, request.body);
      },
    );
  };
