import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { appearanceGuard } from '../../../../../vitest.timeouts.ts';
import { portOf } from '../../testing/free-port';
import { createProviderHttp, type ProviderError } from '../http/provider-http';
import { flushSandboxWebhooks } from '../http/sandbox-webhooks';
import { createTwilioClient, describeTwilioError, twilioErrorCodes } from './twilio.client';
import {
  addTwilioSandboxAccount,
  createTwilioSandboxState,
  simulateTwilioInbound,
  type TwilioSandboxState,
  twilioSandbox,
} from './twilio.sandbox';
import {
  computeTwilioSignature,
  emptyTwiml,
  isFurtherTwilioStatus,
  parseTwilioWebhook,
  readTwilioForm,
  type TwilioWebhookEvent,
  validateTwilioSignature,
} from './twilio.webhook';

const accountSid = `AC${'0123456789abcdef'.repeat(2)}`;
const authToken = 'e'.repeat(32);
const clinicNumber = '+14155552671';
const patient = '+447700900123';

let server: FastifyInstance;
let state: TwilioSandboxState;
let origin = '';
let seen: { url: string; headers: Record<string, unknown>; body: string }[] = [];
let received: TwilioWebhookEvent[] = [];
let refused = 0;

beforeAll(async () => {
  server = Fastify({ logger: false, forceCloseConnections: true });
  server.addHook('preHandler', async (request) => {
    seen.push({
      url: request.url,
      headers: { ...request.headers },
      body: typeof request.body === 'string' ? request.body : JSON.stringify(request.body ?? null),
    });
  });
  await server.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, body, done) =>
      done(null, body),
    );
    scope.post('/twilio-hook', async (request, reply) => {
      const params = readTwilioForm(request.body as string);
      const url = `${origin}${request.url}`;
      if (
        !validateTwilioSignature({ url, params, authToken, signature: request.headers['x-twilio-signature'] })
      ) {
        refused += 1;
        return reply.status(403).send();
      }
      const event = parseTwilioWebhook(params);
      if (event) received.push(event);
      return reply.type('text/xml').send(emptyTwiml);
    });
  });
  state = createTwilioSandboxState();
  await server.register(twilioSandbox(state), { prefix: '/sandbox/twilio' });
  await server.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${portOf(server.server)}`;
});
afterAll(() => server?.close());
beforeEach(() => {
  Object.assign(state, createTwilioSandboxState());
  addTwilioSandboxAccount(state, { sid: accountSid, authToken, friendlyName: 'Test', status: 'active' });
  seen = [];
  received = [];
  refused = 0;
});

const client = (options = {}) =>
  createTwilioClient({
    baseUrl: `${origin}/sandbox/twilio`,
    http: createProviderHttp('twilio', {
      baseDelayMs: 5,
      maxRetries: 2,
      describeError: describeTwilioError,
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
const send = (extra: Partial<Parameters<ReturnType<typeof client>['sendSms']>[0]> = {}) =>
  client().sendSms({
    accountSid,
    authToken,
    to: patient,
    from: clinicNumber,
    body: 'How are you feeling?',
    ...extra,
  });
const sends = () => seen.filter((r) => r.url.endsWith('/Messages.json'));
const hook = () => `${origin}/twilio-hook?clinic=c1`;

describe('Twilio client: sending against the sandbox', () => {
  it('posts a form with Basic auth and the status callback, and reads the 201 message', async () => {
    const message = await send({ statusCallback: hook() });
    expect(message).toMatchObject({ status: 'queued', from: clinicNumber, numSegments: 1, errorCode: null });
    expect(message.sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(message.createdAt).toBeInstanceOf(Date);
    const request = sends()[0]!;
    expect(request.url).toBe(`/sandbox/twilio/2010-04-01/Accounts/${accountSid}/Messages.json`);
    expect(request.headers.authorization).toBe(
      `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
    );
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(state.messages).toEqual([
      expect.objectContaining({ sid: message.sid, to: patient, from: clinicNumber, statusCallback: hook() }),
    ]);
  });

  it('sends through a Messaging Service (accepted, sender chosen later)', async () => {
    const message = await client().sendSms({
      accountSid,
      authToken,
      to: patient,
      messagingServiceSid: `MG${'1'.repeat(32)}`,
      body: 'Hola',
    });
    expect(message).toMatchObject({ status: 'accepted', from: null, numSegments: 0 });
  });

  it('keeps 20003 for a wrong token, 21211 for an invalid number, and never returns the token', async () => {
    const auth = await failure(send({ authToken: 'not-the-token-xyz' }));
    expect(auth).toMatchObject({
      kind: 'unauthorized',
      status: 401,
      providerCode: twilioErrorCodes.authenticate,
    });
    expect(JSON.stringify(auth)).not.toContain('not-the-token-xyz');
    expect(auth.message).not.toContain('not-the-token-xyz');
    const invalid = await failure(send({ to: '555-1234' }));
    expect(invalid).toMatchObject({
      kind: 'bad_request',
      status: 400,
      providerCode: twilioErrorCodes.invalidTo,
    });
    expect(state.messages).toHaveLength(0);
  });

  it('keeps 21610 after the patient texts STOP, and sends again after START', async () => {
    await simulateTwilioInbound(state, {
      accountSid,
      from: patient,
      to: clinicNumber,
      body: 'stop',
      url: hook(),
    });
    const blocked = await failure(send());
    expect(blocked).toMatchObject({ status: 400, providerCode: twilioErrorCodes.unsubscribedRecipient });
    expect(blocked.providerReason).toBe('Attempt to send to unsubscribed recipient');
    // "stop please" is not a keyword: nothing changes.
    await simulateTwilioInbound(state, {
      accountSid,
      from: patient,
      to: clinicNumber,
      body: 'start please',
      url: hook(),
    });
    expect((await failure(send())).providerCode).toBe('21610');
    await simulateTwilioInbound(state, {
      accountSid,
      from: patient,
      to: clinicNumber,
      body: 'START',
      url: hook(),
    });
    expect((await send()).sid).toMatch(/^SM/);
  });

  it('retries a 500 and a 429 and ends with one message; a timeout is not repeated', async () => {
    state.faults.push(
      { kind: 'status', status: 500 },
      { kind: 'status', status: 429, code: 20429, retryAfterSeconds: 0 },
    );
    const message = await send();
    expect(sends()).toHaveLength(3);
    expect(state.messages.map((m) => m.sid)).toEqual([message.sid]);
    state.faults.push({ kind: 'slow', delayMs: 300 });
    const messagesBefore = state.messages.length;
    const error = await failure(
      client({ timeoutMs: 100 }).sendSms({
        accountSid,
        authToken,
        to: patient,
        from: clinicNumber,
        body: 'x',
      }),
    );
    expect(error.kind).toBe('unavailable');
    // The fake finishes the slow request after the client gave up; wait for it, however long.
    await vi.waitFor(() => expect(state.messages).toHaveLength(messagesBefore + 1), {
      timeout: appearanceGuard,
    });
    expect(sends()).toHaveLength(4);
  });

  it('reads repeated 429s as rate limited with code 20429', async () => {
    state.faults.push(
      ...[1, 2, 3].map(() => ({ kind: 'status' as const, status: 429, code: 20429, retryAfterSeconds: 0 })),
    );
    expect(await failure(send())).toMatchObject({ kind: 'rate_limited', providerCode: '20429' });
  });

  it('the sandbox refuses a JSON body, two senders, no body, and a body over 1600 characters', async () => {
    const url = `${origin}/sandbox/twilio/2010-04-01/Accounts/${accountSid}/Messages.json`;
    const authorization = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
    const json = await fetch(url, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ To: patient, From: clinicNumber, Body: 'x' }),
    });
    expect(json.status).toBe(400);
    const both = await fetch(url, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        To: patient,
        From: clinicNumber,
        MessagingServiceSid: `MG${'2'.repeat(32)}`,
        Body: 'x',
      }),
    });
    expect(both.status).toBe(400);
    expect(((await both.json()) as { code: number }).code).toBe(21603);
    expect((await failure(send({ from: '' }))).providerCode).toBe('21603');
    expect((await failure(send({ body: '' }))).providerCode).toBe('21602');
    expect((await failure(send({ body: 'a'.repeat(1601) }))).providerCode).toBe('21617');
  });
});

describe('Twilio webhooks: X-Twilio-Signature', () => {
  it('matches the published test vector', () => {
    const params = {
      CallSid: 'CA1234567890ABCDE',
      Caller: '+12349013030',
      Digits: '1234',
      From: '+12349013030',
      To: '+18005551212',
    };
    const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
    expect(computeTwilioSignature(url, params, '12345')).toBe('0/KCTR6DLpKmkAf8muzZqo1nDgQ=');
    const signature = '0/KCTR6DLpKmkAf8muzZqo1nDgQ=';
    expect(validateTwilioSignature({ url, params, authToken: '12345', signature })).toBe(true);
    // With the explicit default port, as official helpers also accept.
    expect(
      validateTwilioSignature({
        url: 'https://mycompany.com:443/myapp.php?foo=1&bar=2',
        params,
        authToken: '12345',
        signature,
      }),
    ).toBe(true);
    // Any change is refused: a parameter, the URL, the token, the header.
    expect(
      validateTwilioSignature({ url, params: { ...params, Digits: '1235' }, authToken: '12345', signature }),
    ).toBe(false);
    expect(validateTwilioSignature({ url: `${url}&x=1`, params, authToken: '12345', signature })).toBe(false);
    expect(validateTwilioSignature({ url, params, authToken: '54321', signature })).toBe(false);
    expect(validateTwilioSignature({ url, params, authToken: '12345', signature: undefined })).toBe(false);
    expect(validateTwilioSignature({ url, params, authToken: '', signature })).toBe(false);
  });

  it('covers repeated names (each value, sorted) and keeps whitespace in the body', () => {
    const url = 'https://example.com/hook';
    const params = readTwilioForm('MediaUrl=b&Body=%20hi%20&MediaUrl=a');
    expect(params).toEqual({ MediaUrl: ['b', 'a'], Body: ' hi ' });
    const signature = computeTwilioSignature(url, params, 't');
    expect(signature).toBe(computeTwilioSignature(url, { Body: ' hi ', MediaUrl: ['a', 'b'] }, 't'));
    expect(
      validateTwilioSignature({
        url,
        params: { Body: 'hi', MediaUrl: ['a', 'b'] },
        authToken: 't',
        signature,
      }),
    ).toBe(false);
  });

  it('checks a JSON-bodied webhook by the URL and the body hash', () => {
    const rawBody = '{"hello":"world"}';
    const hash = '93a23971a914e5eacbf0a8d25154cda309c3c1c72fbb9914d47c60f3cb681588';
    const url = `https://example.com/hook?bodySHA256=${hash}`;
    const signature = computeTwilioSignature(url, {}, 't');
    expect(validateTwilioSignature({ url, rawBody, authToken: 't', signature })).toBe(true);
    expect(validateTwilioSignature({ url, rawBody: '{"hello":"there"}', authToken: 't', signature })).toBe(
      false,
    );
  });

  it('delivers signed sent and delivered callbacks to the StatusCallback, and an undelivered one with ErrorCode', async () => {
    const ok = await send({ statusCallback: hook() });
    state.failAfterAccept.set('+447700900999', 30003);
    const bad = await send({ to: '+447700900999', statusCallback: hook() });
    await flushSandboxWebhooks(state);
    expect(refused).toBe(0);
    const statuses = (sid: string) =>
      received
        .filter((e) => e.kind === 'status' && e.messageSid === sid)
        .map((e) => e.kind === 'status' && [e.status, e.errorCode]);
    expect(statuses(ok.sid)).toEqual([
      ['sent', null],
      ['delivered', null],
    ]);
    expect(statuses(bad.sid)).toEqual([
      ['sent', null],
      ['undelivered', 30003],
    ]);
  });

  it('delivers a signed inbound message that parses to a typed event; a forged one is refused', async () => {
    const { messageSid } = await simulateTwilioInbound(state, {
      accountSid,
      from: patient,
      to: clinicNumber,
      body: ' Tengo dolor ',
      url: hook(),
    });
    expect(received).toEqual([
      {
        kind: 'message',
        messageSid,
        accountSid,
        messagingServiceSid: null,
        from: patient,
        to: clinicNumber,
        channel: 'sms',
        body: ' Tengo dolor ',
        mediaUrls: [],
        optOutType: null,
        profileName: null,
      },
    ]);
    const params = {
      MessageSid: `SM${'a'.repeat(32)}`,
      AccountSid: accountSid,
      From: patient,
      To: clinicNumber,
      Body: 'hi',
    };
    const forged = await fetch(hook(), {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': computeTwilioSignature(hook(), params, 'guessed-token'),
      },
      body: new URLSearchParams(params).toString(),
    });
    expect(forged.status).toBe(403);
    expect(refused).toBe(1);
    expect(received).toHaveLength(1);
  });

  it('parses WhatsApp-channel addresses, media and opt-out types; unreadable forms give null', () => {
    const event = parseTwilioWebhook({
      MessageSid: `SM${'b'.repeat(32)}`,
      AccountSid: accountSid,
      From: 'whatsapp:+905321234567',
      To: 'whatsapp:+14155552671',
      Body: 'STOP',
      NumMedia: '1',
      MediaUrl0: 'https://api.twilio.com/media/1',
      OptOutType: 'STOP',
      ProfileName: 'Ayşe',
    });
    expect(event).toMatchObject({
      kind: 'message',
      channel: 'whatsapp',
      from: '+905321234567',
      mediaUrls: ['https://api.twilio.com/media/1'],
      optOutType: 'STOP',
      profileName: 'Ayşe',
    });
    expect(parseTwilioWebhook({ Body: 'no sid' })).toBeNull();
    expect(isFurtherTwilioStatus('delivered', 'sent')).toBe(false);
    expect(isFurtherTwilioStatus('sent', 'delivered')).toBe(true);
    expect(isFurtherTwilioStatus(null, 'queued')).toBe(true);
  });
});
