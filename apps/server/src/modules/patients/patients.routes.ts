import { errorResponseSchema } from '@careloop/contracts/errors';
import {
  createPatientBodySchema,
  importPreviewResponseSchema,
  importResultResponseSchema,
  maxImportBytes,
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
import {
  createPatient,
  getPatient,
  getPatientTimeline,
  listPatients,
  updatePatient,
} from './patients.service';
import { exportPatientsCsv } from './patients-export.service';
import { importPatients, previewPatientImport } from './patients-import.service';

const errors = { 400: errorResponseSchema, 404: errorResponseSchema };
// JSON escaping makes the body a little larger than the file it carries.
const importBodyLimit = Math.ceil(maxImportBytes * 1.25) + 1024;

export const patientsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
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
        config: { access: 'member' },
        schema: {
          tags: ['patients'],
          summary: "All of the clinic's patients as CSV (RFC 4180, formula-safe)",
          produces: ['text/csv'],
          response: { 200: z.string() },
        },
      },
      async (request, reply) => {
        const ctx = clinicContextOf(request);
        const csv = await exportPatientsCsv(deps, ctx);
        const date = new Date().toISOString().slice(0, 10);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="patients-${date}.csv"`)
          .header('cache-control', 'no-store')
          .send(csv);
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
            'Check a CSV file: per-row errors, duplicates (same e-mail or phone), counts; stores nothing',
          body: patientImportBodySchema,
          response: { 200: importPreviewResponseSchema, 400: errorResponseSchema },
        },
      },
      async (request) => {
        const ctx = clinicContextOf(request);
        return previewPatientImport(deps, ctx, request.body.csv);
      },
    );

    app.post(
      '/api/patients/import',
      {
        config: { access: 'member' },
        bodyLimit: importBodyLimit,
        schema: {
          tags: ['patients'],
          summary: 'Import the valid, non-duplicate rows of a CSV file in one transaction',
          body: patientImportBodySchema,
          response: { 200: importResultResponseSchema, 400: errorResponseSchema },
        },
      },
      async (request) => {
        const ctx = clinicContextOf(request);
        return importPatients(deps, ctx, request.body.csv);
      },
    );

    app.get(
      '/api/patients/:id',
      {
        config: { access: 'member' },
        schema: {
          tags: ['patients'],
          summary: 'One patient',
          params: patientIdParamsSchema,
          response: { 200: patientSchema, ...errors },
        },
      },
      async (request) => {
        const ctx = clinicContextOf(request);
        return getPatient(deps, ctx, request.params.id);
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
        return getPatientTimeline(deps, ctx, request.params.id);
      },
    );

    app.post(
      '/api/patients',
      {
        config: { access: 'member' },
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
        config: { access: 'member' },
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
