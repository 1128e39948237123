import { oauthErrorSchema, oauthTokenResponseSchema } from '@careloop/contracts/api-v1';
import { errorResponseSchema } from '@careloop/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { issueAccessToken, OAuthError, oauthTokenPath, type TokenRequest } from './oauth-token.service';

const formType = 'application/x-www-form-urlencoded';

const tokenBodySchema = z.object({
  grant_type: z.string().max(100).optional(),
  client_id: z.string().max(200).optional(),
  client_secret: z.string().max(200).optional(),
  scope: z.string().max(500).optional(),
});

/** `Authorization: Basic` credentials, each half form-url-encoded (RFC 6749 §2.3.1); null when absent or not Basic. */
function basicCredentials(header: string | undefined): { id: string; secret: string } | null {
  const match = header?.match(/^Basic\s+([A-Za-z0-9+/=]+)\s*$/i);
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) throw new OAuthError('invalid_client', 'Client authentication failed');
  try {
    const decode = (part: string) => decodeURIComponent(part.replaceAll('+', ' '));
    return { id: decode(decoded.slice(0, colon)), secret: decode(decoded.slice(colon + 1)) };
  } catch {
    throw new OAuthError('invalid_client', 'Client authentication failed');
  }
}

/** The token request's parameters; a parameter given twice or two ways of authenticating is invalid_request. */
function readTokenRequest(body: unknown, authorization: string | undefined): TokenRequest {
  const form = (body ?? {}) as Record<string, string | string[] | undefined>;
  const single = (name: string) => {
    const value = form[name];
    if (Array.isArray(value)) throw new OAuthError('invalid_request', `${name} is given more than once`);
    return value === '' ? undefined : value;
  };
  const basic = basicCredentials(authorization);
  if (authorization && !basic && !/^Basic\b/i.test(authorization)) {
    throw new OAuthError('invalid_client', 'Client authentication failed');
  }
  const bodyId = single('client_id');
  const bodySecret = single('client_secret');
  if (basic && (bodyId !== undefined || bodySecret !== undefined)) {
    throw new OAuthError('invalid_request', 'Use one client authentication method, not two');
  }
  return {
    grantType: single('grant_type'),
    clientId: basic?.id ?? bodyId,
    clientSecret: basic?.secret ?? bodySecret,
    scope: single('scope'),
  };
}

/** `POST /api/v1/oauth/token`: the client-credentials grant; errors in RFC 6749's own shape. */
export const oauthTokenRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addContentTypeParser(formType, { parseAs: 'string', bodyLimit: 8192 }, (_request, body, done) => {
      const form: Record<string, string | string[]> = {};
      for (const [key, value] of new URLSearchParams(String(body))) {
        const seen = form[key];
        form[key] = seen === undefined ? value : [seen, value].flat();
      }
      done(null, form);
    });

    app.post(
      oauthTokenPath,
      {
        config: {
          access: 'public',
          // Guessing secrets from one address is slowed down; each client's own budget applies to its calls.
          rateLimit: { max: 60, timeWindow: '1 minute' },
        },
        attachValidation: true,
        schema: {
          tags: ['public-api'],
          summary:
            'OAuth 2.0 client-credentials grant (RFC 6749 §4.4): form-encoded; client credentials by HTTP Basic or in the body',
          operationId: 'requestAccessToken',
          security: [{ clientBasic: [] }],
          consumes: [formType],
          body: tokenBodySchema,
          // 400 is RFC 6749's answer, or the app's envelope when the shared input guard refuses the body first.
          response: {
            200: oauthTokenResponseSchema,
            400: z.union([oauthErrorSchema, errorResponseSchema]),
            401: oauthErrorSchema,
          },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
        try {
          if (!request.headers['content-type']?.toLowerCase().startsWith(formType)) {
            throw new OAuthError('invalid_request', `The body must be ${formType}`);
          }
          const tokenRequest = readTokenRequest(request.body, request.headers.authorization);
          if (request.validationError) throw new OAuthError('invalid_request', 'A parameter is too long');
          return await issueAccessToken(deps, tokenRequest, new Date((deps.clock ?? Date.now)()));
        } catch (error) {
          if (!(error instanceof OAuthError)) throw error;
          if (error.statusCode === 401) reply.header('www-authenticate', 'Basic realm="careloop-api"');
          return reply
            .status(error.statusCode)
            .send({ error: error.error, error_description: error.description });
        }
      },
    );
  };
