import type { ApiScope, CreatedApiClient } from '@careloop/contracts/api-clients';
import { apiScopes } from '@careloop/contracts/api-clients';
import { jsonHeaders, type SignedInUser } from './build-user';
import type { TestApp } from './test-app';

/** An API client made in settings by a clinic manager, through HTTP (its secret as shown once). */
export async function buildApiClient(
  t: TestApp,
  manager: SignedInUser,
  options: { name?: string; scopes?: readonly ApiScope[] } = {},
): Promise<CreatedApiClient> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/settings/api-clients',
    headers: jsonHeaders({ cookie: manager.cookie }),
    payload: { name: options.name ?? 'Practice system', scopes: options.scopes ?? apiScopes },
  });
  if (res.statusCode !== 201) throw new Error(`API client not created: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** The token endpoint with HTTP Basic client credentials (RFC 6749 §2.3.1). */
export function requestToken(
  t: TestApp,
  client: { clientId: string; clientSecret: string },
  form: Record<string, string> = { grant_type: 'client_credentials' },
) {
  const basic = Buffer.from(
    `${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret)}`,
  ).toString('base64');
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/oauth/token',
    headers: {
      authorization: `Basic ${basic}`,
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': jsonHeaders()['x-forwarded-for'],
    },
    payload: new URLSearchParams(form).toString(),
  });
}

/** A bearer token for the client (all of its scopes unless `scope` is given). */
export async function buildAccessToken(
  t: TestApp,
  client: { clientId: string; clientSecret: string },
  scope?: string,
): Promise<string> {
  const res = await requestToken(t, client, {
    grant_type: 'client_credentials',
    ...(scope === undefined ? {} : { scope }),
  });
  if (res.statusCode !== 200) throw new Error(`no token: ${res.statusCode} ${res.body}`);
  return res.json().access_token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
