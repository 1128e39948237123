import { type ApiScope, apiScopes } from '@careloop/contracts/api-clients';
import type { OAuthTokenResponse } from '@careloop/contracts/api-v1';
import { canUseApi, planMessages } from '@careloop/domain/plans';
import type { AppDeps } from '../../app-deps';
import { newId } from '../../lib/ids';
import {
  type CredentialRow,
  deleteExpiredTokens,
  findClientCredentials,
  insertAccessToken,
  insertApiCall,
} from './api-clients.repository';
import { digest, matchesDigest, newAccessToken } from './api-credentials';

type Deps = Pick<AppDeps, 'db'>;

/** Bearer tokens live an hour; a client asks for a new one with its credentials. */
const accessTokenTtlSeconds = 3600;

export const oauthTokenPath = '/api/v1/oauth/token';

const oauthErrorCodes = [
  'invalid_request',
  'invalid_client',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
] as const;
export type OAuthErrorCode = (typeof oauthErrorCodes)[number];

/** An RFC 6749 §5.2 error: `invalid_client` is a 401, the others 400. */
export class OAuthError extends Error {
  readonly statusCode: 400 | 401;
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
  ) {
    super(description);
    this.statusCode = error === 'invalid_client' ? 401 : 400;
  }
}

export type TokenRequest = {
  grantType: string | undefined;
  clientId: string | undefined;
  clientSecret: string | undefined;
  /** Space-delimited (RFC 6749 §3.3); absent: every scope the client holds. */
  scope: string | undefined;
};

const isApiScope = (value: string): value is ApiScope => apiScopes.some((scope) => scope === value);

/** The client's current secret, or the one a rotation replaced while it is still within its day. */
function secretMatches(client: CredentialRow, secret: string, now: Date): boolean {
  if (matchesDigest(secret, client.secretHash)) return true;
  return (
    client.previousSecretHash !== null &&
    client.previousSecretExpiresAt !== null &&
    client.previousSecretExpiresAt.getTime() > now.getTime() &&
    matchesDigest(secret, client.previousSecretHash)
  );
}

/** The client-credentials grant (RFC 6749 §4.4): a short-lived bearer token for a client of a clinic on a plan with API access. */
export async function issueAccessToken(deps: Deps, request: TokenRequest, now = new Date()) {
  if (!request.grantType) throw new OAuthError('invalid_request', 'grant_type is required');
  if (request.grantType !== 'client_credentials') {
    throw new OAuthError('unsupported_grant_type', 'Only the client_credentials grant is supported');
  }
  if (!request.clientId || !request.clientSecret) {
    throw new OAuthError('invalid_client', 'Client authentication failed');
  }
  const client = await findClientCredentials(deps.db, request.clientId);
  if (!client || !secretMatches(client, request.clientSecret, now)) {
    throw new OAuthError('invalid_client', 'Client authentication failed');
  }
  const audit = (statusCode: number) =>
    insertApiCall(deps.db, {
      id: newId('apl'),
      clinicId: client.clinicId,
      apiClientId: client.id,
      method: 'POST',
      route: oauthTokenPath,
      statusCode,
      durationMs: Math.max(0, Date.now() - now.getTime()),
      createdAt: now,
    });
  if (client.revokedAt) {
    await audit(401);
    throw new OAuthError('invalid_client', 'Client authentication failed');
  }
  if (!canUseApi(client.subscriptionTier)) {
    await audit(400);
    throw new OAuthError('unauthorized_client', planMessages.featureLocked.message);
  }
  const held = client.scopes.filter(isApiScope);
  const asked = request.scope === undefined ? held : request.scope.split(' ').filter(Boolean);
  const refused = asked.filter((scope) => !held.some((own) => own === scope));
  if (asked.length === 0 || refused.length > 0) {
    await audit(400);
    throw new OAuthError(
      'invalid_scope',
      refused.length > 0 ? `Scope not granted to this client: ${refused.join(' ')}` : 'No scope requested',
    );
  }
  const token = newAccessToken();
  await deleteExpiredTokens(deps.db, now);
  await insertAccessToken(deps.db, {
    tokenHash: digest(token),
    clinicId: client.clinicId,
    apiClientId: client.id,
    scopes: asked,
    expiresAt: new Date(now.getTime() + accessTokenTtlSeconds * 1000),
    createdAt: now,
  });
  await audit(200);
  const answer: OAuthTokenResponse = {
    access_token: token,
    token_type: 'Bearer',
    expires_in: accessTokenTtlSeconds,
    scope: asked.join(' '),
  };
  return answer;
}
