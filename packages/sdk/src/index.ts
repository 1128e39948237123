import createClient, { type Middleware } from 'openapi-fetch';
import type { components, paths } from './schema';

export type { components, paths };

type Json<
  Path extends keyof paths,
  Method extends 'get' | 'post' | 'patch',
  Status extends number,
> = paths[Path][Method] extends {
  responses: { [S in Status]: { content: { 'application/json': infer Body } } };
}
  ? Body
  : never;
type RequestBody<Path extends keyof paths, Method extends 'post' | 'patch'> = paths[Path][Method] extends {
  requestBody?: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;
type Query<Path extends keyof paths> = paths[Path]['get'] extends { parameters: { query?: infer Q } }
  ? NonNullable<Q>
  : never;

export type Patient = Json<'/api/v1/patients/{id}', 'get', 200>;
export type PatientList = Json<'/api/v1/patients', 'get', 200>;
export type NewPatient = RequestBody<'/api/v1/patients', 'post'>;
export type PatientChanges = RequestBody<'/api/v1/patients/{id}', 'patch'>;
export type ReviewList = Json<'/api/v1/reviews', 'get', 200>;
export type ReviewQuery = Query<'/api/v1/reviews'>;
export type PatientQuery = Query<'/api/v1/patients'>;
export type FollowUpCampaign = Json<'/api/v1/followups', 'post', 201>;
export type Analytics = Json<'/api/v1/analytics', 'get', 200>;

export type CareLoopOptions = {
  /** Where CareLoop runs, e.g. https://app.careloop.example */
  baseUrl: string;
  /** An API client's id and secret (Settings > API): the SDK gets and renews its tokens itself. */
  clientId?: string;
  clientSecret?: string;
  /** Scopes to ask for (space-separated); the client's own scopes when left out. */
  scope?: string;
  /** Or a token you got yourself. */
  accessToken?: string;
  fetch?: typeof globalThis.fetch;
};

/** An error answer of the API: `{ error: { code, message, details } }`, or the token endpoint's. */
export class CareLoopError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'CareLoopError';
  }
}

type ErrorBody = {
  error?: { code?: string; message?: string; details?: unknown } | string;
  error_description?: string;
};

function toError(status: number, body: unknown): CareLoopError {
  const error = (body ?? {}) as ErrorBody;
  if (typeof error.error === 'string') {
    return new CareLoopError(status, error.error, error.error_description ?? error.error);
  }
  return new CareLoopError(
    status,
    error.error?.code ?? `HTTP_${status}`,
    error.error?.message ?? `CareLoop answered ${status}`,
    error.error?.details,
  );
}

async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (error !== undefined || data === undefined) throw toError(response.status, error);
  return data;
}

/** Renew a token this long before it expires, so a request never leaves with a token about to end. */
const RENEW_BEFORE_MS = 30_000;

/**
 * The CareLoop public API (v1), typed from its OpenAPI document. Every call throws a `CareLoopError`
 * for an error answer; POST calls take an idempotency key so a retried request is not done twice.
 */
export class CareLoop {
  private readonly client;
  private token: { value: string; expiresAt: number } | null = null;

  constructor(private readonly options: CareLoopOptions) {
    if (!options.accessToken && !(options.clientId && options.clientSecret)) {
      throw new Error('CareLoop: give an accessToken, or a clientId and clientSecret');
    }
    this.client = createClient<paths>({ baseUrl: options.baseUrl.replace(/\/$/, ''), fetch: options.fetch });
    const auth: Middleware = {
      onRequest: async ({ request, schemaPath }) => {
        if (schemaPath === '/api/v1/oauth/token') return request;
        request.headers.set('authorization', `Bearer ${await this.accessToken()}`);
        return request;
      },
    };
    this.client.use(auth);
  }

  /** The token for the next request: the one given, or a client-credentials token renewed as it ends. */
  private async accessToken(): Promise<string> {
    if (this.options.accessToken) return this.options.accessToken;
    if (this.token && this.token.expiresAt - RENEW_BEFORE_MS > Date.now()) return this.token.value;
    const form = new URLSearchParams({ grant_type: 'client_credentials' });
    if (this.options.scope) form.set('scope', this.options.scope);
    // RFC 6749 §2.3.1: id and secret form-encoded before they are joined.
    const basic = btoa(
      `${encodeURIComponent(this.options.clientId!)}:${encodeURIComponent(this.options.clientSecret!)}`,
    );
    const granted = await unwrap(
      this.client.POST('/api/v1/oauth/token', {
        body: Object.fromEntries(form) as never,
        bodySerializer: () => form.toString(),
        headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      }),
    );
    this.token = { value: granted.access_token, expiresAt: Date.now() + granted.expires_in * 1000 };
    return this.token.value;
  }

  readonly patients = {
    list: (query: PatientQuery = {}) =>
      unwrap<PatientList>(this.client.GET('/api/v1/patients', { params: { query } })),
    get: (id: string) =>
      unwrap<Patient>(this.client.GET('/api/v1/patients/{id}', { params: { path: { id } } })),
    create: (patient: NewPatient, options: { idempotencyKey?: string } = {}) =>
      unwrap<Patient>(
        this.client.POST('/api/v1/patients', {
          body: patient,
          headers: idempotency(options.idempotencyKey),
        }),
      ),
    update: (id: string, changes: PatientChanges) =>
      unwrap<Patient>(
        this.client.PATCH('/api/v1/patients/{id}', { params: { path: { id } }, body: changes }),
      ),
  };

  readonly reviews = {
    list: (query: ReviewQuery = {}) =>
      unwrap<ReviewList>(this.client.GET('/api/v1/reviews', { params: { query } })),
  };

  readonly followups = {
    /** Starts the clinic's follow-up sequence for a patient (consent and opt-outs honoured). */
    trigger: (request: { patientId: string }, options: { idempotencyKey?: string } = {}) =>
      unwrap<FollowUpCampaign>(
        this.client.POST('/api/v1/followups', {
          body: { patient_id: request.patientId },
          headers: idempotency(options.idempotencyKey),
        }),
      ),
  };

  readonly analytics = {
    /** The KPIs; the period ones (nps ... case_sla_met_rate) for from..to, or the last 30 days. */
    get: (range: { from: string; to: string } | Record<string, never> = {}) =>
      unwrap<Analytics>(this.client.GET('/api/v1/analytics', { params: { query: range } })),
  };
}

const idempotency = (key: string | undefined) => (key ? { 'idempotency-key': key } : {});
