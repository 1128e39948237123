import { errorResponseSchema } from '@careloop/contracts/errors';
import {
  securityCheckParamsSchema,
  securityCheckSchema,
  securityScanSchema,
} from '@careloop/contracts/security-hardening';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { clinicContextOf } from '../../plugins/route-access';
import type { SecurityHeadersControl } from '../../plugins/security-headers';
import type { HeaderProbe } from './security-checks.service';
import { autoFixCheck, getSecurityScan, runFullScan, runOneCheck } from './security-hardening.service';

/** The paths whose answers the header checks read: the API and the web app. */
const probedPaths = ['/api/health', '/login'] as const;

const emptyBodySchema = z.object({}).strict().optional();

// Owners and admins (spec 2 §2 page): security settings are owner/admin, like every setting.
export const securityHardeningRoutes =
  (deps: AppDeps, headers: SecurityHeadersControl): FastifyPluginAsyncZod =>
  async (app) => {
    // What this server actually serves: it asks itself, through its whole request pipeline.
    const probe: HeaderProbe = async () =>
      Promise.all(
        probedPaths.map(async (path) => ({
          path,
          headers: (await app.inject({ method: 'GET', url: path })).headers,
        })),
      );
    const server = { probe, headers };
    const errors = { 401: errorResponseSchema, 403: errorResponseSchema };

    app.get(
      '/api/security-hardening',
      {
        config: { access: 'manager' },
        schema: {
          tags: ['security-hardening'],
          summary: 'The eight security checks as they stand now, and the security score (percent passing)',
          response: { 200: securityScanSchema, ...errors },
        },
      },
      async (request) => getSecurityScan(deps, server, clinicContextOf(request)),
    );

    app.post(
      '/api/security-hardening/scan',
      {
        config: { access: 'manager' },
        schema: {
          tags: ['security-hardening'],
          summary: 'Full scan: runs every check (logs security_full_scan_initiated)',
          body: emptyBodySchema,
          response: { 200: securityScanSchema, 400: errorResponseSchema, ...errors },
        },
      },
      async (request) => runFullScan(deps, server, clinicContextOf(request)),
    );

    app.post(
      '/api/security-hardening/checks/:checkId/run',
      {
        config: { access: 'manager' },
        schema: {
          tags: ['security-hardening'],
          summary: 'Runs one check (logs security_check_initiated)',
          params: securityCheckParamsSchema,
          body: emptyBodySchema,
          response: { 200: securityCheckSchema, 400: errorResponseSchema, ...errors },
        },
      },
      async (request) => runOneCheck(deps, server, clinicContextOf(request), request.params.checkId),
    );

    app.post(
      '/api/security-hardening/checks/:checkId/auto-fix',
      {
        config: { access: 'manager' },
        schema: {
          tags: ['security-hardening'],
          summary:
            "Auto-fix: secure_headers only (logs security_auto_fix_attempted and _completed); others answer 400 'Auto-fix not implemented for this check'",
          params: securityCheckParamsSchema,
          body: emptyBodySchema,
          response: { 200: securityCheckSchema, 400: errorResponseSchema, ...errors },
        },
      },
      async (request) => autoFixCheck(deps, server, clinicContextOf(request), request.params.checkId),
    );
  };
