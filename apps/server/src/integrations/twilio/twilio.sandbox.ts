import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { postSandboxWebhook, trackSandboxWork } from '../http/sandbox-webhooks';
import { computeTwilioSignature, readTwilioForm, type TwilioParams } from './twilio.webhook';

export type TwilioSandboxAccount = { sid: string; authToken: string; friendlyName: string; status: string };

export type TwilioSandboxMessage = {
  sid: string;
  accountSid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
  statusCallback: string | null;
  at: Date;
};

/** The next answers of the send route, for testing retries and outages. */
type TwilioSandboxFault =
  | { kind: 'status'; status: number; code?: number; retryAfterSeconds?: number }
  | { kind: 'slow'; delayMs: number };

export type TwilioSandboxState = {
  accounts: Map<string, TwilioSandboxAccount>;
  /** Blocked (sender, recipient) pairs, `sender|recipient`: the recipient texted a STOP keyword. */
  optOuts: Set<string>;
  /** Recipients whose messages are accepted, then fail in the status callback with this code. */
  failAfterAccept: Map<string, number>;
  /**
   * The status callbacks are made before the send is answered, as the real service may do under
   * load: the sender must find its message by the id it named in the callback URL.
   */
  callbacksBeforeAnswer?: boolean;
  now: () => Date;
  faults: TwilioSandboxFault[];
  messages: TwilioSandboxMessage[];
  /** Every callback the fake POSTed, with the status code it got back (0: unreachable). */
  deliveries: { url: string; params: Record<string, string>; status: number }[];
  pending: Set<Promise<void>>;
  requests: string[];
  /**
   * The Auth Token the receiving server expects for a webhook URL, when it knows better than the
   * account (a sandbox server: each sandbox clinic's own); null or unset: the account's.
   */
  signingSecretFor?: (url: string) => Promise<string | null>;
};

/** The demo clinic's Twilio credentials in sandbox mode (not secrets: they open only the fake). */
export const twilioSandboxDemo = {
  accountSid: `AC${'5a1d'.repeat(8)}`,
  authToken: 'sandbox0demo0auth0token0000000000',
  fromNumber: '+14155552671',
} as const;

export function createTwilioSandboxState(): TwilioSandboxState {
  return {
    accounts: new Map(),
    optOuts: new Set(),
    failAfterAccept: new Map(),
    now: () => new Date(),
    faults: [],
    messages: [],
    deliveries: [],
    pending: new Set(),
    requests: [],
  };
}

export function addTwilioSandboxAccount(state: TwilioSandboxState, account: TwilioSandboxAccount) {
  state.accounts.set(account.sid, account);
}

export function createDemoTwilioSandboxState(): TwilioSandboxState {
  const state = createTwilioSandboxState();
  addTwilioSandboxAccount(state, {
    sid: twilioSandboxDemo.accountSid,
    authToken: twilioSandboxDemo.authToken,
    friendlyName: 'CareLoop Demo Clinic',
    status: 'active',
  });
  return state;
}

const twilioError = (reply: FastifyReply, status: number, code: number, message: string) =>
  reply
    .status(status)
    .send({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });

/** The account the Basic credentials open, or null: the user must equal the path's SID. */
function authenticate(state: TwilioSandboxState, header: string | undefined, pathSid: string) {
  if (!header?.startsWith('Basic ')) return null;
  const decoded = Buffer.from(header.slice('Basic '.length), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const user = decoded.slice(0, colon);
  const password = decoded.slice(colon + 1);
  const account = state.accounts.get(pathSid);
  return account && user === pathSid && password === account.authToken ? account : null;
}

/** RFC 2822 as Twilio writes it: `Tue, 26 Jul 2016 12:50:07 +0000`. */
const rfc2822 = (date: Date) => date.toUTCString().replace('GMT', '+0000');

const optOutKeywords = new Set([
  'STOP',
  'STOPALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'REVOKE',
  'OPTOUT',
]);
const optInKeywords = new Set(['START', 'YES', 'UNSTOP']);
const e164 = /^\+[1-9]\d{6,14}$/;
const gsm7 = /^[A-Za-z0-9 \r\n@£$¥èéùìòÇØøÅå_ÆæßÉ!"#¤%&'()*+,\-./:;<=>?¡ÄÖÑÜ§¿äöñüà^{}\\[~\]|€]*$/;

function segments(body: string): number {
  if (body.length === 0) return 1;
  const [single, multi] = gsm7.test(body) ? [160, 153] : [70, 67];
  return body.length <= single ? 1 : Math.ceil(body.length / multi);
}

/** A valid callback URL: http(s) with a hostname without underscores (§4.2). */
function isValidCallback(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.hostname.includes('_');
  } catch {
    return false;
  }
}

/** POSTs a form signed per §4.5 with the account's Auth Token, for the exact URL called. */
async function postSignedTwilioForm(
  state: TwilioSandboxState,
  url: string,
  params: Record<string, string>,
  accountToken: string,
): Promise<number> {
  const authToken = (await state.signingSecretFor?.(url)) ?? accountToken;
  return postSandboxWebhook(
    state,
    {
      url,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': computeTwilioSignature(url, params, authToken),
      },
      body: new URLSearchParams(params).toString(),
    },
    (status) => state.deliveries.push({ url, params, status }),
  );
}

function emitStatuses(
  state: TwilioSandboxState,
  account: TwilioSandboxAccount,
  message: TwilioSandboxMessage,
) {
  const url = message.statusCallback;
  if (!url) return Promise.resolve();
  const failCode = state.failAfterAccept.get(message.to);
  const sequence: [string, number | null][] =
    failCode === undefined
      ? [
          ['sent', null],
          ['delivered', null],
        ]
      : [
          ['sent', null],
          ['undelivered', failCode],
        ];
  const run = (async () => {
    for (const [status, errorCode] of sequence) {
      await postSignedTwilioForm(
        state,
        url,
        {
          AccountSid: account.sid,
          ApiVersion: '2010-04-01',
          From: message.from ?? '',
          To: message.to,
          MessageSid: message.sid,
          SmsSid: message.sid,
          MessageStatus: status,
          SmsStatus: status,
          ...(message.messagingServiceSid ? { MessagingServiceSid: message.messagingServiceSid } : {}),
          ...(errorCode === null ? {} : { ErrorCode: String(errorCode) }),
        },
        account.authToken,
      );
    }
  })();
  trackSandboxWork(state, run);
  return run;
}

/**
 * A patient texts the clinic's number (§4.8.7): a STOP-family keyword (the whole message,
 * case-insensitive) blocks (clinic number, patient) and START/YES/UNSTOP lifts it, like Twilio;
 * then the signed inbound form is POSTed to `url` (the clinic's inbound webhook).
 */
export async function simulateTwilioInbound(
  state: TwilioSandboxState,
  input: { accountSid: string; from: string; to: string; body: string; url: string },
) {
  const account = state.accounts.get(input.accountSid);
  if (!account) throw new Error(`Unknown sandbox account ${input.accountSid}`);
  const keyword = input.body.trim().toUpperCase();
  const pair = `${input.to}|${input.from}`;
  // Twilio's STOP filtering is SMS only: a WhatsApp sender's pairs are never blocked.
  const whatsapp = input.from.startsWith('whatsapp:');
  if (!whatsapp && optOutKeywords.has(keyword)) state.optOuts.add(pair);
  if (!whatsapp && optInKeywords.has(keyword)) state.optOuts.delete(pair);
  const messageSid = `SM${randomBytes(16).toString('hex')}`;
  const params: Record<string, string> = {
    ToCountry: 'US',
    SmsMessageSid: messageSid,
    NumMedia: '0',
    SmsSid: messageSid,
    SmsStatus: 'received',
    Body: input.body,
    To: input.to,
    NumSegments: String(segments(input.body)),
    MessageSid: messageSid,
    AccountSid: account.sid,
    From: input.from,
    ApiVersion: '2010-04-01',
  };
  const status = await postSignedTwilioForm(state, input.url, params, account.authToken);
  return { messageSid, params, status };
}

type FormBody = TwilioParams;
const field = (form: FormBody, name: string) => {
  const value = form[name];
  return typeof value === 'string' ? value : value?.[0];
};

/** A wire-compatible fake of the Twilio REST API parts we call (providers.md §4.8). */
export const twilioSandbox = (state: TwilioSandboxState) => async (app: FastifyInstance) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, readTwilioForm(String(body))),
  );

  app.get<{ Params: { file: string } }>(
    '/2010-04-01/Accounts/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      state.requests.push(`GET ${request.url}`);
      const match = /^(AC[0-9a-zA-Z]{32})\.json$/.exec(request.params.file);
      if (!match) return twilioError(reply, 404, 20404, 'The requested resource was not found');
      const sid = match[1] as string;
      const account = authenticate(state, request.headers.authorization, sid);
      if (!account) return twilioError(reply, 401, 20003, 'Authenticate');
      return {
        sid: account.sid,
        friendly_name: account.friendlyName,
        status: account.status,
        type: 'Full',
        owner_account_sid: account.sid,
        date_created: 'Mon, 02 Nov 2026 10:00:00 +0000',
        date_updated: 'Mon, 02 Nov 2026 10:00:00 +0000',
        uri: `/2010-04-01/Accounts/${account.sid}.json`,
      };
    },
  );

  app.post<{ Params: { sid: string } }>(
    '/2010-04-01/Accounts/:sid/Messages.json',
    { schema: { hide: true } },
    async (request, reply) => {
      state.requests.push(`POST ${request.url}`);
      const account = authenticate(state, request.headers.authorization, request.params.sid);
      if (!account) return twilioError(reply, 401, 20003, 'Authenticate');
      const fault = state.faults.shift();
      if (fault?.kind === 'slow') await sleep(fault.delayMs);
      if (fault?.kind === 'status') {
        if (fault.retryAfterSeconds !== undefined)
          reply.header('retry-after', String(fault.retryAfterSeconds));
        return twilioError(reply, fault.status, fault.code ?? 20500, 'Internal Server Error');
      }
      const contentType = request.headers['content-type'] ?? '';
      if (!contentType.startsWith('application/x-www-form-urlencoded')) {
        return twilioError(reply, 400, 20001, 'The request body must be application/x-www-form-urlencoded');
      }
      const form = request.body as FormBody;
      const to = field(form, 'To') ?? '';
      const from = field(form, 'From') ?? '';
      const service = field(form, 'MessagingServiceSid') ?? '';
      const body = field(form, 'Body') ?? '';
      const callback = field(form, 'StatusCallback') ?? '';
      if (to === '') return twilioError(reply, 400, 21604, "A 'To' phone number is required.");
      if ((from === '') === (service === '')) {
        return twilioError(
          reply,
          400,
          21603,
          "A 'From' phone number or a 'MessagingServiceSid' is required, and not both.",
        );
      }
      if (body === '' && !field(form, 'MediaUrl') && !field(form, 'ContentSid')) {
        return twilioError(reply, 400, 21602, 'Message body is required.');
      }
      if (body.length > 1600) {
        return twilioError(
          reply,
          400,
          21617,
          'The concatenated message body exceeds the 1600 character limit.',
        );
      }
      if (!e164.test(to.replace(/^whatsapp:/, ''))) {
        return twilioError(reply, 400, 21211, `The 'To' number ${to} is not a valid phone number.`);
      }
      if (callback !== '' && !isValidCallback(callback)) {
        return twilioError(reply, 400, 21609, 'Invalid StatusCallback URL.');
      }
      const sender = service || from;
      if (state.optOuts.has(`${sender}|${to}`)) {
        return twilioError(reply, 400, 21610, 'Attempt to send to unsubscribed recipient');
      }
      const now = state.now();
      const message: TwilioSandboxMessage = {
        sid: `SM${randomBytes(16).toString('hex')}`,
        accountSid: account.sid,
        to,
        from: from || null,
        messagingServiceSid: service || null,
        body,
        statusCallback: callback || null,
        at: now,
      };
      state.messages.push(message);
      const statuses = emitStatuses(state, account, message);
      if (state.callbacksBeforeAnswer) await statuses;
      return reply.status(201).send({
        sid: message.sid,
        account_sid: account.sid,
        messaging_service_sid: message.messagingServiceSid,
        to,
        from: message.from,
        body,
        status: service ? 'accepted' : 'queued',
        direction: 'outbound-api',
        num_segments: service ? '0' : String(segments(body)),
        num_media: '0',
        price: null,
        price_unit: 'USD',
        error_code: null,
        error_message: null,
        api_version: '2010-04-01',
        date_created: rfc2822(now),
        date_updated: rfc2822(now),
        date_sent: null,
        uri: `/2010-04-01/Accounts/${account.sid}/Messages/${message.sid}.json`,
        subresource_uris: {
          media: `/2010-04-01/Accounts/${account.sid}/Messages/${message.sid}/Media.json`,
          feedback: `/2010-04-01/Accounts/${account.sid}/Messages/${message.sid}/Feedback.json`,
        },
      });
    },
  );
};
