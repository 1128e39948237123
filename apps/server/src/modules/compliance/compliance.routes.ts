import {
  auditLogQuerySchema,
  auditLogResponseSchema,
  baaRequestBodySchema,
  baaRequestListSchema,
  baaRequestSchema,
  complianceSummarySchema,
  dataRetentionBodySchema,
  dataRetentionSchema,
  patientDataExportQuerySchema,
  patientErasureBodySchema,
  patientErasureResponseSchema,
} from '@careloop/contracts/compliance';
import { errorResponseSchema } from '@careloop/contracts/errors';
import { patientIdParamsSchema } from '@careloop/contracts/patients';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { clinicContextOf } from '../../plugins/route-access';
import { exportAuditLogCsv, listAuditLog } from './audit-log.service';
import { getBaaRequests, getComplianceSummary, requestBaa } from './compliance.service';
import { erasePatientData, exportPatientData } from './patient-data.service';
import { getRetention, saveRetention } from './retention.service';

// Enterprise Compliance (/enterprise-compliance): Enterprise clinics only (403 PLAN_REQUIRED
// otherwise), owners and admins: the page reads the audit trail and exports or erases patients.
const refused = { 401: errorResponseSchema, 403: errorResponseSchema };
const tags = ['compliance'];

export const complianceRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/compliance/summary',
      {
        config: { access: 'manager' },
        schema: {
          tags,
          summary: 'Encryption and access summary, computed from the running system and the clinic',
          response: { 200: complianceSummarySchema, ...refused },
        },
      },
      async (request) => getComplianceSummary(deps, clinicContextOf(request)),
    );

    app.get(
      '/api/compliance/audit-log',
      {
        config: { access: 'manager' },
        schema: {
          tags,
          summary:
            "The clinic's audit trail, newest first, filtered by action, user and dates (keyset paging)",
          querystring: auditLogQuerySchema,
          response: { 200: auditLogResponseSchema, 400: errorResponseSchema, ...refused },
        },
      },
      async (request) => listAuditLog(deps, clinicContextOf(request), request.query),
    );

    app.get(
      '/api/compliance/audit-log/export.csv',
      {
        config: { access: 'manager' },
        schema: {
          tags,
          summary: 'The audit trail matching the filters as formula-safe CSV (newest 10,000 rows)',
          querystring: auditLogQuerySchema,
          produces: ['text/csv'],
          response: { 200: z.any(), 400: errorResponseSchema, ...refused },
        },
      },
      async (request, reply) => {
        const body = await exportAuditLogCsv(deps, clinicContextOf(request), request.query);
        const date = new Date().toISOString().slice(0, 10);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="audit-log-${date}.csv"`)
          .header('cache-control', 'no-store')
          .send(body);
      },
    );

    app.get(
      '/api/compliance/retention',
      {
        config: { access: 'manager' },
        schema: {
          tags,
          summary: 'Data retention settings and the last cleanup run',
          response: { 200: dataRetentionSchema, ...refused },
        },
      },
      async (request) => getRetention(deps, clinicContextOf(request)),
    );

    app.put(
      '/api/compliance/retention',
      {
        config: { access: 'manager' },
        schema: {
          tags,
          summary: 'Save the data retention settings (applied by the 2 AM cleanup job)',
          body: dataRetentionBodySchema,
          response: { 200: dataRetentionSchema, 400: errorResponseSchema, ...refused },
        },
      },
      async (request) => saveRetention(deps, clinicContextOf(request), request.body),
    );

    app.get(
      '/api/compliance/patients/:id/export',
      {
        config: { access: 'manager' },
        schema: {
          tags,
          summary: "One patient's data across tables as JSON or CSV (audited)",
          params: patientIdParamsSchema,
          querystring: patientDataExportQuerySchema,
          produces: ['application/json', 'text/csv'],
          response: { 200: z.any(), 400: errorResponseSchema, ...refused, 404: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const file = await exportPatientData(
          deps,
          clinicContextOf(request),
          request.params.id,
          request.query,
        );
        return reply
          .type(file.contentType)
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .header('cache-control', 'no-store')
          .send(file.body);
      },
    );

    app.post(
      '/api/compliance/patients/:id/erasure',
      {
        config: { access: 'manager' },
        schema: {
          tags,
          summary: "Erase the patient's personal data from every table (the patient's request; audited)",
          params: patientIdParamsSchema,
          body: patientErasureBodySchema,
          response: {
            200: patientErasureResponseSchema,
            400: errorResponseSchema,
            ...refused,
            404: errorResponseSchema,
          },
        },
      },
      async (request) => erasePatientData(deps, clinicContextOf(request), request.params.id, request.body),
    );

    app.get(
      '/api/compliance/baa-requests',
      {
        config: { access: 'manager' },
        schema: {
          tags,
          summary: "The clinic's Business Associate Agreement requests, newest first",
          response: { 200: baaRequestListSchema, ...refused },
        },
      },
      async (request) => getBaaRequests(deps, clinicContextOf(request)),
    );

    app.post(
      '/api/compliance/baa-requests',
      {
        config: { access: 'manager' },
        schema: {
          tags,
          summary: 'Request a Business Associate Agreement (stored and mailed to sales)',
          body: baaRequestBodySchema,
          response: { 201: baaRequestSchema, 400: errorResponseSchema, ...refused },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await requestBaa(deps, clinicContextOf(request), request.body)),
    );
  };
