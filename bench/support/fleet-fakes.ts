import { createHmac, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import {
  createOpenAiSandboxState,
  openAiSandbox,
} from '../../apps/server/src/integrations/openai/openai.sandbox';
import {
  createTrustpilotSandboxState,
  trustpilotSandbox,
} from '../../apps/server/src/integrations/trustpilot/trustpilot.sandbox';
import {
  createTwilioSandboxState,
  twilioSandbox,
} from '../../apps/server/src/integrations/twilio/twilio.sandbox';

// The product's own provider fakes (they check what /work/shared/reference/providers.md asks a fake
// to check: credentials, content types, field rules), mounted behind two things real providers
// have and the fakes do not: a 150-300 ms answer time, and a rate limit per credential answered
// with the provider's own 429 (Twilio 20429, OpenAI rate_limit_exceeded with retry-after).
// Also a webhook receiver that checks the Standard Webhooks signature of every delivery.

export type FleetFakeOptions = {
  minLatencyMs: number;
  maxLatencyMs: number;
  /** Requests a second per credential (a Twilio account, a Trustpilot key); burst = 2x. */
  perCredentialRps: number;
  /** Requests a second for the deployment's one OpenAI key; burst = 2x. */
  aiRps: number;
};

type Bucket = { tokens: number; at: number };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startFleetFakes(options: FleetFakeOptions) {
  const twilio = createTwilioSandboxState();
  const trustpilot = createTrustpilotSandboxState();
  const openai = createOpenAiSandboxState();
  const aiKey = 'sk-fleet-bench-key-0000000000';
  openai.apiKeys.add(aiKey);
  const counts = { twilio: 0, trustpilot: 0, openai: 0, webhook: 0, refused: 0, badSignature: 0 };
  const buckets = new Map<string, Bucket>();
  const webhookSecrets = new Set<string>();

  /** A token bucket per key: false when the request is over the limit. */
  function take(key: string, rps: number) {
    const now = performance.now();
    const bucket = buckets.get(key) ?? { tokens: rps * 2, at: now };
    bucket.tokens = Math.min(rps * 2, bucket.tokens + ((now - bucket.at) / 1000) * rps);
    bucket.at = now;
    buckets.set(key, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  function refuse(reply: FastifyReply, provider: string) {
    counts.refused++;
    reply.header('retry-after', '1');
    if (provider === 'twilio')
      return reply.code(429).send({
        code: 20429,
        message: 'Too Many Requests',
        more_info: 'https://www.twilio.com/docs/errors/20429',
        status: 429,
      });
    if (provider === 'openai')
      return reply
        .code(429)
        .header('retry-after-ms', '1000')
        .send({
          error: {
            message: 'Rate limit reached',
            type: 'requests',
            param: null,
            code: 'rate_limit_exceeded',
          },
        });
    return reply.code(429).send({ message: 'Too Many Requests' });
  }

  const server = Fastify({ logger: false, forceCloseConnections: true, bodyLimit: 1 << 20 });
  server.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const provider = /^\/sandbox\/([a-z-]+)/.exec(request.url)?.[1] ?? 'webhook';
    await sleep(options.minLatencyMs + Math.random() * (options.maxLatencyMs - options.minLatencyMs));
    if (provider === 'twilio' || provider === 'trustpilot' || provider === 'openai') counts[provider]++;
    const credential =
      provider === 'twilio'
        ? (/\/Accounts\/(AC[0-9a-f]+)/.exec(request.url)?.[1] ?? '')
        : provider === 'trustpilot'
          ? String(request.headers.apikey ?? request.headers.authorization ?? '')
          : provider === 'openai'
            ? 'openai'
            : '';
    const rps = provider === 'openai' ? options.aiRps : options.perCredentialRps;
    if (credential && !take(`${provider}:${credential}`, rps)) return refuse(reply, provider);
  });
  await server.register(twilioSandbox(twilio), { prefix: '/sandbox/twilio' });
  await server.register(trustpilotSandbox(trustpilot), { prefix: '/sandbox/trustpilot' });
  await server.register(openAiSandbox(openai), { prefix: '/sandbox/openai' });
  // The clinics' webhook receiver: every delivery carries a valid v1 signature of one of the
  // endpoint secrets the bench knows, within 5 minutes (providers.md §7.3).
  server.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_r, body, done) =>
      done(null, body),
    );
    scope.post('/receiver/*', async (request, reply) => {
      counts.webhook++;
      const id = String(request.headers['webhook-id'] ?? '');
      const timestamp = String(request.headers['webhook-timestamp'] ?? '');
      const signatures = String(request.headers['webhook-signature'] ?? '').split(' ');
      const fresh = Math.abs(Date.now() / 1000 - Number(timestamp)) <= 300;
      const signed = `${id}.${timestamp}.${request.body as string}`;
      const valid = [...webhookSecrets].some((secret) => {
        const expected = createHmac('sha256', Buffer.from(secret.replace(/^whsec_/, ''), 'base64'))
          .update(signed)
          .digest();
        return signatures.some((s) => {
          const given = Buffer.from(s.replace(/^v1,/, ''), 'base64');
          return given.length === expected.length && timingSafeEqual(given, expected);
        });
      });
      if (!id || !fresh || !valid) {
        counts.badSignature++;
        return reply.code(400).send('bad signature');
      }
      return reply.code(200).send('ok');
    });
  });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const base = `http://127.0.0.1:${port}`;
  return {
    twilio,
    trustpilot,
    counts,
    webhookSecrets,
    receiverUrl: (clinicId: string) => `${base}/receiver/${clinicId}`,
    receiverHost: `127.0.0.1:${port}`,
    env: {
      TWILIO_API_URL: `${base}/sandbox/twilio`,
      TRUSTPILOT_API_URL: `${base}/sandbox/trustpilot/v1`,
      OPENAI_BASE_URL: `${base}/sandbox/openai/v1`,
      OPENAI_API_KEY: aiKey,
      OPENAI_MODEL: 'sandbox-model',
      WEBHOOK_ALLOWED_PRIVATE_TARGETS: `127.0.0.1:${port}`,
      INTEGRATION_TIMEOUT_MS: '10000',
    },
    close: () => server.close(),
  };
}

export type FleetFakes = Awaited<ReturnType<typeof startFleetFakes>>;
