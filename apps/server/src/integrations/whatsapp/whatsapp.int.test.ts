import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { appearanceGuard } from '../../../../../vitest.timeouts.ts';
import { portOf } from '../../testing/free-port';
import { createProviderHttp, ProviderError } from '../http/provider-http';
import { flushSandboxWebhooks } from '../http/sandbox-webhooks';
import { createWhatsAppClient, describeWhatsAppError, whatsAppErrorCodes } from './whatsapp.client';
import { whatsAppSandbox } from './whatsapp.sandbox';
import {
  checkWhatsAppVerification,
  isFurtherWhatsAppStatus,
  parseWhatsAppWebhook,
  signWhatsAppBody,
  verifyWhatsAppSignature,
  type WhatsAppWebhookEvent,
} from './whatsapp.webhook';
import {
  addWhatsAppSandboxNumber,
  addWhatsAppSandboxTemplate,
  createWhatsAppSandboxState,
  type WhatsAppSandboxState,
} from './whatsapp-sandbox-state';
import {
  checkWhatsAppWebhookHandshake,
  redeliverWhatsAppSandboxWebhook,
  signedWhatsAppWebhook,
  simulateWhatsAppInbound,
} from './whatsapp-sandbox-webhooks';

const token = `EAA${'t0k3n'.repeat(20)}`;
const phoneNumberId = '109876543210987';
const appSecret = 'whatsapp-test-app-secret';
const verifyToken = 'verify-me-please';
const patient = '+34612345678';

let server: FastifyInstance;
let state: WhatsAppSandboxState;
let origin = '';
let seen: { url: string; headers: Record<string, unknown> }[] = [];
// What the test's own webhook endpoint accepted (signature checked on the raw body) and refused.
let received: WhatsAppWebhookEvent[] = [];
let refused = 0;

beforeAll(async () => {
  server = Fastify({ logger: false, forceCloseConnections: true });
  server.addHook('onRequest', async (request) => {
    seen.push({ url: request.url, headers: { ...request.headers } });
  });
  await server.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_r, body, done) =>
      done(null, body),
    );
    scope.get('/hook', async (request, reply) => {
      const check = checkWhatsAppVerification(request.query as Record<string, unknown>, verifyToken);
      return check.ok ? reply.type('text/plain').send(check.challenge) : reply.status(403).send('Forbidden');
    });
    scope.post('/hook', async (request, reply) => {
      const raw = request.body as Buffer;
      if (!verifyWhatsAppSignature(raw, request.headers['x-hub-signature-256'], appSecret)) {
        refused += 1;
        return reply.status(401).send();
      }
      received.push(...parseWhatsAppWebhook(JSON.parse(raw.toString('utf8'))).events);
      return reply.status(200).send();
    });
  });
  state = createWhatsAppSandboxState();
  await server.register(whatsAppSandbox(state), { prefix: '/sandbox/whatsapp' });
  await server.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${portOf(server.server)}`;
});
afterAll(() => server?.close());

let clock = new Date('2026-11-20T10:00:00Z');
beforeEach(() => {
  const fresh = createWhatsAppSandboxState();
  Object.assign(state, fresh);
  clock = new Date('2026-11-20T10:00:00Z');
  state.now = () => clock;
  addWhatsAppSandboxNumber(state, token, {
    id: phoneNumberId,
    displayPhoneNumber: '+1 415-555-2671',
    verifiedName: 'Test Clinic',
  });
  addWhatsAppSandboxTemplate(state, { name: 'follow_up', languages: ['en_US', 'es'], bodyParameters: 2 });
  state.webhook = { url: `${origin}/hook`, appSecret };
  seen = [];
  received = [];
  refused = 0;
});

const client = (options = {}) =>
  createWhatsAppClient({
    baseUrl: `${origin}/sandbox/whatsapp`,
    version: 'v21.0',
    http: createProviderHttp('whatsapp', {
      baseDelayMs: 5,
      maxRetries: 2,
      describeError: describeWhatsAppError,
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
const sends = () => seen.filter((r) => r.url.endsWith('/messages'));

describe('WhatsApp client: sending against the sandbox', () => {
  it('sends a text inside the 24-hour window as JSON with the bearer token, and returns the wamid', async () => {
    await simulateWhatsAppInbound(state, { phoneNumberId, from: patient, text: 'Hola' });
    clock = new Date(clock.getTime() + 23 * 3600_000);
    const result = await client().sendText({
      accessToken: token,
      phoneNumberId,
      to: patient,
      body: '¿Cómo se encuentra tras el tratamiento?',
      callbackData: 'msg-1',
    });
    expect(result.messageId).toMatch(/^wamid\./);
    expect(result.waId).toBe('34612345678');
    const request = sends()[0]!;
    expect(request.url).toBe(`/sandbox/whatsapp/v21.0/${phoneNumberId}/messages`);
    expect(request.headers.authorization).toBe(`Bearer ${token}`);
    expect(request.headers['content-type']).toBe('application/json');
    expect(state.sent).toEqual([
      expect.objectContaining({
        id: result.messageId,
        to: '34612345678',
        type: 'text',
        text: '¿Cómo se encuentra tras el tratamiento?',
        callbackData: 'msg-1',
      }),
    ]);
  });

  it('keeps code 131047 when the window is closed (never opened, or more than 24 hours ago)', async () => {
    const never = await failure(
      client().sendText({ accessToken: token, phoneNumberId, to: patient, body: 'Hi' }),
    );
    expect(never).toBeInstanceOf(ProviderError);
    expect(never).toMatchObject({
      provider: 'whatsapp',
      kind: 'bad_request',
      status: 400,
      providerCode: whatsAppErrorCodes.reEngagementRequired,
    });
    expect(never.providerReason).toContain('more than 24 hours');
    await simulateWhatsAppInbound(state, { phoneNumberId, from: patient, text: 'Hello' });
    clock = new Date(clock.getTime() + 24 * 3600_000 + 1000);
    const late = await failure(
      client().sendText({ accessToken: token, phoneNumberId, to: patient, body: 'Hi' }),
    );
    expect(late.providerCode).toBe('131047');
    expect(state.sent).toHaveLength(0);
  });

  it('sends an approved template outside the window, with its body parameters', async () => {
    const result = await client().sendTemplate({
      accessToken: token,
      phoneNumberId,
      to: patient,
      name: 'follow_up',
      languageCode: 'es',
      components: [
        {
          type: 'body',
          parameters: [
            { type: 'text', text: 'Asha' },
            { type: 'text', text: 'implante dental' },
          ],
        },
      ],
    });
    expect(result.messageId).toMatch(/^wamid\./);
    expect(state.sent[0]).toMatchObject({
      type: 'template',
      template: { name: 'follow_up', language: 'es', parameters: ['Asha', 'implante dental'] },
    });
  });

  it('keeps 132000 for a parameter count mismatch and 132001 for an unknown template or language', async () => {
    const base = { accessToken: token, phoneNumberId, to: patient };
    const mismatch = await failure(
      client().sendTemplate({
        ...base,
        name: 'follow_up',
        languageCode: 'es',
        components: [{ type: 'body', parameters: [{ type: 'text', text: 'Asha' }] }],
      }),
    );
    expect(mismatch.providerCode).toBe(whatsAppErrorCodes.templateParameterMismatch);
    const unknown = await failure(client().sendTemplate({ ...base, name: 'nope', languageCode: 'es' }));
    expect(unknown.providerCode).toBe(whatsAppErrorCodes.templateNotFound);
    const language = await failure(client().sendTemplate({ ...base, name: 'follow_up', languageCode: 'tr' }));
    expect(language.providerCode).toBe('132001');
  });

  it('keeps 190 for a bad token (unauthorized, token never in the message), 100 for an unknown number', async () => {
    const bad = await failure(
      client().sendText({ accessToken: 'EAAwrongtoken', phoneNumberId, to: patient, body: 'Hi' }),
    );
    expect(bad).toMatchObject({
      kind: 'unauthorized',
      status: 401,
      providerCode: whatsAppErrorCodes.tokenInvalid,
    });
    expect(bad.message).not.toContain('EAAwrongtoken');
    expect(JSON.stringify(bad)).not.toContain('EAAwrongtoken');
    const number = await failure(
      client().sendText({ accessToken: token, phoneNumberId: '123456789012345', to: patient, body: 'Hi' }),
    );
    expect(number.providerCode).toBe('100');
  });

  it('keeps 131026 for a number that is not on WhatsApp', async () => {
    state.undeliverable.add('34612345678');
    const error = await failure(
      client().sendTemplate({
        accessToken: token,
        phoneNumberId,
        to: patient,
        name: 'follow_up',
        languageCode: 'es',
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'a' },
              { type: 'text', text: 'b' },
            ],
          },
        ],
      }),
    );
    expect(error.providerCode).toBe(whatsAppErrorCodes.undeliverable);
  });

  it('retries a 500 and a 429 (after Retry-After) and ends with one message sent', async () => {
    await simulateWhatsAppInbound(state, { phoneNumberId, from: patient, text: 'Hola' });
    state.faults.push(
      { kind: 'status', status: 500 },
      { kind: 'status', status: 429, code: 4, retryAfterSeconds: 0 },
    );
    const result = await client().sendText({ accessToken: token, phoneNumberId, to: patient, body: 'Hi' });
    expect(sends()).toHaveLength(3);
    expect(state.sent.map((m) => m.id)).toEqual([result.messageId]);
  });

  it('gives up after the retries as unavailable, and reads a throughput code as rate limited', async () => {
    await simulateWhatsAppInbound(state, { phoneNumberId, from: patient, text: 'Hola' });
    state.faults.push(...[1, 2, 3].map(() => ({ kind: 'status' as const, status: 503 })));
    const down = await failure(
      client().sendText({ accessToken: token, phoneNumberId, to: patient, body: 'Hi' }),
    );
    expect(down).toMatchObject({ kind: 'unavailable', status: 503 });
    expect(sends()).toHaveLength(3);
    state.faults.push({ kind: 'status', status: 400, code: 130429 });
    const limited = await failure(
      client().sendText({ accessToken: token, phoneNumberId, to: patient, body: 'Hi' }),
    );
    expect(limited).toMatchObject({ kind: 'rate_limited', providerCode: '130429', status: 400 });
    expect(state.sent).toHaveLength(0);
  });

  it('does not repeat a send that timed out (it may have gone out)', async () => {
    await simulateWhatsAppInbound(state, { phoneNumberId, from: patient, text: 'Hola' });
    state.faults.push({ kind: 'slow', delayMs: 300 });
    const error = await failure(
      client({ timeoutMs: 100 }).sendText({ accessToken: token, phoneNumberId, to: patient, body: 'Hi' }),
    );
    expect(error).toMatchObject({ kind: 'unavailable', message: 'whatsapp did not answer in time' });
    // The fake finishes the slow request after the client gave up; wait for it, however long.
    await vi.waitFor(() => expect(state.sent).toHaveLength(1), { timeout: appearanceGuard });
    expect(sends()).toHaveLength(1);
  });
});

describe('WhatsApp webhooks', () => {
  it('signs X-Hub-Signature-256 like the reference vector, and verifies it on the raw body only', () => {
    const raw = '{"object":"whatsapp_business_account","entry":[]}';
    const expected = 'sha256=dec6a680679a968e7e0319355b23599cbfc54502c0784668e9618baa0c633756';
    expect(signWhatsAppBody(raw, 'test_app_secret')).toBe(expected);
    expect(verifyWhatsAppSignature(Buffer.from(raw), expected, 'test_app_secret')).toBe(true);
    expect(
      verifyWhatsAppSignature(raw, expected.toUpperCase().replace('SHA256', 'sha256'), 'test_app_secret'),
    ).toBe(true);
    // Re-serialised JSON, another secret, a sha1 header, nothing at all: all refused.
    expect(
      verifyWhatsAppSignature(JSON.stringify(JSON.parse(raw), null, 1), expected, 'test_app_secret'),
    ).toBe(false);
    expect(verifyWhatsAppSignature(raw, expected, 'other_secret')).toBe(false);
    expect(verifyWhatsAppSignature(raw, `sha1=${'a'.repeat(40)}`, 'test_app_secret')).toBe(false);
    expect(verifyWhatsAppSignature(raw, undefined, 'test_app_secret')).toBe(false);
    expect(verifyWhatsAppSignature(raw, expected, '')).toBe(false);
  });

  it('answers the verification handshake with the challenge, and 403 for a wrong token or mode', async () => {
    expect(await checkWhatsAppWebhookHandshake(`${origin}/hook`, verifyToken)).toBe(true);
    expect(await checkWhatsAppWebhookHandshake(`${origin}/hook`, 'wrong-token')).toBe(false);
    expect(
      checkWhatsAppVerification(
        { 'hub.mode': 'unsubscribe', 'hub.verify_token': verifyToken, 'hub.challenge': '1' },
        verifyToken,
      ),
    ).toEqual({ ok: false });
    expect(
      checkWhatsAppVerification(
        { hub_mode: 'subscribe', hub_verify_token: verifyToken, hub_challenge: '42' },
        verifyToken,
      ),
    ).toEqual({ ok: true, challenge: '42' });
    expect(
      checkWhatsAppVerification(
        { 'hub.mode': 'subscribe', 'hub.verify_token': '', 'hub.challenge': '1' },
        '',
      ),
    ).toEqual({ ok: false });
  });

  it('delivers signed sent, delivered and read statuses for a send, with the callback data echoed', async () => {
    await simulateWhatsAppInbound(state, {
      phoneNumberId,
      from: patient,
      text: 'Gracias',
      profileName: 'Asha',
    });
    const result = await client().sendText({
      accessToken: token,
      phoneNumberId,
      to: patient,
      body: 'Hi',
      callbackData: 'outbox-7',
    });
    await flushSandboxWebhooks(state);
    expect(refused).toBe(0);
    // Each webhook is its own request, as WhatsApp's are: they may arrive in any order (the status
    // handling only ever moves a message forward), so the test reads them by kind, not by position,
    // and only this send's statuses (an earlier test's slow send may report late).
    const inbound = received.filter((event) => event.kind === 'message');
    const statuses = received.filter(
      (event) => event.kind === 'status' && event.messageId === result.messageId,
    );
    expect(inbound).toHaveLength(1);
    expect(inbound[0]).toMatchObject({
      kind: 'message',
      phoneNumberId,
      from: '34612345678',
      fromE164: patient,
      profileName: 'Asha',
      type: 'text',
      text: 'Gracias',
      receivedAt: clock,
    });
    expect(statuses).toHaveLength(3);
    expect(statuses).toEqual(
      expect.arrayContaining(
        ['sent', 'delivered', 'read'].map((status) =>
          expect.objectContaining({
            kind: 'status',
            messageId: result.messageId,
            status,
            recipientId: '34612345678',
            callbackData: 'outbox-7',
            errors: [],
          }),
        ),
      ),
    );
  });

  it('reports an accepted send that later fails in a failed status with the error code', async () => {
    state.failAfterAccept.set('34612345678', 131026);
    const result = await client().sendTemplate({
      accessToken: token,
      phoneNumberId,
      to: patient,
      name: 'follow_up',
      languageCode: 'en_US',
      components: [
        {
          type: 'body',
          parameters: [
            { type: 'text', text: 'a' },
            { type: 'text', text: 'b' },
          ],
        },
      ],
    });
    await flushSandboxWebhooks(state);
    expect(received).toEqual([
      expect.objectContaining({
        kind: 'status',
        messageId: result.messageId,
        status: 'failed',
        errors: [expect.objectContaining({ code: 131026, details: 'Sandbox delivery failure' })],
      }),
    ]);
  });

  it('redelivers a notification byte for byte, so the receiver sees the same message id twice', async () => {
    const { messageId } = await simulateWhatsAppInbound(state, {
      phoneNumberId,
      from: patient,
      text: 'Hola',
    });
    expect(await redeliverWhatsAppSandboxWebhook(state)).toBe(200);
    expect(state.deliveries[1]!.body).toBe(state.deliveries[0]!.body);
    expect(received.map((e) => e.kind === 'message' && e.messageId)).toEqual([messageId, messageId]);
  });

  it('refuses a forged notification at the endpoint', async () => {
    const { rawBody } = signedWhatsAppWebhook({ object: 'whatsapp_business_account', entry: [] }, appSecret);
    const forged = await fetch(`${origin}/hook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': signWhatsAppBody(rawBody, 'guess'),
      },
      body: rawBody,
    });
    expect(forged.status).toBe(401);
    expect(refused).toBe(1);
    expect(received).toEqual([]);
  });

  it('parses batches (every entry and change), quick replies and quoted replies; skips unreadable items', () => {
    const value = (extra: Record<string, unknown>) => ({
      field: 'messages',
      value: {
        messaging_product: 'whatsapp',
        metadata: { phone_number_id: 'P1', display_phone_number: '1' },
        ...extra,
      },
    });
    const parsed = parseWhatsAppWebhook({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'W',
          changes: [
            value({
              messages: [
                {
                  from: '905321234567',
                  id: 'wamid.A',
                  timestamp: '1763630000',
                  type: 'button',
                  button: { text: 'Evet', payload: 'yes' },
                  context: { from: '1', id: 'wamid.OUT' },
                },
                { from: '905321234567', id: 'wamid.B', timestamp: 'not-a-number', type: 'text' },
              ],
            }),
          ],
        },
        {
          id: 'W',
          changes: [
            value({
              messages: [
                {
                  from: '905321234567',
                  id: 'wamid.C',
                  timestamp: '1763630001',
                  type: 'interactive',
                  interactive: { type: 'list_reply', list_reply: { id: 'x', title: 'Call me' } },
                },
              ],
              statuses: [
                { id: 'wamid.OUT', status: 'read', timestamp: '1763630002', recipient_id: '905321234567' },
              ],
            }),
          ],
        },
      ],
    });
    expect(parsed.skipped).toBe(1);
    expect(parsed.events).toEqual([
      expect.objectContaining({
        messageId: 'wamid.A',
        text: 'Evet',
        replyToMessageId: 'wamid.OUT',
        type: 'button',
      }),
      expect.objectContaining({
        messageId: 'wamid.C',
        text: 'Call me',
        receivedAt: new Date(1763630001_000),
      }),
      expect.objectContaining({
        kind: 'status',
        messageId: 'wamid.OUT',
        status: 'read',
        phoneNumberId: 'P1',
      }),
    ]);
    expect(parseWhatsAppWebhook({ object: 'page', entry: [] }).events).toEqual([]);
    expect(parseWhatsAppWebhook('nonsense').events).toEqual([]);
  });

  it('keeps the furthest status when they arrive out of order', () => {
    expect(isFurtherWhatsAppStatus(null, 'sent')).toBe(true);
    expect(isFurtherWhatsAppStatus('read', 'delivered')).toBe(false);
    expect(isFurtherWhatsAppStatus('delivered', 'read')).toBe(true);
    expect(isFurtherWhatsAppStatus('sent', 'failed')).toBe(true);
    expect(isFurtherWhatsAppStatus('delivered', 'mystery')).toBe(false);
  });
});
