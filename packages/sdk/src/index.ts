import { CareLoopAuthenticationError } from './errors.js';
import type { components, paths } from './schema.js';
import {
  type ApiAnswer,
  type ApiRequest,
  bodyOf,
  type RetryPolicy,
  send,
  type TransportOptions,
} from './transport.js';

export {
  CareLoopAuthenticationError,
  CareLoopConflictError,
  CareLoopConnectionError,
  CareLoopError,
  CareLoopNotFoundError,
  CareLoopPermissionError,
  CareLoopRateLimitError,
  CareLoopServerError,
  CareLoopValidationError,
} from './errors.js';
export type { components, paths, RetryPolicy };

type Schemas = components['schemas'];
export type Patient = Schemas['Patient'];
export type PatientList = Schemas['PatientList'];
export type NewPatient = Schemas['PatientCreate'];
export type PatientChanges = Schemas['PatientUpdate'];
export type Review = Schemas['Review'];
export type ReviewList = Schemas['ReviewList'];
export type FollowUpCampaign = Schemas['FollowUp'];
export type Analytics = Schemas['Analytics'];
export type PatientQuery = NonNullable<paths['/api/v1/patients']['get']['parameters']['query']>;
export type ReviewQuery = NonNullable<paths['/api/v1/reviews']['get']['parameters']['query']>;

export type CareLoopOptions = {
  /** Where CareLoop runs: its PUBLIC_URL, e.g. https://app.your-clinic.com */
  baseUrl: string;
  /** An API client's id and secret (Settings > API): the SDK gets and renews its tokens itself. */
  clientId?: string;
  clientSecret?: string;
  /** Scopes to ask for (space-separated); the client's own scopes when left out. */
  scope?: string;
  /** Or a token you got yourself (not renewed). */
  accessToken?: string;
  /** Retries of 429, 5xx and network failures; `{ maxRetries: 0 }` turns them off. */
  retry?: Partial<RetryPolicy>;
  fetch?: typeof globalThis.fetch;
  /** How to wait between retries (tests pass their own clock). */
  sleep?: (ms: number) => Promise<void>;
};

/** Renew a token this long before it expires, so that a request never leaves with a token about to end. */
const renewBeforeMs = 30_000;

type Token = { value: string; expiresAt: number };

const newRequestId = () => `sdk_${globalThis.crypto.randomUUID()}`;

/**
 * The CareLoop public API (v1), typed from its OpenAPI document. Tokens: one asked for at a time
 * (calls at once share it), renewed before they end, and asked for again once when a call answers
 * 401. 429 and 5xx are retried with backoff, honouring Retry-After. Error answers throw a
 * `CareLoopError` subclass carrying the request id. POSTs carry an Idempotency-Key (yours, or one
 * made per call), so a retry never does the work twice.
 */
export class CareLoop {
  private readonly transport: TransportOptions;
  private token: Token | null = null;
  private renewing: Promise<Token> | null = null;

  constructor(private readonly options: CareLoopOptions) {
    if (!options.accessToken && !(options.clientId && options.clientSecret)) {
      throw new Error('CareLoop: give an accessToken, or a clientId and clientSecret');
    }
    if (!options.baseUrl) throw new Error('CareLoop: give the baseUrl of your CareLoop (its PUBLIC_URL)');
    this.transport = {
      baseUrl: options.baseUrl.replace(/\/+$/, ''),
      fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
      retry: { maxRetries: 2, baseDelayMs: 500, maxDelayMs: 60_000, ...options.retry },
      sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
      random: Math.random,
    };
  }

  /** The token for the next call: the one given, the cached one, or one asked for (once for every caller waiting). */
  private async accessToken(): Promise<string> {
    if (this.options.accessToken) return this.options.accessToken;
    if (this.token && this.token.expiresAt - renewBeforeMs > Date.now()) return this.token.value;
    this.renewing ??= this.requestToken().finally(() => {
      this.renewing = null;
    });
    return (await this.renewing).value;
  }

  private async requestToken(): Promise<Token> {
    const form = new URLSearchParams({ grant_type: 'client_credentials' });
    if (this.options.scope) form.set('scope', this.options.scope);
    // RFC 6749 §2.3.1: id and secret form-encoded before they are joined.
    const basic = btoa(
      `${encodeURIComponent(this.options.clientId!)}:${encodeURIComponent(this.options.clientSecret!)}`,
    );
    const granted = bodyOf<Schemas['AccessToken']>(
      await send(this.transport, {
        method: 'POST',
        path: '/api/v1/oauth/token',
        form,
        headers: { authorization: `Basic ${basic}`, 'x-request-id': newRequestId() },
      }),
    );
    this.token = { value: granted.access_token, expiresAt: Date.now() + granted.expires_in * 1000 };
    return this.token;
  }

  /** One call with the token; a 401 drops a renewable token and tries once more with a new one. */
  private async call<T>(request: ApiRequest): Promise<T> {
    const headers = { 'x-request-id': newRequestId(), ...request.headers };
    let used = '';
    const attempt = async (): Promise<ApiAnswer> => {
      used = await this.accessToken();
      return send(this.transport, { ...request, headers: { ...headers, authorization: `Bearer ${used}` } });
    };
    let answer = await attempt();
    if (answer.status === 401 && !this.options.accessToken) {
      // Revoked or ended early: forget it (unless another call has renewed it meanwhile), try once more.
      if (this.token?.value === used) this.token = null;
      answer = await attempt();
    }
    try {
      return bodyOf<T>(answer);
    } catch (error) {
      if (error instanceof CareLoopAuthenticationError && !this.options.accessToken) this.token = null;
      throw error;
    }
  }

  readonly patients = {
    list: (query: PatientQuery = {}) =>
      this.call<PatientList>({ method: 'GET', path: '/api/v1/patients', query }),
    get: (id: string) =>
      this.call<Patient>({ method: 'GET', path: `/api/v1/patients/${encodeURIComponent(id)}` }),
    create: (patient: NewPatient, options: { idempotencyKey?: string } = {}) =>
      this.call<Patient>({
        method: 'POST',
        path: '/api/v1/patients',
        body: patient,
        headers: idempotency(options.idempotencyKey),
      }),
    update: (id: string, changes: PatientChanges) =>
      this.call<Patient>({
        method: 'PATCH',
        path: `/api/v1/patients/${encodeURIComponent(id)}`,
        body: changes,
      }),
  };

  readonly reviews = {
    list: (query: ReviewQuery = {}) =>
      this.call<ReviewList>({ method: 'GET', path: '/api/v1/reviews', query }),
  };

  readonly followups = {
    /** Starts the clinic's follow-up sequence for a patient (consent and opt-outs honoured). */
    trigger: (request: { patientId: string }, options: { idempotencyKey?: string } = {}) =>
      this.call<FollowUpCampaign>({
        method: 'POST',
        path: '/api/v1/followups',
        body: { patient_id: request.patientId },
        headers: idempotency(options.idempotencyKey),
      }),
    /** A sequence started earlier: its status and each message's delivery status now. */
    get: (id: string) =>
      this.call<FollowUpCampaign>({ method: 'GET', path: `/api/v1/followups/${encodeURIComponent(id)}` }),
  };

  readonly analytics = {
    /** The KPIs; the period ones (nps ... case_sla_met_rate) for from..to, or the last 30 days. */
    get: (range: { from: string; to: string } | Record<string, never> = {}) =>
      this.call<Analytics>({ method: 'GET', path: '/api/v1/analytics', query: range }),
  };
}

/** Your key, else one per call: retries of the call (the SDK's or yours of the same promise) reuse it. */
const idempotency = (key: string | undefined) => ({
  'idempotency-key': key ?? `sdk_${globalThis.crypto.randomUUID()}`,
});
