import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portOf } from '../../testing/free-port';
import { createProviderHttp, ProviderError } from '../http/provider-http';
import { createStripeClient, describeStripeError } from './stripe.client';
import { stripeSandbox } from './stripe.sandbox';
import {
  computeStripeSignature,
  parseStripeEvent,
  stripeSignatureHeader,
  verifyStripeSignature,
} from './stripe.webhook';
import {
  createDemoStripeSandboxState,
  type StripeSandboxState,
  stripeSandboxDemo,
} from './stripe-sandbox-state';

// providers.md §11.3: the published-style vector, recomputed and checked with the stripe package.
const vector = {
  secret: 'whsec_test_secret',
  timestamp: 1_700_000_000,
  body: '{"id":"evt_test","object":"event","type":"checkout.session.completed"}',
  signature: '9b19c30bb5f6198a9128346b4849a56c6c32857a47889eed5b47c5f30823e7dc',
};

describe('Stripe-Signature', () => {
  const verify = (header: string | undefined, nowSeconds = vector.timestamp, body = vector.body) =>
    verifyStripeSignature({ header, rawBody: Buffer.from(body), secrets: [vector.secret], nowSeconds });

  it('computes the test vector, keyed with the whsec_ string as is', () => {
    expect(computeStripeSignature(vector.secret, vector.timestamp, vector.body)).toBe(vector.signature);
    expect(stripeSignatureHeader(vector.secret, vector.timestamp, vector.body)).toBe(
      `t=${vector.timestamp},v1=${vector.signature}`,
    );
  });

  it.each([
    ['the vector', `t=1700000000,v1=${vector.signature}`, 'ok'],
    [
      'any matching v1 among several',
      `t=1700000000,v1=${'0'.repeat(64)},v1=${vector.signature},v0=abc`,
      'ok',
    ],
    ['spaces after commas', `t=1700000000, v1=${vector.signature}`, 'ok'],
    ['no header', undefined, 'missing'],
    ['no timestamp', `v1=${vector.signature}`, 'malformed'],
    ['v0 only', `t=1700000000,v0=${vector.signature}`, 'malformed'],
    ['a wrong v1', `t=1700000000,v1=${'a'.repeat(64)}`, 'mismatch'],
    ['another timestamp', `t=1700000001,v1=${vector.signature}`, 'mismatch'],
  ])('%s -> %s', (_name, header, expected) => {
    const result = verify(header);
    expect(result.ok ? 'ok' : result.reason).toBe(expected);
  });

  it.each([
    [vector.timestamp + 300, 'ok'],
    [vector.timestamp - 300, 'ok'],
    [vector.timestamp + 301, 'expired'],
    [vector.timestamp - 301, 'expired'],
  ])('now %i -> %s (tolerance 300 s)', (now, expected) => {
    const result = verify(`t=${vector.timestamp},v1=${vector.signature}`, now);
    expect(result.ok ? 'ok' : result.reason).toBe(expected);
  });

  it('refuses a body changed after signing', () => {
    const result = verify(
      `t=${vector.timestamp},v1=${vector.signature}`,
      vector.timestamp,
      vector.body.replace('evt_test', 'evt_tesT'),
    );
    expect(result).toEqual({ ok: false, reason: 'mismatch' });
  });

  it('reads an event, and nothing that is not one', () => {
    expect(
      parseStripeEvent(
        Buffer.from(
          JSON.stringify({ id: 'evt_1', object: 'event', type: 'invoice.paid', data: { object: {} } }),
        ),
      )?.id,
    ).toBe('evt_1');
    expect(parseStripeEvent(Buffer.from(vector.body))).toBeNull(); // no data
    expect(parseStripeEvent(Buffer.from('not json'))).toBeNull();
  });
});

describe('Stripe client against the sandbox', () => {
  let fakes: FastifyInstance;
  let state: StripeSandboxState;
  let base = '';
  beforeAll(async () => {
    state = createDemoStripeSandboxState({ productName: 'CareLoop Professional', unitAmount: 45_700 });
    fakes = Fastify({ logger: false, forceCloseConnections: true });
    await fakes.register(stripeSandbox(state), { prefix: '/sandbox/stripe' });
    await fakes.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${portOf(fakes.server)}/sandbox/stripe`;
  });
  afterAll(() => fakes?.close());

  const client = (secretKey: string = stripeSandboxDemo.secretKey) =>
    createStripeClient({
      baseUrl: base,
      secretKey,
      http: createProviderHttp('stripe', { maxRetries: 0, describeError: describeStripeError }),
    });

  it('creates a customer and a Checkout session whose page sells the price', async () => {
    const customer = await client().createCustomer({
      email: 'o@clinic.test',
      name: 'Clinic',
      clinicId: 'cln_1',
      idempotencyKey: 'k-cus-1',
    });
    expect(customer.id).toMatch(/^cus_/);
    expect(state.customers.get(customer.id)?.metadata).toEqual({ clinic_id: 'cln_1' });
    const session = await client().createCheckoutSession({
      customerId: customer.id,
      priceId: stripeSandboxDemo.prices.professional,
      clinicId: 'cln_1',
      successUrl: 'http://app.test/ok?s={CHECKOUT_SESSION_ID}',
      cancelUrl: 'http://app.test/cancel',
      idempotencyKey: 'k-cs-1',
    });
    expect(session.url).toBe(`${base}/checkout/${session.id}`);
    expect(state.sessions.get(session.id)).toMatchObject({
      clientReferenceId: 'cln_1',
      subscriptionMetadata: { clinic_id: 'cln_1' },
    });
  });

  it('returns the first answer for a repeated Idempotency-Key, and refuses it with other parameters', async () => {
    const input = { email: null, name: 'Same', clinicId: 'cln_2', idempotencyKey: 'k-cus-2' };
    const first = await client().createCustomer(input);
    const again = await client().createCustomer(input);
    expect(again.id).toBe(first.id);
    await expect(client().createCustomer({ ...input, name: 'Other' })).rejects.toMatchObject({
      kind: 'bad_request',
      providerCode: 'idempotency_error',
    });
  });

  it('keeps Stripe errors: a wrong key is unauthorized, an unknown price names it', async () => {
    await expect(
      client('sk_test_wrong').createCustomer({ email: null, name: 'x', clinicId: 'c', idempotencyKey: 'k3' }),
    ).rejects.toBeInstanceOf(ProviderError);
    await expect(
      client('sk_test_wrong').createCustomer({ email: null, name: 'x', clinicId: 'c', idempotencyKey: 'k4' }),
    ).rejects.toMatchObject({ kind: 'unauthorized' });
    const customer = await client().createCustomer({
      email: null,
      name: 'x',
      clinicId: 'c',
      idempotencyKey: 'k5',
    });
    await expect(
      client().createCheckoutSession({
        customerId: customer.id,
        priceId: 'price_nope',
        clinicId: 'c',
        successUrl: 'http://a.test/',
        cancelUrl: 'http://a.test/',
        idempotencyKey: 'k6',
      }),
    ).rejects.toMatchObject({ kind: 'bad_request', providerReason: "No such price: 'price_nope'" });
    await expect(client().getSubscription('sub_nope')).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('reads the period and sets cancel_at_period_end; a cancelled subscription or an unknown parameter is refused', async () => {
    const customer = await client().createCustomer({
      email: null,
      name: 'Period',
      clinicId: 'cln_p',
      idempotencyKey: 'k-cus-p',
    });
    const session = await client().createCheckoutSession({
      customerId: customer.id,
      priceId: stripeSandboxDemo.prices.professional,
      clinicId: 'cln_p',
      successUrl: 'http://app.test/ok',
      cancelUrl: 'http://app.test/cancel',
      idempotencyKey: 'k-cs-p',
    });
    state.now = () => new Date('2026-01-31T12:00:00Z');
    await fetch(`${base}/checkout/${session.id}/pay`, { method: 'POST', redirect: 'manual' });
    const subscriptionId = state.sessions.get(session.id)!.subscription!;
    const subscription = await client().getSubscription(subscriptionId);
    // Monthly from the 31st: Stripe ends the period on the month's last day.
    expect(subscription).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: new Date('2026-02-28T12:00:00Z'),
    });
    const cancelled = await client().setCancelAtPeriodEnd({
      subscriptionId,
      cancelAtPeriodEnd: true,
      idempotencyKey: 'k-sub-p1',
    });
    expect(cancelled).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect(state.events.at(-1)?.type).toBe('customer.subscription.updated');

    const unknown = await fetch(`${base}/v1/subscriptions/${subscriptionId}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${stripeSandboxDemo.secretKey}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'cancel_at=1',
    });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error).toMatchObject({ param: 'cancel_at' });

    state.now = () => new Date('2026-03-01T00:00:00Z');
    await expect(
      client().setCancelAtPeriodEnd({ subscriptionId, cancelAtPeriodEnd: false, idempotencyKey: 'k-sub-p2' }),
    ).rejects.toMatchObject({ kind: 'bad_request' });
    expect(await client().getSubscription(subscriptionId)).toMatchObject({ status: 'canceled' });
  });
});
