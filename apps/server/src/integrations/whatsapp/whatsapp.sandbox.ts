import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { postSandboxWebhook, trackSandboxWork } from '../http/sandbox-webhooks';
import { signWhatsAppBody } from './whatsapp.webhook';

export type SandboxWhatsAppNumber = { id: string; displayPhoneNumber: string; verifiedName: string };

/** An approved template: its languages and how many parameters each component takes. */
export type SandboxWhatsAppTemplate = {
  name: string;
  languages: string[];
  headerParameters?: number;
  bodyParameters: number;
};

export type SandboxWhatsAppMessage = {
  id: string;
  phoneNumberId: string;
  /** The recipient's wa_id (digits). */
  to: string;
  type: 'text' | 'template';
  text: string | null;
  template: { name: string; language: string; parameters: string[] } | null;
  callbackData: string | null;
  at: Date;
};

/** The next answers of the send route, for testing retries and outages. */
type SandboxWhatsAppFault =
  | { kind: 'status'; status: number; code?: number; retryAfterSeconds?: number }
  /** Answers normally, but only after a delay (a send the client gave up on may still go out). */
  | { kind: 'slow'; delayMs: number };

export type WhatsAppSandboxState = {
  /** Access tokens the fake accepts, each with the phone-number ids it may use. */
  tokens: Map<string, Set<string>>;
  numbers: Map<string, SandboxWhatsAppNumber>;
  templates: Map<string, SandboxWhatsAppTemplate>;
  /** The fake's clock (the 24-hour window and timestamps), injectable for tests. */
  now: () => Date;
  /** Last inbound message per `phoneNumberId:waId`: free-form sends need one in the last 24 h. */
  lastInboundAt: Map<string, Date>;
  /** wa_ids that are not on WhatsApp: a send answers 131026 at once. */
  undeliverable: Set<string>;
  /** wa_ids whose sends are accepted, then fail in a status webhook with this code (§3.3 async failures). */
  failAfterAccept: Map<string, number>;
  /** Statuses that follow an accepted send, in order. */
  statusSequence: ('sent' | 'delivered' | 'read')[];
  /** Where status and inbound notifications are POSTed, signed with the app secret; null: nowhere. */
  /**
   * The app secret the receiving server expects for a webhook URL, when it knows better than
   * `webhook` (a sandbox server: each sandbox clinic's own); null or unset: the given one.
   */
  signingSecretFor?: (url: string) => Promise<string | null>;
  webhook: { url: string; appSecret: string } | null;
  faults: SandboxWhatsAppFault[];
  sent: SandboxWhatsAppMessage[];
  /** Every webhook POST the fake made, with the status code it got back (0: unreachable). */
  deliveries: { url: string; body: string; status: number }[];
  /** Webhook POSTs in flight; `flushSandboxWebhooks` waits for them. */
  pending: Set<Promise<void>>;
  requests: string[];
};

/** The demo clinic's WhatsApp credentials in sandbox mode (not secrets: they open only the fake). */
export const whatsAppSandboxDemo = {
  accessToken: `EAA${'SandboxDemoToken'.repeat(7)}`,
  phoneNumberId: '106540352242922',
  displayPhoneNumber: '+1 555-010-0199',
  verifiedName: 'CareLoop Demo Clinic',
  /** Signs the fake's webhooks; the demo clinic's webhook check uses it. */
  appSecret: 'sandbox-demo-whatsapp-app-secret',
  verifyToken: 'sandbox-demo-whatsapp-verify-token',
  /** The demo's approved template (one body parameter: the patient's first name). */
  templateName: 'careloop_follow_up',
  /** The demo's approved survey template (body parameters: the first name, then the survey link). */
  surveyTemplateName: 'careloop_survey',
} as const;

export function createWhatsAppSandboxState(): WhatsAppSandboxState {
  return {
    tokens: new Map(),
    numbers: new Map(),
    templates: new Map(),
    now: () => new Date(),
    lastInboundAt: new Map(),
    undeliverable: new Set(),
    failAfterAccept: new Map(),
    statusSequence: ['sent', 'delivered', 'read'],
    webhook: null,
    faults: [],
    sent: [],
    deliveries: [],
    pending: new Set(),
    requests: [],
  };
}

export function addWhatsAppSandboxNumber(
  state: WhatsAppSandboxState,
  token: string,
  number: SandboxWhatsAppNumber,
) {
  state.numbers.set(number.id, number);
  const ids = state.tokens.get(token) ?? new Set<string>();
  ids.add(number.id);
  state.tokens.set(token, ids);
}

export function addWhatsAppSandboxTemplate(state: WhatsAppSandboxState, template: SandboxWhatsAppTemplate) {
  state.templates.set(template.name, template);
}

export function createDemoWhatsAppSandboxState(): WhatsAppSandboxState {
  const state = createWhatsAppSandboxState();
  addWhatsAppSandboxNumber(state, whatsAppSandboxDemo.accessToken, {
    id: whatsAppSandboxDemo.phoneNumberId,
    displayPhoneNumber: whatsAppSandboxDemo.displayPhoneNumber,
    verifiedName: whatsAppSandboxDemo.verifiedName,
  });
  addWhatsAppSandboxTemplate(state, {
    name: whatsAppSandboxDemo.templateName,
    languages: ['en', 'en_US', 'es', 'tr'],
    bodyParameters: 1,
  });
  addWhatsAppSandboxTemplate(state, {
    name: whatsAppSandboxDemo.surveyTemplateName,
    languages: ['en', 'en_US', 'es', 'tr'],
    bodyParameters: 2,
  });
  return state;
}

const graphError = (
  reply: FastifyReply,
  status: number,
  code: number,
  message: string,
  type = 'OAuthException',
  details?: string,
) =>
  reply.status(status).send({
    error: {
      message,
      type,
      code,
      ...(details ? { error_data: { messaging_product: 'whatsapp', details } } : {}),
      fbtrace_id: 'SandboxTrace',
    },
  });

const windowMs = 24 * 60 * 60 * 1000;
const windowKey = (phoneNumberId: string, waId: string) => `${phoneNumberId}:${waId}`;
const unixSeconds = (date: Date) => String(Math.floor(date.getTime() / 1000));

// ---------------------------------------------------------------------------------------------
// Webhooks (fake -> our app): the envelope of §3.5, signed with the app secret.
// ---------------------------------------------------------------------------------------------

/** The notification envelope around one `value` (§3.5). */
function whatsAppWebhookEnvelope(
  number: { id: string; displayPhoneNumber: string },
  value: Record<string, unknown>,
) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: {
                display_phone_number: number.displayPhoneNumber.replace(/\D/g, ''),
                phone_number_id: number.id,
              },
              ...value,
            },
          },
        ],
      },
    ],
  };
}

/** The exact bytes to POST and their `X-Hub-Signature-256`. */
export function signedWhatsAppWebhook(payload: unknown, appSecret: string) {
  const rawBody = JSON.stringify(payload);
  return { rawBody, signature: signWhatsAppBody(rawBody, appSecret) };
}

/** POSTs one signed notification to the configured webhook (or `to`); the status code is recorded. */
async function postWhatsAppSandboxWebhook(
  state: WhatsAppSandboxState,
  payload: unknown,
  to: WhatsAppSandboxState['webhook'] = state.webhook,
): Promise<number> {
  const webhook = to;
  if (!webhook) return 0;
  const appSecret = (await state.signingSecretFor?.(webhook.url)) ?? webhook.appSecret;
  const { rawBody, signature } = signedWhatsAppWebhook(payload, appSecret);
  return postSandboxWebhook(
    state,
    {
      url: webhook.url,
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
      body: rawBody,
    },
    (status) => state.deliveries.push({ url: webhook.url, body: rawBody, status }),
  );
}

/** Posts a notification already delivered once again, byte for byte (Meta retries: test dedup). */
export function redeliverWhatsAppSandboxWebhook(state: WhatsAppSandboxState, index = -1): Promise<number> {
  const delivery = state.deliveries.at(index);
  if (!delivery) throw new Error('No webhook delivered yet');
  return postWhatsAppSandboxWebhook(state, JSON.parse(delivery.body));
}

/**
 * A patient writes to the clinic's number: opens the 24-hour window, and (when a webhook is set)
 * POSTs the signed inbound notification. Returns the payload, which tests can also send themselves.
 */
export async function simulateWhatsAppInbound(
  state: WhatsAppSandboxState,
  input: {
    phoneNumberId: string;
    /** The patient's number, E.164 or digits. */
    from: string;
    text: string;
    profileName?: string;
    /** The wamid this message replies to. */
    replyToMessageId?: string;
    /** Where this notification goes instead of the state's webhook (one app per clinic). */
    webhook?: { url: string; appSecret: string };
  },
) {
  const number = state.numbers.get(input.phoneNumberId);
  if (!number) throw new Error(`Unknown sandbox phone number ${input.phoneNumberId}`);
  const waId = input.from.replace(/\D/g, '');
  const at = state.now();
  state.lastInboundAt.set(windowKey(number.id, waId), at);
  const messageId = `wamid.${randomBytes(16).toString('hex').toUpperCase()}`;
  const payload = whatsAppWebhookEnvelope(number, {
    contacts: [{ profile: { name: input.profileName ?? 'Patient' }, wa_id: waId }],
    messages: [
      {
        from: waId,
        id: messageId,
        timestamp: unixSeconds(at),
        type: 'text',
        text: { body: input.text },
        ...(input.replyToMessageId
          ? { context: { from: number.displayPhoneNumber.replace(/\D/g, ''), id: input.replyToMessageId } }
          : {}),
      },
    ],
  });
  const status = await postWhatsAppSandboxWebhook(state, payload, input.webhook ?? state.webhook);
  return { messageId, payload, status };
}

/** The status notification for one sent message (§3.5), `failed` carrying `errors[]`. */
export function whatsAppStatusPayload(
  number: SandboxWhatsAppNumber,
  message: SandboxWhatsAppMessage,
  status: 'sent' | 'delivered' | 'read' | 'failed',
  at: Date,
  errorCode?: number,
) {
  return whatsAppWebhookEnvelope(number, {
    statuses: [
      {
        id: message.id,
        status,
        timestamp: unixSeconds(at),
        recipient_id: message.to,
        ...(message.callbackData ? { biz_opaque_callback_data: message.callbackData } : {}),
        ...(status === 'failed'
          ? {
              errors: [
                {
                  code: errorCode ?? 131026,
                  title: errorCode === 131047 ? 'Re-engagement message' : 'Message undeliverable',
                  message: errorCode === 131047 ? 'Re-engagement message' : 'Message undeliverable',
                  error_data: { details: 'Sandbox delivery failure' },
                },
              ],
            }
          : {
              pricing: {
                billable: true,
                pricing_model: 'PMP',
                category: message.type === 'template' ? 'utility' : 'service',
              },
            }),
      },
    ],
  });
}

function emitStatuses(
  state: WhatsAppSandboxState,
  number: SandboxWhatsAppNumber,
  message: SandboxWhatsAppMessage,
) {
  if (!state.webhook) return;
  const failCode = state.failAfterAccept.get(message.to);
  const sequence: ('sent' | 'delivered' | 'read' | 'failed')[] =
    failCode === undefined ? [...state.statusSequence] : ['failed'];
  const run = (async () => {
    for (const status of sequence) {
      await postWhatsAppSandboxWebhook(
        state,
        whatsAppStatusPayload(number, message, status, state.now(), failCode),
      );
    }
  })();
  trackSandboxWork(state, run);
}

// ---------------------------------------------------------------------------------------------
// The Graph API routes (§3.7).
// ---------------------------------------------------------------------------------------------

type Params = { version: string; phoneNumberId: string };

/** The token's number, or an error already sent: bad version 100, bad token 190, unknown number 100. */
function authorize(
  state: WhatsAppSandboxState,
  params: Params,
  authorization: string | undefined,
  reply: FastifyReply,
): SandboxWhatsAppNumber | null {
  if (!/^v\d+\.\d+$/.test(params.version)) {
    graphError(reply, 400, 100, 'Unknown path components', 'GraphMethodException');
    return null;
  }
  const auth = authorization ?? '';
  const token = auth.startsWith('Bearer ') ? auth.slice('Bearer '.length) : '';
  const allowed = state.tokens.get(token);
  if (!allowed) {
    graphError(reply, 401, 190, 'Invalid OAuth access token - Cannot parse access token');
    return null;
  }
  const number = state.numbers.get(params.phoneNumberId);
  if (!number || !allowed.has(params.phoneNumberId)) {
    graphError(
      reply,
      400,
      100,
      `Unsupported get request. Object with ID '${params.phoneNumberId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation`,
      'GraphMethodException',
    );
    return null;
  }
  return number;
}

type Body = Record<string, unknown>;
const isRecord = (value: unknown): value is Body =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The text parameters of one template component, or null when the component is malformed. */
function componentParameters(components: unknown[], type: string): unknown[] | null {
  const found = components.filter((c) => isRecord(c) && c.type === type);
  if (found.length === 0) return [];
  const parameters = (found[0] as Body).parameters;
  return Array.isArray(parameters) ? parameters : null;
}

/** A wire-compatible fake of the Graph API parts we call (providers.md §3.7). */
export const whatsAppSandbox = (state: WhatsAppSandboxState) => async (app: FastifyInstance) => {
  app.get<{ Params: Params }>(
    '/:version/:phoneNumberId',
    { schema: { hide: true } },
    async (request, reply) => {
      state.requests.push(`GET ${request.url}`);
      const number = authorize(state, request.params, request.headers.authorization, reply);
      if (!number) return reply;
      return {
        id: number.id,
        display_phone_number: number.displayPhoneNumber,
        verified_name: number.verifiedName,
        quality_rating: 'GREEN',
        code_verification_status: 'VERIFIED',
        platform_type: 'CLOUD_API',
        throughput: { level: 'STANDARD' },
        messaging_limit_tier: 'TIER_1K',
        account_mode: 'SANDBOX',
      };
    },
  );

  app.post<{ Params: Params }>(
    '/:version/:phoneNumberId/messages',
    { schema: { hide: true } },
    async (request, reply) => {
      state.requests.push(`POST ${request.url}`);
      const number = authorize(state, request.params, request.headers.authorization, reply);
      if (!number) return reply;
      const fault = state.faults.shift();
      if (fault?.kind === 'slow') await sleep(fault.delayMs);
      if (fault?.kind === 'status') {
        if (fault.retryAfterSeconds !== undefined)
          reply.header('retry-after', String(fault.retryAfterSeconds));
        return graphError(
          reply,
          fault.status,
          fault.code ?? 2,
          'Service temporarily unavailable',
          'OAuthException',
        );
      }
      const contentType = request.headers['content-type'] ?? '';
      const body = request.body;
      if (!contentType.startsWith('application/json') || !isRecord(body)) {
        return graphError(reply, 400, 100, 'Invalid parameter', 'OAuthException', 'The body must be JSON');
      }
      if (body.messaging_product !== 'whatsapp') {
        return graphError(reply, 400, 100, '(#100) The parameter messaging_product is required.');
      }
      // Mark as read (§3.2).
      if (body.status === 'read') {
        return typeof body.message_id === 'string' && body.message_id !== ''
          ? { success: true }
          : graphError(reply, 400, 100, '(#100) The parameter message_id is required.');
      }
      const to = typeof body.to === 'string' ? body.to.trim() : '';
      if (to === '') return graphError(reply, 400, 100, '(#100) The parameter to is required.');
      const waId = to.replace(/^\+/, '');
      if (!/^\d{7,15}$/.test(waId)) {
        return graphError(
          reply,
          400,
          100,
          '(#100) Invalid parameter',
          'OAuthException',
          'Invalid phone number',
        );
      }
      const callbackData =
        typeof body.biz_opaque_callback_data === 'string' ? body.biz_opaque_callback_data : null;
      let message: Omit<SandboxWhatsAppMessage, 'id' | 'phoneNumberId' | 'to' | 'callbackData' | 'at'>;
      if (body.type === 'text') {
        const text = isRecord(body.text) && typeof body.text.body === 'string' ? body.text.body : '';
        if (text === '') return graphError(reply, 400, 100, '(#100) The parameter text[body] is required.');
        if (text.length > 4096) {
          return graphError(reply, 400, 100, '(#100) Param text[body] must be at most 4096 characters long.');
        }
        const last = state.lastInboundAt.get(windowKey(number.id, waId));
        if (!last || state.now().getTime() - last.getTime() > windowMs) {
          return graphError(
            reply,
            400,
            131047,
            '(#131047) Re-engagement message',
            'OAuthException',
            'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
          );
        }
        message = { type: 'text', text, template: null };
      } else if (body.type === 'template') {
        const template = isRecord(body.template) ? body.template : {};
        const name = typeof template.name === 'string' ? template.name : '';
        const language =
          isRecord(template.language) && typeof template.language.code === 'string'
            ? template.language.code
            : '';
        if (name === '')
          return graphError(reply, 400, 100, '(#100) The parameter template[name] is required.');
        if (language === '') {
          return graphError(reply, 400, 100, '(#100) The parameter template[language][code] is required.');
        }
        const known = state.templates.get(name);
        if (!known?.languages.includes(language)) {
          return graphError(
            reply,
            404,
            132001,
            '(#132001) Template name does not exist in the translation',
            'OAuthException',
            `template name (${name}) does not exist in ${language}`,
          );
        }
        const components = template.components === undefined ? [] : template.components;
        const list = Array.isArray(components) ? components : null;
        const bodyParams = list ? componentParameters(list, 'body') : null;
        const headerParams = list ? componentParameters(list, 'header') : null;
        if (
          !bodyParams ||
          !headerParams ||
          bodyParams.length !== known.bodyParameters ||
          headerParams.length !== (known.headerParameters ?? 0)
        ) {
          return graphError(
            reply,
            400,
            132000,
            '(#132000) Number of parameters does not match the expected number of params',
            'OAuthException',
            `body: number of localizable_params (${bodyParams?.length ?? 0}) does not match the expected number of params (${known.bodyParameters})`,
          );
        }
        const parameters = bodyParams.map((p) => (isRecord(p) && typeof p.text === 'string' ? p.text : ''));
        message = { type: 'template', text: null, template: { name, language, parameters } };
      } else {
        return graphError(
          reply,
          400,
          100,
          '(#100) Param type must be one of {AUDIO, CONTACTS, DOCUMENT, IMAGE, INTERACTIVE, LOCATION, REACTION, STICKER, TEMPLATE, TEXT, VIDEO}',
        );
      }
      if (state.undeliverable.has(waId)) {
        return graphError(
          reply,
          400,
          131026,
          '(#131026) Message Undeliverable.',
          'OAuthException',
          'Message Undeliverable.',
        );
      }
      const sent: SandboxWhatsAppMessage = {
        ...message,
        id: `wamid.${randomBytes(24).toString('base64url')}`,
        phoneNumberId: number.id,
        to: waId,
        callbackData,
        at: state.now(),
      };
      state.sent.push(sent);
      emitStatuses(state, number, sent);
      return {
        messaging_product: 'whatsapp',
        contacts: [{ input: to, wa_id: waId }],
        messages: [{ id: sent.id, message_status: 'accepted' }],
      };
    },
  );
};

/**
 * §3.7.7: calls a webhook's verification GET like Meta does; true when it echoes the challenge.
 */
export async function checkWhatsAppWebhookHandshake(url: string, verifyToken: string): Promise<boolean> {
  const challenge = String(1_000_000 + Math.floor(Math.random() * 8_999_999));
  const target = new URL(url);
  target.searchParams.set('hub.mode', 'subscribe');
  target.searchParams.set('hub.verify_token', verifyToken);
  target.searchParams.set('hub.challenge', challenge);
  const response = await fetch(target, { signal: AbortSignal.timeout(10_000) });
  return response.status === 200 && (await response.text()) === challenge;
}
