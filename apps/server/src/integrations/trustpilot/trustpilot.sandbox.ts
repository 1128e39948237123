import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** A review as the fake stores it: Trustpilot's public wire shape (providers.md §1.3). */
export type SandboxTrustpilotReview = {
  id: string;
  stars: number;
  title: string;
  text: string;
  language: string;
  createdAt: string;
  consumer: { id: string; displayName: string; displayLocation?: string; numberOfReviews?: number };
  companyReply?: { text: string; createdAt: string } | null;
};

export type SandboxBusinessUnit = {
  id: string;
  /** The identifying domain, e.g. `clinic.example`. */
  domain: string;
  displayName: string;
  reviews: SandboxTrustpilotReview[];
};

/** The next answers of the reviews route, for testing retries and bad payloads. */
type SandboxTrustpilotFault =
  | { kind: 'status'; status: number; retryAfterSeconds?: number }
  | { kind: 'malformed' };

export type TrustpilotSandboxState = {
  apiKeys: Set<string>;
  /** `key:secret` pairs the token route accepts. */
  clients: Map<string, string>;
  businessUnits: Map<string, SandboxBusinessUnit>;
  accessTokens: Set<string>;
  faults: SandboxTrustpilotFault[];
  /** Every request the fake received (method and path with query), newest last. */
  requests: string[];
};

export function createTrustpilotSandboxState(): TrustpilotSandboxState {
  return {
    apiKeys: new Set(),
    clients: new Map(),
    businessUnits: new Map(),
    accessTokens: new Set(),
    faults: [],
    requests: [],
  };
}

export const sandboxBusinessUnitId = () => randomBytes(12).toString('hex');

/** The demo clinic's Trustpilot credentials in sandbox mode (not secrets: they open only the fake). */
export const trustpilotSandboxDemo = {
  apiKey: 'sandbox-trustpilot-demo-key',
  businessUnitId: '5f3c0de0a1b2c3d4e5f60718',
} as const;

const demoReviews: { stars: number; name: string; title: string; text: string; daysAgo: number }[] = [
  {
    stars: 5,
    name: 'James W.',
    title: 'New implant feels great',
    text: 'The dental implant was quick and the team explained every step.',
    daysAgo: 2,
  },
  {
    stars: 2,
    name: 'Emily Carter',
    title: 'Whitening left my teeth sensitive',
    text: 'Nobody called me back after the teeth whitening.',
    daysAgo: 3,
  },
  {
    stars: 4,
    name: 'Michael B.',
    title: 'Good experience',
    text: 'Friendly staff, clean clinic.',
    daysAgo: 5,
  },
  {
    stars: 3,
    name: 'Lucía F.',
    title: 'Bien, pero lento',
    text: 'La cirugía fue bien, pero la espera fue muy larga.',
    daysAgo: 8,
  },
];

/** A state with the demo business unit, whose reviews are dated relative to `now`. */
export function createDemoTrustpilotSandboxState(now = new Date()): TrustpilotSandboxState {
  const state = createTrustpilotSandboxState();
  state.apiKeys.add(trustpilotSandboxDemo.apiKey);
  state.businessUnits.set(trustpilotSandboxDemo.businessUnitId, {
    id: trustpilotSandboxDemo.businessUnitId,
    domain: 'demo-clinic.example',
    displayName: 'Demo Clinic',
    reviews: demoReviews.map((r, i) => ({
      id: `demo-review-${i + 1}`,
      stars: r.stars,
      title: r.title,
      text: r.text,
      language: /[íáé]/.test(r.text) ? 'es' : 'en',
      createdAt: new Date(now.getTime() - r.daysAgo * 86_400_000).toISOString(),
      consumer: { id: `demo-consumer-${i + 1}`, displayName: r.name },
    })),
  });
  return state;
}

type Query = Record<string, string | string[] | undefined>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
const all = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value]).flatMap((v) => v.split(','));

// Trustpilot sits behind an API gateway; its errors are not a documented JSON shape.
const gatewayError = (reply: FastifyReply, status: number, message: string) =>
  reply.status(status).send({ fault: { faultstring: message, detail: { errorcode: `sandbox.${status}` } } });

function hasApiKey(state: TrustpilotSandboxState, request: FastifyRequest): boolean {
  const header = request.headers.apikey;
  const key = (Array.isArray(header) ? header[0] : header) ?? first((request.query as Query).apikey);
  return key !== undefined && state.apiKeys.has(key);
}

function hasBearer(state: TrustpilotSandboxState, request: FastifyRequest): boolean {
  const match = /^Bearer (.+)$/.exec(request.headers.authorization ?? '');
  return match?.[1] !== undefined && state.accessTokens.has(match[1]);
}

const publicUnit = (unit: SandboxBusinessUnit) => ({
  id: unit.id,
  displayName: unit.displayName,
  name: { identifying: unit.domain, referring: [unit.domain, `www.${unit.domain}`] },
  websiteUrl: `https://${unit.domain}`,
  country: 'GB',
  status: 'active',
  numberOfReviews: { total: unit.reviews.length },
  links: [],
});

/**
 * A wire-compatible fake of Trustpilot's API under `<prefix>/v1` (providers.md §1.6): checks the
 * apikey (header or query) and Bearer tokens, validates paging and filters as Trustpilot does.
 */
export function trustpilotSandbox(state: TrustpilotSandboxState) {
  return async (app: FastifyInstance) => {
    // Encapsulated: only the fake's token route reads form bodies.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    // The fake is not part of our API: kept out of the OpenAPI document.
    app.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, hide: true };
    });
    app.addHook('onRequest', async (request) => {
      state.requests.push(`${request.method} ${request.url}`);
    });

    app.get('/v1/business-units/find', async (request, reply) => {
      if (!hasApiKey(state, request)) return gatewayError(reply, 401, 'Invalid ApiKey');
      const name = first((request.query as Query).name);
      if (!name) return gatewayError(reply, 400, 'name is required');
      const unit = [...state.businessUnits.values()].find(
        (u) => u.domain === name || `www.${u.domain}` === name,
      );
      if (!unit) return gatewayError(reply, 404, 'Business unit not found');
      return publicUnit(unit);
    });

    app.get('/v1/business-units/:id', async (request, reply) => {
      if (!hasApiKey(state, request)) return gatewayError(reply, 401, 'Invalid ApiKey');
      const unit = state.businessUnits.get((request.params as { id: string }).id);
      if (!unit) return gatewayError(reply, 404, 'Business unit not found');
      return publicUnit(unit);
    });

    app.get('/v1/business-units/:id/reviews', async (request, reply) => {
      if (!hasApiKey(state, request)) return gatewayError(reply, 401, 'Invalid ApiKey');
      const unit = state.businessUnits.get((request.params as { id: string }).id);
      if (!unit) return gatewayError(reply, 404, 'Business unit not found');
      const fault = state.faults.shift();
      if (fault?.kind === 'status') {
        if (fault.retryAfterSeconds !== undefined)
          reply.header('retry-after', String(fault.retryAfterSeconds));
        return gatewayError(reply, fault.status, 'Sandbox fault');
      }
      if (fault?.kind === 'malformed') return { reviews: [{ id: 42, stars: 'five' }], links: [] };

      const query = request.query as Query;
      const page = Number(first(query.page) ?? '1');
      const perPage = Number(first(query.perPage) ?? '20');
      if (!Number.isInteger(page) || page < 1) return gatewayError(reply, 400, 'page must be 1 or more');
      if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100)
        return gatewayError(reply, 400, 'perPage must be between 1 and 100');
      const orderBy = first(query.orderBy) ?? 'createdat.desc';
      const [field, direction] = orderBy.split('.');
      if (!['createdat', 'stars'].includes(field ?? '') || !['asc', 'desc'].includes(direction ?? ''))
        return gatewayError(reply, 400, 'orderBy is not valid');
      const stars = all(query.stars).map(Number);
      if (stars.some((s) => !Number.isInteger(s) || s < 1 || s > 5))
        return gatewayError(reply, 400, 'stars must be 1 to 5');
      const languages = all(query.language);

      const sign = direction === 'asc' ? 1 : -1;
      const sorted = unit.reviews
        .filter((r) => stars.length === 0 || stars.includes(r.stars))
        .filter((r) => languages.length === 0 || languages.includes(r.language))
        .sort((a, b) => {
          const primary =
            field === 'stars' ? a.stars - b.stars : Date.parse(a.createdAt) - Date.parse(b.createdAt);
          return sign * primary || sign * a.id.localeCompare(b.id);
        });
      const slice = sorted.slice((page - 1) * perPage, page * perPage);
      return {
        reviews: slice.map((r) => ({ ...r, businessUnit: { id: unit.id, displayName: unit.displayName } })),
        links: [],
      };
    });

    app.get('/v1/reviews/:id', async (request, reply) => {
      if (!hasApiKey(state, request)) return gatewayError(reply, 401, 'Invalid ApiKey');
      const id = (request.params as { id: string }).id;
      const unit = [...state.businessUnits.values()].find((u) => u.reviews.some((r) => r.id === id));
      const review = unit?.reviews.find((r) => r.id === id);
      if (!unit || !review) return gatewayError(reply, 404, 'Review not found');
      return { ...review, businessUnit: { id: unit.id, displayName: unit.displayName } };
    });

    app.post('/v1/oauth/oauth-business-users-for-applications/accesstoken', async (request, reply) => {
      const basic = /^Basic (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      const [key, secret] = Buffer.from(basic ?? '', 'base64')
        .toString('utf8')
        .split(':');
      if (!key || state.clients.get(key) !== secret) return gatewayError(reply, 401, 'Invalid client');
      if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded'))
        return gatewayError(reply, 400, 'Content-Type must be application/x-www-form-urlencoded');
      const grant = (request.body as Record<string, string> | null)?.grant_type;
      const grants = ['client_credentials', 'password', 'authorization_code', 'refresh_token'];
      if (!grant || !grants.includes(grant)) return gatewayError(reply, 400, 'Unsupported grant_type');
      const accessToken = randomBytes(18).toString('hex');
      state.accessTokens.add(accessToken);
      return {
        access_token: accessToken,
        expires_in: '359999',
        ...(grant === 'client_credentials' ? {} : { refresh_token: randomBytes(18).toString('hex') }),
      };
    });

    app.post('/v1/private/reviews/:id/reply', async (request, reply) => {
      if (!hasBearer(state, request)) return gatewayError(reply, 401, 'Invalid access token');
      const body = request.body as { message?: unknown; authorBusinessUserId?: unknown } | null;
      if (typeof body?.message !== 'string' || body.message.trim() === '' || !body.authorBusinessUserId)
        return gatewayError(reply, 400, 'message and authorBusinessUserId are required');
      const id = (request.params as { id: string }).id;
      const review = [...state.businessUnits.values()].flatMap((u) => u.reviews).find((r) => r.id === id);
      if (!review) return gatewayError(reply, 404, 'Review not found');
      review.companyReply = { text: body.message, createdAt: new Date().toISOString() };
      return reply
        .status(201)
        .send({ reply: { message: body.message, createdAt: review.companyReply.createdAt } });
    });
  };
}
