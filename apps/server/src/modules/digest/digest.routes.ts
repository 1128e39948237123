import { digestUnsubscribeResponseSchema, digestUnsubscribeSchema } from '@careloop/contracts/account';
import { errorResponseSchema } from '@careloop/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { unsubscribeFromDigest } from './digest.service';

const formType = 'application/x-www-form-urlencoded';

/**
 * The Daily Digest's unsubscribe: the page behind the mail's link posts the token as JSON; mail
 * clients' one-click unsubscribe (RFC 8058, the List-Unsubscribe header) posts
 * `List-Unsubscribe=One-Click` form-encoded to the header's URL, the token in its query.
 */
export const digestRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addContentTypeParser(formType, { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });

    app.post(
      '/api/digest/unsubscribe',
      {
        config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
        bodyLimit: 1024,
        schema: {
          tags: ['account'],
          summary: 'Turn the Daily Digest off for the user an unsubscribe link was made for (no sign-in)',
          querystring: digestUnsubscribeSchema.partial(),
          body: z
            .object({ token: z.string().max(200).optional() })
            .passthrough()
            .optional(),
          response: { 200: digestUnsubscribeResponseSchema, 400: errorResponseSchema },
        },
      },
      async (request) => {
        const token = request.body?.token ?? request.query.token ?? '';
        await unsubscribeFromDigest(deps, token);
        return { unsubscribed: true as const };
      },
    );
  };
