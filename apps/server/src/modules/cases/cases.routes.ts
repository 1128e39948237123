import {
  caseDetailSchema,
  caseIdParamsSchema,
  caseListQuerySchema,
  caseListResponseSchema,
  caseNoteSchema,
  caseSchema,
  caseSummarySchema,
  clinicMembersResponseSchema,
  createCaseBodySchema,
  createCaseNoteBodySchema,
  updateCaseBodySchema,
} from '@careloop/contracts/cases';
import { errorResponseSchema } from '@careloop/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { clinicContextOf } from '../../plugins/route-access';
import {
  addCaseNote,
  createManualCase,
  getCase,
  getCaseSummary,
  listCases,
  listClinicMembers,
  updateCase,
} from './cases.service';

const errors = { 400: errorResponseSchema, 404: errorResponseSchema };

export const casesRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/cases',
      {
        config: { access: 'member' },
        schema: {
          tags: ['cases'],
          summary: 'The Action Queue, newest first, optionally by status (keyset paging)',
          querystring: caseListQuerySchema,
          response: { 200: caseListResponseSchema, 400: errorResponseSchema },
        },
      },
      async (request) => {
        const ctx = clinicContextOf(request);
        return listCases(deps, ctx, request.query);
      },
    );

    app.get(
      '/api/cases/summary',
      {
        config: { access: 'member' },
        schema: {
          tags: ['cases'],
          summary: 'Total, Open, Overdue and High Priority counts',
          response: { 200: caseSummarySchema },
        },
      },
      async (request) => {
        const ctx = clinicContextOf(request);
        return getCaseSummary(deps, ctx);
      },
    );

    app.get(
      '/api/cases/:id',
      {
        config: { access: 'member' },
        schema: {
          tags: ['cases'],
          summary: 'One case with its notes',
          params: caseIdParamsSchema,
          response: { 200: caseDetailSchema, ...errors },
        },
      },
      async (request) => {
        const ctx = clinicContextOf(request);
        return getCase(deps, ctx, request.params.id);
      },
    );

    app.post(
      '/api/cases',
      {
        config: { access: 'member' },
        schema: {
          tags: ['cases'],
          summary: 'Create a case by hand (source manual)',
          body: createCaseBodySchema,
          response: { 201: caseSchema, 400: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const ctx = clinicContextOf(request);
        return reply.status(201).send(await createManualCase(deps, ctx, request.body));
      },
    );

    app.patch(
      '/api/cases/:id',
      {
        config: { access: 'member' },
        schema: {
          tags: ['cases'],
          summary: 'Start Working, Resolve Case, and/or assign an owner',
          params: caseIdParamsSchema,
          body: updateCaseBodySchema,
          response: { 200: caseSchema, ...errors, 409: errorResponseSchema },
        },
      },
      async (request) => {
        const ctx = clinicContextOf(request);
        return updateCase(deps, ctx, request.params.id, request.body);
      },
    );

    app.post(
      '/api/cases/:id/notes',
      {
        config: { access: 'member' },
        schema: {
          tags: ['cases'],
          summary: 'Add a note to a case (author and time recorded)',
          params: caseIdParamsSchema,
          body: createCaseNoteBodySchema,
          response: { 201: caseNoteSchema, ...errors },
        },
      },
      async (request, reply) => {
        const ctx = clinicContextOf(request);
        return reply.status(201).send(await addCaseNote(deps, ctx, request.params.id, request.body));
      },
    );

    app.get(
      '/api/clinic-members',
      {
        config: { access: 'member' },
        schema: {
          tags: ['cases'],
          summary: "Members of the caller's clinic (for the case owner picker)",
          response: { 200: clinicMembersResponseSchema },
        },
      },
      async (request) => {
        const ctx = clinicContextOf(request);
        return { members: await listClinicMembers(deps, ctx) };
      },
    );
  };
