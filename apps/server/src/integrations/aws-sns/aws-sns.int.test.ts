import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { appearanceGuard } from '../../../../../vitest.timeouts.ts';
import { portOf } from '../../testing/free-port';
import { createProviderHttp, type ProviderError } from '../http/provider-http';
import { awsSnsErrorCodes, createAwsSnsClient, describeAwsSnsError } from './aws-sns.client';
import {
  type AwsSnsSandboxState,
  addAwsSnsSandboxKey,
  awsSnsSandbox,
  createAwsSnsSandboxState,
} from './aws-sns.sandbox';
import { amzDate, canonicalRequest, sha256Hex, signRequest, sigV4Signature } from './sigv4';

const accessKeyId = 'AKIAIOSFODNN7EXAMPLE';
const secretAccessKey = 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY';
const region = 'eu-west-1';
const credentials = { accessKeyId, secretAccessKey, region };

let server: FastifyInstance;
let state: AwsSnsSandboxState;
let origin = '';
let seen: { url: string; headers: Record<string, unknown>; body: unknown }[] = [];

beforeAll(async () => {
  server = Fastify({ logger: false, forceCloseConnections: true });
  server.addHook('preHandler', async (request) => {
    seen.push({ url: request.url, headers: { ...request.headers }, body: request.body });
  });
  state = createAwsSnsSandboxState();
  await server.register(awsSnsSandbox(state), { prefix: '/sandbox/aws-sns' });
  await server.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${portOf(server.server)}`;
});
afterAll(() => server?.close());
beforeEach(() => {
  Object.assign(state, createAwsSnsSandboxState());
  addAwsSnsSandboxKey(state, { accessKeyId, secretAccessKey });
  seen = [];
});

const client = (options: { now?: () => Date; timeoutMs?: number } = {}) =>
  createAwsSnsClient({
    baseUrl: `${origin}/sandbox/aws-sns`,
    now: options.now,
    http: createProviderHttp('aws-sns', {
      baseDelayMs: 5,
      maxRetries: 2,
      describeError: describeAwsSnsError,
      ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    }),
  });
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error as ProviderError,
  );
const publish = (extra = {}, c = client()) =>
  c.publishSms({
    ...credentials,
    phoneNumber: '+14155552671',
    message: 'Your follow-up: how are you feeling?',
    smsType: 'Transactional',
    ...extra,
  });

describe('SigV4', () => {
  it('reproduces AWS documented IAM example (providers.md §9.3)', () => {
    const canonical = canonicalRequest({
      method: 'GET',
      pathname: '/',
      query: 'Action=ListUsers&Version=2010-05-08',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8',
        Host: 'iam.amazonaws.com',
        'X-Amz-Date': '20150830T123600Z',
      },
      payloadHash: sha256Hex(''),
    });
    expect(canonical.signedHeaders).toBe('content-type;host;x-amz-date');
    expect(sha256Hex(canonical.text)).toBe(
      'f536975d06c0309214f805bb90ccff089219ecd68b2577efef23edd43b7e1a59',
    );
    expect(
      sigV4Signature({
        canonicalRequest: canonical.text,
        amzDate: '20150830T123600Z',
        region: 'us-east-1',
        service: 'iam',
        secretAccessKey,
      }),
    ).toBe('5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e06b5924a6f2b5d7');
  });

  it('builds the Authorization header with the credential scope and signed headers', () => {
    const headers = signRequest({
      method: 'POST',
      url: 'https://sns.eu-west-1.amazonaws.com/',
      body: 'Action=Publish',
      region,
      service: 'sns',
      credentials: { accessKeyId, secretAccessKey, sessionToken: 'session-token' },
      now: new Date('2026-11-20T10:00:00Z'),
    });
    expect(headers['x-amz-date']).toBe('20261120T100000Z');
    expect(headers['x-amz-security-token']).toBe('session-token');
    expect(headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE\/20261120\/eu-west-1\/sns\/aws4_request, SignedHeaders=host;x-amz-date;x-amz-security-token, Signature=[0-9a-f]{64}$/,
    );
    expect(amzDate(new Date('2026-01-02T03:04:05.678Z'))).toBe('20260102T030405Z');
  });
});

describe('AWS SNS client: Publish against the sandbox', () => {
  it('posts a SigV4-signed form with Action=Publish and the SMSType attribute, and reads the MessageId', async () => {
    const result = await publish({ senderId: 'CareLoop' });
    expect(result.messageId).toMatch(/^[0-9a-f-]{36}$/);
    expect(result.requestId).toMatch(/^[0-9a-f-]{36}$/);
    const request = seen[0]!;
    expect(request.url).toBe('/sandbox/aws-sns/');
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(String(request.headers.authorization)).toContain(`Credential=${accessKeyId}/`);
    expect(String(request.headers.authorization)).not.toContain(secretAccessKey);
    const form = new URLSearchParams(request.body as string);
    expect(Object.fromEntries(form)).toMatchObject({
      Action: 'Publish',
      Version: '2010-03-31',
      PhoneNumber: '+14155552671',
      'MessageAttributes.entry.1.Name': 'AWS.SNS.SMS.SMSType',
      'MessageAttributes.entry.1.Value.DataType': 'String',
      'MessageAttributes.entry.1.Value.StringValue': 'Transactional',
      'MessageAttributes.entry.2.Name': 'AWS.SNS.SMS.SenderID',
    });
    expect(state.messages).toEqual([
      expect.objectContaining({
        messageId: result.messageId,
        region,
        message: 'Your follow-up: how are you feeling?',
        attributes: {
          'AWS.SNS.SMS.SMSType': { dataType: 'String', value: 'Transactional' },
          'AWS.SNS.SMS.SenderID': { dataType: 'String', value: 'CareLoop' },
        },
      }),
    ]);
  });

  it('signs texts with any characters (spaces, unicode, symbols) correctly', async () => {
    await publish({ message: "¿Dolor? Ağrı! 50% & (más) * ~ 'ok'" });
    expect(state.messages[0]!.message).toBe("¿Dolor? Ağrı! 50% & (más) * ~ 'ok'");
  });

  it('the sandbox refuses a wrong secret (SignatureDoesNotMatch), an unknown key and a skewed clock', async () => {
    const wrong = await failure(publish({ secretAccessKey: 'not-the-secret' }));
    expect(wrong).toMatchObject({
      provider: 'aws-sns',
      kind: 'unauthorized',
      status: 403,
      providerCode: awsSnsErrorCodes.signatureDoesNotMatch,
    });
    expect(JSON.stringify(wrong)).not.toContain('not-the-secret');
    const unknown = await failure(publish({ accessKeyId: 'AKIAUNKNOWN000000000' }));
    expect(unknown.providerCode).toBe(awsSnsErrorCodes.invalidClientTokenId);
    const skewed = await failure(publish({}, client({ now: () => new Date(Date.now() - 6 * 60_000) })));
    expect(skewed).toMatchObject({ providerCode: 'SignatureDoesNotMatch' });
    expect(skewed.providerReason).toContain('skewed');
    expect(state.messages).toHaveLength(0);
  });

  it('a request altered after signing is refused', async () => {
    const url = `${origin}/sandbox/aws-sns/`;
    const body = 'Action=Publish&Version=2010-03-31&PhoneNumber=%2B14155552671&Message=hi';
    const headers = signRequest({ method: 'POST', url, body, region, service: 'sns', credentials });
    const tampered = await fetch(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      body: body.replace('hi', 'bye'),
    });
    expect(tampered.status).toBe(403);
    expect(await tampered.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
    const intact = await fetch(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    expect(intact.status).toBe(200);
  });

  it('keeps InvalidParameter for a number that is not E.164 and InvalidParameterValue for a bad SMSType', async () => {
    const number = await failure(publish({ phoneNumber: '4155552671' }));
    expect(number).toMatchObject({
      kind: 'bad_request',
      status: 400,
      providerCode: awsSnsErrorCodes.invalidParameter,
    });
    expect(number.providerReason).toContain('PhoneNumber');
    const type = await failure(publish({ smsType: 'Urgent' as 'Transactional' }));
    expect(type.providerCode).toBe(awsSnsErrorCodes.invalidParameterValue);
  });

  it('retries a 500 and a 429 and ends with one message; reads Throttling as rate limited', async () => {
    state.faults.push(
      { kind: 'status', status: 500 },
      { kind: 'status', status: 429, code: 'Throttling', retryAfterSeconds: 0 },
    );
    const result = await publish();
    expect(seen).toHaveLength(3);
    expect(state.messages.map((m) => m.messageId)).toEqual([result.messageId]);
    state.faults.push({ kind: 'status', status: 400, code: 'Throttling' });
    expect(await failure(publish())).toMatchObject({ kind: 'rate_limited', providerCode: 'Throttling' });
  });

  it('does not repeat a Publish that timed out', async () => {
    state.faults.push({ kind: 'slow', delayMs: 300 });
    expect((await failure(publish({}, client({ timeoutMs: 100 })))).kind).toBe('unavailable');
    // The fake finishes the slow request after the client gave up; wait for it, however long.
    await vi.waitFor(() => expect(state.messages).toHaveLength(1), { timeout: appearanceGuard });
    expect(seen).toHaveLength(1);
  });

  it('checks the credentials with GetSMSAttributes', async () => {
    expect(await client().getSmsAttributes(credentials)).toEqual({
      DefaultSMSType: 'Transactional',
      MonthlySpendLimit: '1',
    });
    await expect(client().getSmsAttributes({ ...credentials, secretAccessKey: 'x' })).rejects.toMatchObject({
      kind: 'unauthorized',
    });
  });
});
