import { errorResponseSchema } from '@careloop/contracts/errors';
import {
  importPreviewResponseSchema,
  importUploadQuerySchema,
  maxImportBytes,
} from '@careloop/contracts/patients';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { clinicContextOf } from '../../plugins/route-access';
import { uploadImportFile } from './patient-import.service';

/** What a browser or a script sends a CSV or workbook as. text/plain is not among them: a cross-site form could send it without a CORS preflight. */
const fileTypes = [
  'text/csv',
  'application/octet-stream',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-excel',
];

/** The import's file, sent once as the request body; preview and import then refer to it by id. */
export const patientImportUploadRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(
      fileTypes,
      { parseAs: 'buffer', bodyLimit: maxImportBytes + 1 },
      (_request, body, done) => done(null, body),
    );

    app.post(
      '/api/patients/import/uploads',
      {
        config: { access: 'member' },
        bodyLimit: maxImportBytes + 1,
        schema: {
          tags: ['patients'],
          summary: `The file to import as the request body (CSV or .xlsx, at most ${maxImportBytes / 1024 / 1024} MB): kept 15 minutes for its uploader, answered with its preview and the uploadId that preview and import take instead of the file`,
          querystring: importUploadQuerySchema,
          consumes: fileTypes,
          response: { 200: importPreviewResponseSchema, 400: errorResponseSchema },
        },
      },
      async (request) => {
        const ctx = clinicContextOf(request);
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return uploadImportFile(deps, ctx, body, request.query);
      },
    );
  };
