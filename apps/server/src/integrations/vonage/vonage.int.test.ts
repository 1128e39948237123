import { createHash } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { portOf } from '../../testing/free-port';
import { createProviderHttp, type ProviderError } from '../http/provider-http';
import { flushSandboxWebhooks } from '../http/sandbox-webhooks';
import { createVonageClient, describeVonageError, vonageStatusCodes } from './vonage.client';
import {
  addVonageSandboxAccount,
  createVonageSandboxState,
  simulateVonageInbound,
  type VonageSandboxState,
  vonageSandbox,
} from './vonage.sandbox';
import {
  computeVonageSignature,
  parseVonageWebhook,
  type VonageWebhookEvent,
  verifyVonageSignature,
} from './vonage.webhook';

const apiKey = 'k3y0k3y0';
const apiSecret = 'S3cretS3cretS3cr';
const signatureSecret = 'vonage-signature-secret';
const patient = '+905321234567';

let server: FastifyInstance;
let state: VonageSandboxState;
let origin = '';
let seen: { url: string; headers: Record<string, unknown>; body: unknown }[] = [];
let received: VonageWebhookEvent[] = [];
let refused = 0;

beforeAll(async () => {
  server = Fastify({ logger: false, forceCloseConnections: true });
  server.addHook('preHandler', async (request) => {
    seen.push({ url: request.url, headers: { ...request.headers }, body: request.body });
  });
  await server.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.post('/vonage-hook', async (request, reply) => {
      const params = request.body as Record<string, string>;
      if (!verifyVonageSignature(params, signatureSecret)) {
        refused += 1;
        return reply.status(401).send();
      }
      const event = parseVonageWebhook(params);
      if (event) received.push(event);
      return reply.status(204).send();
    });
  });
  state = createVonageSandboxState();
  await server.register(vonageSandbox(state), { prefix: '/sandbox/vonage' });
  await server.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${portOf(server.server)}`;
});
afterAll(() => server?.close());
beforeEach(() => {
  Object.assign(state, createVonageSandboxState());
  addVonageSandboxAccount(state, { apiKey, apiSecret, signatureSecret });
  seen = [];
  received = [];
  refused = 0;
});

const client = (options = {}) =>
  createVonageClient({
    baseUrl: `${origin}/sandbox/vonage`,
    http: createProviderHttp('vonage', {
      baseDelayMs: 5,
      maxRetries: 2,
      describeError: describeVonageError,
      ...options,
    }),
  });
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error as ProviderError,
  );
const hook = () => `${origin}/vonage-hook`;
const send = (extra = {}) =>
  client().sendSms({
    apiKey,
    apiSecret,
    from: 'CareLoop',
    to: patient,
    text: 'How are you feeling?',
    ...extra,
  });
const sends = () => seen.filter((r) => r.url.endsWith('/sms/json'));

describe('Vonage client: sending against the sandbox', () => {
  it('posts a form with api_key/api_secret and digits-only to, and reads the per-message result', async () => {
    const result = await send({ callback: hook(), clientRef: 'outbox-1' });
    expect(result.messageCount).toBe(1);
    expect(result.messageIds).toHaveLength(1);
    expect(result.messageIds[0]).toMatch(/^[0-9A-F]{18}$/);
    expect(result.price).toBeCloseTo(0.0333);
    expect(result.remainingBalance).toBeCloseTo(25.4667);
    const request = sends()[0]!;
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request.body).toMatchObject({
      api_key: apiKey,
      api_secret: apiSecret,
      from: 'CareLoop',
      to: '905321234567',
      type: 'text',
      callback: hook(),
      'client-ref': 'outbox-1',
    });
  });

  it('sends non-GSM text as unicode, and splits a long text into parts', async () => {
    await send({ text: 'Ağrınız var mı? Lütfen yazın.' });
    expect(state.messages[0]).toMatchObject({ type: 'unicode', isGarbled: false });
    const long = await send({ text: 'a'.repeat(400) });
    expect(long.messageCount).toBe(3);
    expect(long.messageIds).toHaveLength(3);
  });

  it('treats a status other than "0" in a 200 body as an error, keeping the code and text', async () => {
    const bad = await failure(send({ apiSecret: 'WrongSecret00000' }));
    expect(bad).toMatchObject({
      provider: 'vonage',
      kind: 'unauthorized',
      status: 200,
      providerCode: vonageStatusCodes.invalidCredentials,
      providerReason: 'Bad Credentials',
    });
    expect(JSON.stringify(bad)).not.toContain('WrongSecret00000');
    expect(bad.message).not.toContain('WrongSecret00000');
    state.faults.push({ kind: 'message-status', status: '1', errorText: 'Throughput Rate Exceeded' });
    expect(await failure(send())).toMatchObject({ kind: 'rate_limited', providerCode: '1' });
    expect((await failure(send({ to: '12' }))).providerCode).toBe(vonageStatusCodes.invalidParameters);
    expect(state.messages).toHaveLength(0);
  });

  it('the sandbox answers status 2 for a missing param and 3 for a JSON body', async () => {
    const url = `${origin}/sandbox/vonage/sms/json`;
    const missing = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ api_key: apiKey, api_secret: apiSecret, to: '905321234567', text: 'x' }),
    });
    expect(await missing.json()).toEqual({
      'message-count': '1',
      messages: [{ status: '2', 'error-text': 'Missing from param' }],
    });
    const json = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        api_key: apiKey,
        api_secret: apiSecret,
        from: 'A',
        to: '905321234567',
        text: 'x',
      }),
    });
    expect(((await json.json()) as { messages: { status: string }[] }).messages[0]!.status).toBe('3');
  });

  it('retries a 500 and a 429 and ends with one message', async () => {
    state.faults.push({ kind: 'status', status: 500 }, { kind: 'status', status: 429, retryAfterSeconds: 0 });
    const result = await send();
    expect(sends()).toHaveLength(3);
    expect(state.messages.map((m) => m.messageId)).toEqual(result.messageIds);
  });

  it('checks the credentials with the balance (Basic auth)', async () => {
    expect(await client().getBalance({ apiKey, apiSecret })).toEqual({ value: 25.5 });
    expect(seen.at(-1)?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${apiKey}:${apiSecret}`).toString('base64')}`,
    );
    await expect(client().getBalance({ apiKey, apiSecret: 'nope' })).rejects.toMatchObject({
      kind: 'unauthorized',
      providerReason: 'You did not provide correct credentials.',
    });
  });
});

describe('Vonage webhooks', () => {
  it('signs like the SDKs: sorted &name=value, & and = in values replaced, secret appended, MD5', () => {
    const params = {
      to: '14155550100',
      text: 'a=b&c',
      msisdn: '905321234567',
      timestamp: '1763630000',
      sig: 'x',
    };
    const expected = createHash('md5')
      .update(`&msisdn=905321234567&text=a_b_c&timestamp=1763630000&to=14155550100${signatureSecret}`)
      .digest('hex');
    expect(computeVonageSignature(params, signatureSecret)).toBe(expected);
    const now = new Date(1763630000_000 + 60_000);
    const sig = computeVonageSignature(params, signatureSecret, 'sha256');
    expect(verifyVonageSignature({ ...params, sig }, signatureSecret, { method: 'sha256', now })).toBe(true);
    expect(verifyVonageSignature({ ...params, sig: expected.toUpperCase() }, signatureSecret, { now })).toBe(
      true,
    );
    expect(
      verifyVonageSignature({ ...params, sig: expected, text: 'changed' }, signatureSecret, { now }),
    ).toBe(false);
    expect(verifyVonageSignature({ ...params, sig: expected }, 'other', { now })).toBe(false);
    // Replayed ten minutes later: refused.
    expect(
      verifyVonageSignature({ ...params, sig: expected }, signatureSecret, {
        now: new Date(1763630000_000 + 600_000),
      }),
    ).toBe(false);
  });

  it('delivers a signed receipt with the client-ref, and err-code 9 for an opted-out recipient', async () => {
    const ok = await send({ callback: hook(), clientRef: 'outbox-2' });
    state.optedOut.add('905320000000');
    const out = await send({ callback: hook(), to: '+905320000000', clientRef: 'outbox-3' });
    await flushSandboxWebhooks(state);
    expect(refused).toBe(0);
    expect(received).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'status',
          messageId: ok.messageIds[0],
          to: patient,
          status: 'delivered',
          errorCode: '0',
          clientRef: 'outbox-2',
        }),
        expect.objectContaining({
          kind: 'status',
          messageId: out.messageIds[0],
          status: 'rejected',
          errorCode: '9',
          clientRef: 'outbox-3',
        }),
      ]),
    );
  });

  it('delivers a signed inbound message that parses to a typed event; an unsigned one is refused', async () => {
    const { messageId } = await simulateVonageInbound(state, {
      apiKey,
      from: patient,
      to: '14155550100',
      text: 'stop texting me',
      url: hook(),
    });
    expect(received).toEqual([
      expect.objectContaining({
        kind: 'message',
        messageId,
        from: patient,
        to: '14155550100',
        text: 'stop texting me',
        keyword: 'STOP',
        concat: null,
      }),
    ]);
    expect((received[0] as { receivedAt: Date }).receivedAt).toBeInstanceOf(Date);
    const unsigned = await fetch(hook(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ msisdn: '905321234567', to: '1', messageId: 'X', text: 'hi' }),
    });
    expect(unsigned.status).toBe(401);
    expect(received).toHaveLength(1);
  });

  it('parses concatenated parts and unreadable payloads', () => {
    expect(
      parseVonageWebhook({
        msisdn: '905321234567',
        to: '1',
        messageId: 'M1',
        text: 'part',
        concat: 'true',
        'concat-ref': '7',
        'concat-total': '2',
        'concat-part': '1',
        'message-timestamp': '2026-11-20 10:00:00',
      }),
    ).toMatchObject({
      concat: { ref: '7', total: 2, part: 1 },
      receivedAt: new Date('2026-11-20T10:00:00Z'),
    });
    expect(
      parseVonageWebhook({ status: 'delivered', messageId: 'M', msisdn: '905321234567', scts: '2611201005' }),
    ).toMatchObject({
      at: new Date('2026-11-20T10:05:00Z'),
    });
    expect(parseVonageWebhook({ text: 'no sender' })).toBeNull();
  });
});
