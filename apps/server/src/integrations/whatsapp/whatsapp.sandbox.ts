import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  type SandboxWhatsAppMessage,
  type SandboxWhatsAppNumber,
  type WhatsAppSandboxState,
  windowKey,
} from './whatsapp-sandbox-state';
import { emitStatuses } from './whatsapp-sandbox-webhooks';

// The Graph API routes (§3.7).

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
