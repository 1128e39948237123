import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { postSandboxWebhook, trackSandboxWork } from '../http/sandbox-webhooks';
import { isGsm7 } from './vonage.client';
import { computeVonageSignature, type VonageSignatureMethod } from './vonage.webhook';

export type VonageSandboxAccount = {
  apiKey: string;
  apiSecret: string;
  /** When set, the fake signs the webhooks it sends (`sig`, `timestamp`, `nonce`). */
  signatureSecret: string | null;
  signatureMethod: VonageSignatureMethod;
  balance: number;
};

export type VonageSandboxMessage = {
  messageId: string;
  apiKey: string;
  from: string;
  to: string;
  text: string;
  type: string;
  clientRef: string | null;
  callback: string | null;
  /** Non-GSM text sent without `type=unicode` (a real handset would show garbage). */
  isGarbled: boolean;
  at: Date;
};

type VonageSandboxFault =
  | { kind: 'status'; status: number; retryAfterSeconds?: number }
  /** HTTP 200 with this per-message status (e.g. "1" throttled, "9" out of credit). */
  | { kind: 'message-status'; status: string; errorText: string }
  | { kind: 'slow'; delayMs: number };

export type VonageSandboxState = {
  accounts: Map<string, VonageSandboxAccount>;
  /** Recipients (digits) who opted out: accepted, then a DLR `rejected` with `err-code` 9. */
  optedOut: Set<string>;
  now: () => Date;
  faults: VonageSandboxFault[];
  messages: VonageSandboxMessage[];
  deliveries: { url: string; params: Record<string, string>; status: number }[];
  pending: Set<Promise<void>>;
  requests: string[];
  /**
   * The signature secret the receiving server expects for a webhook URL, when it knows better
   * than the account (a sandbox server: each sandbox clinic's own); null or unset: the account's.
   */
  signingSecretFor?: (url: string) => Promise<string | null>;
};

/** The demo clinic's Vonage credentials in sandbox mode (not secrets: they open only the fake). */
export const vonageSandboxDemo = {
  apiKey: 'a1b2c3d4',
  apiSecret: 'SandboxDemo0Key1',
  signatureSecret: 'sandbox-demo-vonage-signature-secret',
  fromNumber: '14155550100',
} as const;

export function createVonageSandboxState(): VonageSandboxState {
  return {
    accounts: new Map(),
    optedOut: new Set(),
    now: () => new Date(),
    faults: [],
    messages: [],
    deliveries: [],
    pending: new Set(),
    requests: [],
  };
}

export function addVonageSandboxAccount(
  state: VonageSandboxState,
  account: Pick<VonageSandboxAccount, 'apiKey' | 'apiSecret'> & Partial<VonageSandboxAccount>,
) {
  state.accounts.set(account.apiKey, {
    signatureSecret: null,
    signatureMethod: 'md5hash',
    balance: 25.5,
    ...account,
  });
}

export function createDemoVonageSandboxState(): VonageSandboxState {
  const state = createVonageSandboxState();
  addVonageSandboxAccount(state, {
    apiKey: vonageSandboxDemo.apiKey,
    apiSecret: vonageSandboxDemo.apiSecret,
    signatureSecret: vonageSandboxDemo.signatureSecret,
  });
  return state;
}

type Params = Record<string, string>;
const pricePerPart = 0.0333;

/** The parameters a webhook to `url` carries, signed when the account has a signature secret. */
async function signed(
  state: VonageSandboxState,
  account: VonageSandboxAccount,
  url: string,
  params: Params,
): Promise<Params> {
  if (!account.signatureSecret) return params;
  const secret = (await state.signingSecretFor?.(url)) ?? account.signatureSecret;
  const withStamp = {
    ...params,
    timestamp: String(Math.floor(state.now().getTime() / 1000)),
    nonce: randomBytes(8).toString('hex'),
  };
  return {
    ...withStamp,
    sig: computeVonageSignature(withStamp, secret, account.signatureMethod),
  };
}

/** POSTs a form webhook and records the answer (0: unreachable). */
function postVonageSandboxWebhook(state: VonageSandboxState, url: string, params: Params): Promise<number> {
  return postSandboxWebhook(
    state,
    {
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(params).toString(),
    },
    (status) => state.deliveries.push({ url, params, status }),
  );
}

const pad = (n: number) => String(n).padStart(2, '0');
const scts = (d: Date) =>
  `${pad(d.getUTCFullYear() % 100)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}`;
const messageTimestamp = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');

function emitReceipt(
  state: VonageSandboxState,
  account: VonageSandboxAccount,
  message: VonageSandboxMessage,
) {
  const url = message.callback;
  if (!url) return;
  const optedOut = state.optedOut.has(message.to);
  const now = state.now();
  const params = signed(state, account, url, {
    msisdn: message.to,
    to: message.from,
    'network-code': '23410',
    messageId: message.messageId,
    price: String(pricePerPart),
    status: optedOut ? 'rejected' : 'delivered',
    scts: scts(now),
    'err-code': optedOut ? '9' : '0',
    'api-key': account.apiKey,
    'message-timestamp': messageTimestamp(now),
    ...(message.clientRef ? { 'client-ref': message.clientRef } : {}),
  });
  trackSandboxWork(
    state,
    params.then((signedParams) => postVonageSandboxWebhook(state, url, signedParams)),
  );
}

/** A patient texts the clinic's virtual number: the inbound webhook (signed when the account signs). */
export async function simulateVonageInbound(
  state: VonageSandboxState,
  input: { apiKey: string; from: string; to: string; text: string; url: string },
) {
  const account = state.accounts.get(input.apiKey);
  if (!account) throw new Error(`Unknown sandbox api key ${input.apiKey}`);
  const messageId = randomBytes(9).toString('hex').toUpperCase();
  const now = state.now();
  const params = await signed(state, account, input.url, {
    msisdn: input.from.replace(/^\+/, ''),
    to: input.to.replace(/^\+/, ''),
    messageId,
    text: input.text,
    type: isGsm7(input.text) ? 'text' : 'unicode',
    keyword: (input.text.trim().split(/\s+/)[0] ?? '').toUpperCase(),
    'api-key': account.apiKey,
    'message-timestamp': messageTimestamp(now),
  });
  const status = await postVonageSandboxWebhook(state, input.url, params);
  return { messageId, params, status };
}

/** Credentials from the form, the query or a Basic header (§5.3.2). */
function credentials(request: FastifyRequest, form: Params) {
  const query = request.query as Record<string, string | undefined>;
  const header = request.headers.authorization ?? '';
  if (header.startsWith('Basic ')) {
    const decoded = Buffer.from(header.slice('Basic '.length), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    return { key: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
  }
  return { key: form.api_key ?? query.api_key ?? '', secret: form.api_secret ?? query.api_secret ?? '' };
}

const messageError = (status: string, errorText: string) => ({
  'message-count': '1',
  messages: [{ status, 'error-text': errorText }],
});

function parts(text: string, isUnicode: boolean): number {
  const [single, multi] = isUnicode ? [70, 67] : [160, 153];
  return text.length <= single ? 1 : Math.ceil(text.length / multi);
}

/** A wire-compatible fake of the Vonage SMS API parts we call (providers.md §5.3). */
export const vonageSandbox = (state: VonageSandboxState) => async (app: FastifyInstance) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.post('/sms/json', { schema: { hide: true } }, async (request, reply: FastifyReply) => {
    state.requests.push(`POST ${request.url}`);
    const fault = state.faults.shift();
    if (fault?.kind === 'slow') await sleep(fault.delayMs);
    if (fault?.kind === 'status') {
      if (fault.retryAfterSeconds !== undefined) reply.header('retry-after', String(fault.retryAfterSeconds));
      return reply.status(fault.status).send({ type: 'about:blank', title: 'Sandbox fault' });
    }
    if (fault?.kind === 'message-status') return messageError(fault.status, fault.errorText);
    const contentType = request.headers['content-type'] ?? '';
    if (!contentType.startsWith('application/x-www-form-urlencoded')) {
      return messageError('3', 'Invalid parameters: the body must be application/x-www-form-urlencoded');
    }
    const form = (request.body ?? {}) as Params;
    const { key, secret } = credentials(request, form);
    if (key === '' || secret === '')
      return messageError('2', `Missing ${key === '' ? 'api_key' : 'api_secret'}`);
    const account = state.accounts.get(key);
    if (!account || account.apiSecret !== secret) return messageError('4', 'Bad Credentials');
    for (const name of ['from', 'to', 'text'] as const) {
      if (!form[name]) return messageError('2', `Missing ${name} param`);
    }
    const to = form.to as string;
    if (!/^\d{7,15}$/.test(to)) return messageError('3', 'Invalid to parameter');
    const clientRef = form['client-ref'] ?? null;
    if (clientRef !== null && clientRef.length > 40) return messageError('3', 'Invalid client-ref parameter');
    const type = form.type ?? 'text';
    if (!['text', 'unicode'].includes(type)) return messageError('3', 'Invalid type parameter');
    const text = form.text as string;
    const isUnicode = type === 'unicode';
    const count = parts(text, isUnicode);
    if (count > 10) return messageError('12', 'Message too long');
    if (account.balance < count * pricePerPart) return messageError('9', 'Partner quota exceeded');
    const callback = form.callback ?? null;
    const entries = Array.from({ length: count }, () => {
      account.balance = Math.round((account.balance - pricePerPart) * 10_000) / 10_000;
      const message: VonageSandboxMessage = {
        messageId: randomBytes(9).toString('hex').toUpperCase(),
        apiKey: account.apiKey,
        from: (form.from as string).replace(/\s/g, ''),
        to,
        text,
        type,
        clientRef,
        callback,
        isGarbled: !isUnicode && !isGsm7(text),
        at: state.now(),
      };
      state.messages.push(message);
      emitReceipt(state, account, message);
      return {
        to,
        'message-id': message.messageId,
        status: '0',
        'remaining-balance': account.balance.toFixed(8),
        'message-price': pricePerPart.toFixed(8),
        network: '23410',
        ...(clientRef ? { 'client-ref': clientRef } : {}),
      };
    });
    return { 'message-count': String(count), messages: entries };
  });

  app.get('/account/get-balance', { schema: { hide: true } }, async (request, reply) => {
    state.requests.push(`GET ${request.url}`);
    const { key, secret } = credentials(request, {});
    const account = state.accounts.get(key);
    if (!account || account.apiSecret !== secret) {
      return reply.status(401).send({
        type: 'https://developer.nexmo.com/api-errors#unauthorized',
        title: 'Invalid credentials supplied',
        detail: 'You did not provide correct credentials.',
      });
    }
    return { value: account.balance, autoReload: false };
  });
};
