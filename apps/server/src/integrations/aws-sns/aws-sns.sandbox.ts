import { randomUUID, timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { canonicalRequest, parseSigV4Authorization, sha256Hex, sigV4Signature } from './sigv4';

export type AwsSnsSandboxKey = { accessKeyId: string; secretAccessKey: string };

type AwsSnsSandboxMessage = {
  messageId: string;
  accessKeyId: string;
  region: string;
  phoneNumber: string;
  message: string;
  attributes: Record<string, { dataType: string; value: string }>;
  at: Date;
};

type AwsSnsSandboxFault =
  | { kind: 'status'; status: number; code?: string; retryAfterSeconds?: number }
  | { kind: 'slow'; delayMs: number };

export type AwsSnsSandboxState = {
  keys: Map<string, AwsSnsSandboxKey>;
  /** The fake's clock: requests signed more than 5 minutes away from it are refused. */
  now: () => Date;
  faults: AwsSnsSandboxFault[];
  messages: AwsSnsSandboxMessage[];
  requests: string[];
};

/** The demo clinic's AWS credentials in sandbox mode (not secrets: they open only the fake). */
export const awsSnsSandboxDemo = {
  accessKeyId: 'AKIASANDBOXDEMO00001',
  secretAccessKey: 'SandboxDemoSecretAccessKey0000000000000a',
  region: 'us-east-1',
} as const;

export function createAwsSnsSandboxState(): AwsSnsSandboxState {
  return { keys: new Map(), now: () => new Date(), faults: [], messages: [], requests: [] };
}

export function addAwsSnsSandboxKey(state: AwsSnsSandboxState, key: AwsSnsSandboxKey) {
  state.keys.set(key.accessKeyId, key);
}

export function createDemoAwsSnsSandboxState(): AwsSnsSandboxState {
  const state = createAwsSnsSandboxState();
  addAwsSnsSandboxKey(state, {
    accessKeyId: awsSnsSandboxDemo.accessKeyId,
    secretAccessKey: awsSnsSandboxDemo.secretAccessKey,
  });
  return state;
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] as string,
  );

function awsError(reply: FastifyReply, status: number, code: string, message: string, type = 'Sender') {
  return reply
    .status(status)
    .type('text/xml')
    .send(
      `<ErrorResponse xmlns="https://sns.amazonaws.com/doc/2010-03-31/"><Error><Type>${type}</Type><Code>${code}</Code><Message>${escapeXml(message)}</Message></Error><RequestId>${randomUUID()}</RequestId></ErrorResponse>`,
    );
}

const maxSkewMs = 5 * 60 * 1000;
const e164 = /^\+[1-9]\d{6,14}$/;

/** Parses `YYYYMMDDTHHMMSSZ`; null when malformed. */
function parseAmzDate(value: string): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s));
}

const headerValue = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
};

/**
 * Recomputes the SigV4 signature with the fake's copy of the secret, from the request's own
 * method, path, query, signed headers and body hash (§5.3 SNS 3). An error string, or null when
 * the signature holds.
 */
type SignatureCheck =
  | { ok: false; status: number; code: string; message: string }
  | { ok: true; key: AwsSnsSandboxKey; region: string };

function checkSignature(state: AwsSnsSandboxState, request: FastifyRequest, rawBody: string): SignatureCheck {
  const refuse = (status: number, code: string, message: string): SignatureCheck => ({
    ok: false,
    status,
    code,
    message,
  });
  const auth = parseSigV4Authorization(headerValue(request, 'authorization'));
  if (!auth) return refuse(403, 'IncompleteSignature', 'Authorization header is malformed');
  const key = state.keys.get(auth.accessKeyId);
  if (!key) {
    return refuse(403, 'InvalidClientTokenId', 'The security token included in the request is invalid.');
  }
  if (!auth.signedHeaders.includes('host') || !auth.signedHeaders.includes('x-amz-date')) {
    return refuse(403, 'IncompleteSignature', 'host and x-amz-date must be signed');
  }
  const date = headerValue(request, 'x-amz-date') ?? '';
  const at = parseAmzDate(date);
  if (!at || date.slice(0, 8) !== auth.day || auth.service !== 'sns') {
    return refuse(403, 'SignatureDoesNotMatch', 'Credential scope does not match the request');
  }
  if (Math.abs(state.now().getTime() - at.getTime()) > maxSkewMs) {
    return refuse(403, 'SignatureDoesNotMatch', 'Signature expired: the request time is too skewed');
  }
  const headers: Record<string, string> = {};
  for (const name of auth.signedHeaders) {
    const value = headerValue(request, name);
    if (value === undefined) {
      return refuse(403, 'SignatureDoesNotMatch', `Signed header ${name} is missing`);
    }
    headers[name] = value;
  }
  const [pathname, query = ''] = request.url.split('?') as [string, string?];
  const canonical = canonicalRequest({
    method: request.method,
    pathname,
    query,
    headers,
    payloadHash: sha256Hex(rawBody),
  });
  const expected = sigV4Signature({
    canonicalRequest: canonical.text,
    amzDate: date,
    region: auth.region,
    service: 'sns',
    secretAccessKey: key.secretAccessKey,
  });
  const matches = timingSafeEqual(Buffer.from(expected), Buffer.from(auth.signature));
  if (!matches) {
    return refuse(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method.',
    );
  }
  return { ok: true, key, region: auth.region };
}

/** `MessageAttributes.entry.N.{Name,Value.DataType,Value.StringValue}` into a map. */
function messageAttributes(form: URLSearchParams) {
  const attributes: Record<string, { dataType: string; value: string }> = {};
  for (let n = 1; form.has(`MessageAttributes.entry.${n}.Name`); n += 1) {
    const prefix = `MessageAttributes.entry.${n}`;
    attributes[form.get(`${prefix}.Name`) as string] = {
      dataType: form.get(`${prefix}.Value.DataType`) ?? '',
      value: form.get(`${prefix}.Value.StringValue`) ?? '',
    };
  }
  return attributes;
}

/** A wire-compatible fake of the SNS Query API parts we call (providers.md §5.3 SNS). */
export const awsSnsSandbox = (state: AwsSnsSandboxState) => async (app: FastifyInstance) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, String(body)),
  );

  app.post('/', { schema: { hide: true } }, async (request, reply) => {
    state.requests.push(`POST ${request.url}`);
    const fault = state.faults.shift();
    if (fault?.kind === 'slow') await sleep(fault.delayMs);
    if (fault?.kind === 'status') {
      if (fault.retryAfterSeconds !== undefined) reply.header('retry-after', String(fault.retryAfterSeconds));
      return awsError(reply, fault.status, fault.code ?? 'InternalError', 'Sandbox fault', 'Receiver');
    }
    const contentType = request.headers['content-type'] ?? '';
    if (!contentType.startsWith('application/x-www-form-urlencoded') || typeof request.body !== 'string') {
      return awsError(reply, 400, 'InvalidParameter', 'The body must be application/x-www-form-urlencoded');
    }
    const rawBody = request.body;
    const check = checkSignature(state, request, rawBody);
    if (!check.ok) return awsError(reply, check.status, check.code, check.message);
    const form = new URLSearchParams(rawBody);
    const action = form.get('Action');
    if (form.get('Version') !== '2010-03-31') {
      return awsError(reply, 400, 'InvalidParameterValue', 'Version must be 2010-03-31');
    }
    if (action === 'GetSMSAttributes') {
      return reply
        .type('text/xml')
        .send(
          `<GetSMSAttributesResponse xmlns="https://sns.amazonaws.com/doc/2010-03-31/"><GetSMSAttributesResult><attributes><entry><key>DefaultSMSType</key><value>Transactional</value></entry><entry><key>MonthlySpendLimit</key><value>1</value></entry></attributes></GetSMSAttributesResult><ResponseMetadata><RequestId>${randomUUID()}</RequestId></ResponseMetadata></GetSMSAttributesResponse>`,
        );
    }
    if (action !== 'Publish') {
      return awsError(
        reply,
        400,
        'InvalidAction',
        `The action ${action ?? '(none)'} is not valid for this endpoint.`,
      );
    }
    const phoneNumber = form.get('PhoneNumber') ?? '';
    if (!e164.test(phoneNumber)) {
      return awsError(
        reply,
        400,
        'InvalidParameter',
        'Invalid parameter: PhoneNumber Reason: not a valid E.164 number',
      );
    }
    const message = form.get('Message') ?? '';
    if (message === '') return awsError(reply, 400, 'InvalidParameter', 'Invalid parameter: Empty message');
    const attributes = messageAttributes(form);
    const smsType = attributes['AWS.SNS.SMS.SMSType'];
    if (smsType && !['Transactional', 'Promotional'].includes(smsType.value)) {
      return awsError(
        reply,
        400,
        'InvalidParameterValue',
        'Invalid parameter: MessageAttributes Reason: AWS.SNS.SMS.SMSType must be Transactional or Promotional',
      );
    }
    const sent: AwsSnsSandboxMessage = {
      messageId: randomUUID(),
      accessKeyId: check.key.accessKeyId,
      region: check.region,
      phoneNumber,
      message,
      attributes,
      at: state.now(),
    };
    state.messages.push(sent);
    return reply
      .type('text/xml')
      .send(
        `<PublishResponse xmlns="https://sns.amazonaws.com/doc/2010-03-31/"><PublishResult><MessageId>${sent.messageId}</MessageId></PublishResult><ResponseMetadata><RequestId>${randomUUID()}</RequestId></ResponseMetadata></PublishResponse>`,
      );
  });
};
