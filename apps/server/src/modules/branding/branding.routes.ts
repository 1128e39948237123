import {
  brandingResponseSchema,
  saveBrandColorBodySchema,
  saveBrandingResponseSchema,
} from '@careloop/contracts/branding';
import { errorResponseSchema } from '@careloop/contracts/errors';
import { logoMessages, maxLogoBytes } from '@careloop/domain/branding/logo-image';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { clinicContextOf } from '../../plugins/route-access';
import { getBranding, getLogoOf, removeLogo, saveBrandColor, saveLogo } from './branding.service';
import { sendLogo } from './logo-reply';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
const tags = ['branding'];

/**
 * Any image type or octet-stream is read as bytes so that the service can refuse what is not a
 * PNG, JPEG or WebP with its own message (SVG included); the type decided is the bytes' own.
 */
const uploadTypes = /^(?:image\/[\w.+-]+|application\/octet-stream)\s*(?:;.*)?$/i;

/** Settings > Branding: owners and admins, on plans with custom branding. */
export const brandingRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/settings/branding',
      {
        config: { access: 'manager' },
        schema: {
          tags,
          summary: "The clinic's logo (type, size, when saved) and brand colour",
          response: { 200: brandingResponseSchema, ...errors },
        },
      },
      async (request) => getBranding(deps, clinicContextOf(request)),
    );

    app.put(
      '/api/settings/branding/color',
      {
        config: { access: 'manager' },
        schema: {
          tags,
          summary: 'Sets the brand colour (#rrggbb, dark enough for white text at WCAG AA) or null for none',
          body: saveBrandColorBodySchema,
          response: { 200: saveBrandingResponseSchema, ...errors },
        },
      },
      async (request) => saveBrandColor(deps, clinicContextOf(request), request.body),
    );

    app.get(
      '/api/settings/branding/logo',
      {
        config: { access: 'manager' },
        schema: { tags, summary: "The clinic's logo, with its checked type", response: errors },
      },
      async (request, reply) => sendLogo(reply, await getLogoOf(deps, clinicContextOf(request)), 'no-store'),
    );

    app.delete(
      '/api/settings/branding/logo',
      {
        config: { access: 'manager' },
        schema: {
          tags,
          summary: 'Removes the logo',
          response: { 200: saveBrandingResponseSchema, ...errors },
        },
      },
      async (request) => removeLogo(deps, clinicContextOf(request)),
    );

    await app.register(async (upload) => {
      upload.removeAllContentTypeParsers();
      upload.addContentTypeParser(
        uploadTypes,
        { parseAs: 'buffer', bodyLimit: maxLogoBytes + 1 },
        (_request, body, done) => done(null, body),
      );
      upload.put(
        '/api/settings/branding/logo',
        {
          config: { access: 'manager' },
          bodyLimit: maxLogoBytes + 1,
          // A file over the limit is stopped while it arrives; say so in the logo's own words.
          errorHandler: (error, _request, reply) => {
            if ((error as { statusCode?: number }).statusCode !== 413) throw error;
            const { key, message } = logoMessages.size;
            return reply.status(413).send({
              error: { code: 'PAYLOAD_TOO_LARGE', message, details: [{ field: 'logo', key, message }] },
            });
          },
          schema: {
            tags,
            summary: `The logo as the request body: PNG, JPEG or WebP (checked by its bytes), at most ${maxLogoBytes / 1024} kB; never SVG`,
            consumes: ['image/png', 'image/jpeg', 'image/webp'],
            body: z.unknown(),
            response: { 200: saveBrandingResponseSchema, 413: errorResponseSchema, ...errors },
          },
        },
        async (request) => {
          const bytes = Buffer.isBuffer(request.body) ? new Uint8Array(request.body) : new Uint8Array();
          return saveLogo(deps, clinicContextOf(request), bytes, request.headers['content-type']);
        },
      );
    });
  };
