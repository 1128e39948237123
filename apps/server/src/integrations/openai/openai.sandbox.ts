import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply } from 'fastify';

type WireMessage = { role: string; content: string | { type: string; text?: string }[] | null };

/** What the fake received, for tests to look at (the key is never kept). */
type OpenAiSandboxRequest = {
  model: string;
  messages: WireMessage[];
  stream: boolean;
  body: Record<string, unknown>;
};

/** The next answers of the chat route, for testing retries, timeouts and bad payloads. */
type OpenAiSandboxFault =
  | {
      kind: 'status';
      status: number;
      code?: string;
      type?: string;
      retryAfterSeconds?: number;
      retryAfterMs?: number;
    }
  | { kind: 'slow'; delayMs: number }
  /** Answers once `until` settles: a test does something while the caller waits for the text. */
  | { kind: 'held'; until: Promise<unknown> }
  | { kind: 'malformed' };

export type OpenAiSandboxState = {
  apiKeys: Set<string>;
  /** Models it serves; empty: any model name. */
  models: Set<string>;
  faults: OpenAiSandboxFault[];
  /** Scripted assistant texts, used (first in, first out) before the deterministic writer. */
  replies: string[];
  requests: OpenAiSandboxRequest[];
};

export function createOpenAiSandboxState(): OpenAiSandboxState {
  return { apiKeys: new Set(), models: new Set(), faults: [], replies: [], requests: [] };
}

/** What a clinic in sandbox mode uses: the key opens only the fake. */
export const openAiSandboxDemo = { apiKey: 'sandbox-openai-demo-key' } as const;

export function createDemoOpenAiSandboxState(): OpenAiSandboxState {
  const state = createOpenAiSandboxState();
  state.apiKeys.add(openAiSandboxDemo.apiKey);
  return state;
}

const chatRoles = ['system', 'developer', 'user', 'assistant', 'tool'];

// The deterministic writer: a short public answer in the language the prompt names
// ("Language: es"), English otherwise. It names nothing about the reviewer's care.
const cannedReplies: Record<string, string> = {
  en: 'Thank you for taking the time to write to us, and we are sorry to read that your experience fell short. We would like to understand what happened, so please contact us directly and we will talk it through.',
  es: 'Gracias por tomarse el tiempo de escribirnos y lamentamos leer que su experiencia no fue la esperada. Queremos entender lo ocurrido, así que le rogamos que se ponga en contacto con nosotros directamente para hablarlo.',
  tr: 'Bize yazmak için zaman ayırdığınız için teşekkür ederiz; deneyiminizin beklentinizi karşılamadığını okumak bizi üzdü. Neler olduğunu anlamak isteriz, lütfen bizimle doğrudan iletişime geçin, birlikte konuşalım.',
};

const textOf = (message: WireMessage) =>
  typeof message.content === 'string'
    ? message.content
    : (message.content ?? []).map((part) => part.text ?? '').join(' ');

// Patient messages (the outbox's prompt names "Message type: followup|crosssell"): a short
// check-in or a consent-gated note of the clinic's other services, with the prompt's first name,
// treatment and clinic, and no health detail (the outbox's check passes them).
type PatientFacts = { firstName: string; clinic: string; treatment: string | null };
const patientMessages: Record<'followup' | 'crosssell', Record<string, (f: PatientFacts) => string>> = {
  followup: {
    en: (f) =>
      `Hi ${f.firstName}, this is ${f.clinic}. We are checking in${f.treatment ? ` after your ${f.treatment}` : ''} and hope all is well. Reply to this message if you have any questions.`,
    es: (f) =>
      `Hola ${f.firstName}, le escribimos de ${f.clinic}${f.treatment ? ` tras su ${f.treatment}` : ''}. Esperamos que todo vaya bien. Responda a este mensaje si tiene cualquier pregunta.`,
    tr: (f) =>
      `Merhaba ${f.firstName}, ${f.clinic} olarak${f.treatment ? ` ${f.treatment} sonrası` : ''} halinizi sormak istedik. Umarız her şey yolundadır. Sorunuz olursa bu mesajı yanıtlayabilirsiniz.`,
  },
  crosssell: {
    en: (f) =>
      `Hi ${f.firstName}, thank you for choosing ${f.clinic}${f.treatment ? ` for your ${f.treatment}` : ''}. We offer other services too: reply to this message if you would like to hear more.`,
    es: (f) =>
      `Hola ${f.firstName}, gracias por confiar en ${f.clinic}${f.treatment ? ` para su ${f.treatment}` : ''}. También ofrecemos otros servicios: responda a este mensaje si desea más información.`,
    tr: (f) =>
      `Merhaba ${f.firstName}, ${f.treatment ? `${f.treatment} için ` : ''}${f.clinic} kliniğini seçtiğiniz için teşekkür ederiz. Başka hizmetlerimiz de var: daha fazla bilgi isterseniz bu mesajı yanıtlayın.`,
  },
};

const lineAfter = (prompt: string, label: RegExp) => label.exec(prompt)?.[1]?.trim() || null;

function deterministicReply(messages: WireMessage[]): string {
  const prompt = messages.map(textOf).join('\n');
  const language = /\blanguage\b\W{0,3}(en|es|tr)\b/i.exec(prompt)?.[1]?.toLowerCase() ?? 'en';
  // Only the system prompt tells a patient message from a review reply: a review's own text (in
  // the user message) cannot turn the answer into a patient message.
  const system = messages
    .filter((m) => m.role === 'system' || m.role === 'developer')
    .map(textOf)
    .join('\n');
  const isPatientMessage = /^You write one short (?:SMS|WhatsApp) message\b/m.test(system);
  const type = isPatientMessage
    ? /^Message type: (followup|crosssell)\s*$/im.exec(prompt)?.[1]?.toLowerCase()
    : undefined;
  if (type === 'followup' || type === 'crosssell') {
    const treatment = lineAfter(prompt, /^Treatment: (.+)$/m);
    const write = patientMessages[type][language] ?? patientMessages[type].en!;
    return write({
      firstName: lineAfter(prompt, /^Patient first name: (.+)$/m) ?? 'there',
      clinic: lineAfter(prompt, /Sign off as (.+?)\.?$/m) ?? 'the clinic',
      treatment: treatment === null || treatment.startsWith('(') ? null : treatment,
    });
  }
  // Anything else (a review reply) gets the public answer to a review.
  return cannedReplies[language] ?? cannedReplies.en!;
}

const openAiError = (
  reply: FastifyReply,
  status: number,
  message: string,
  type: string,
  code: string | null,
  param: string | null = null,
) => reply.status(status).send({ error: { message, type, param, code } });

const tokens = (text: string) => Math.max(1, Math.ceil(text.trim().split(/\s+/).length * 1.3));

function isWireMessage(value: unknown): value is WireMessage {
  if (typeof value !== 'object' || value === null) return false;
  const { role, content } = value as { role?: unknown; content?: unknown };
  if (typeof role !== 'string' || !chatRoles.includes(role)) return false;
  if (typeof content === 'string') return true;
  if (content === null) return role === 'assistant';
  return (
    Array.isArray(content) &&
    content.every(
      (p) => typeof p === 'object' && p !== null && typeof (p as { type?: unknown }).type === 'string',
    )
  );
}

/**
 * A wire-compatible fake of an OpenAI-compatible server's Chat Completions under `<prefix>/v1`
 * (providers.md §6.6): Bearer key, JSON body with a model and a non-empty messages array, the
 * exact response shape with usage, streaming as SSE ending in `[DONE]`, and scripted faults.
 */
export function openAiSandbox(state: OpenAiSandboxState) {
  return async (app: FastifyInstance) => {
    // Any other body type reaches the handler, which answers as OpenAI does (400, not 415).
    app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    app.setErrorHandler((error: { statusCode?: number }, _request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? 400 : 500;
      return openAiError(
        reply,
        status,
        'We could not parse the JSON body of your request.',
        'invalid_request_error',
        null,
      );
    });
    // The fake is not part of our API: kept out of the OpenAPI document.
    app.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, hide: true };
    });
    app.addHook('preHandler', async (request, reply) => {
      const key = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      if (!key || !state.apiKeys.has(key))
        return openAiError(
          reply,
          401,
          'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.',
          'invalid_request_error',
          'invalid_api_key',
        );
    });

    app.get('/v1/models', async () => ({
      object: 'list',
      data: [...(state.models.size ? state.models : ['sandbox-model'])].map((id) => ({
        id,
        object: 'model',
        created: 0,
        owned_by: 'sandbox',
      })),
    }));

    app.post('/v1/chat/completions', async (request, reply) => {
      if (!request.headers['content-type']?.startsWith('application/json'))
        return openAiError(
          reply,
          400,
          'Content-Type must be application/json.',
          'invalid_request_error',
          null,
        );
      const body = request.body as Record<string, unknown> | null;
      if (typeof body !== 'object' || body === null || Array.isArray(body))
        return openAiError(reply, 400, 'The body must be a JSON object.', 'invalid_request_error', null);
      const { model, messages } = body;
      if (typeof model !== 'string' || model.trim() === '')
        return openAiError(
          reply,
          400,
          'you must provide a model parameter',
          'invalid_request_error',
          null,
          'model',
        );
      if (!Array.isArray(messages) || messages.length === 0)
        return openAiError(
          reply,
          400,
          "'messages' must be a non-empty array",
          'invalid_request_error',
          null,
          'messages',
        );
      const badAt = messages.findIndex((m) => !isWireMessage(m));
      if (badAt >= 0)
        return openAiError(
          reply,
          400,
          `Invalid value for 'messages[${badAt}]': a role and a content are required.`,
          'invalid_request_error',
          null,
          `messages[${badAt}]`,
        );
      if (state.models.size > 0 && !state.models.has(model))
        return openAiError(
          reply,
          404,
          `The model \`${model}\` does not exist or you do not have access to it.`,
          'invalid_request_error',
          'model_not_found',
        );
      const stream = body.stream === true;
      state.requests.push({ model, messages: messages as WireMessage[], stream, body });

      // Everything this request takes from the state is taken now, on arrival: a slow answer still
      // asleep when its caller gave up must not consume a reply scripted for a later request.
      const fault = state.faults.shift();
      const scripted =
        fault?.kind === 'status' || fault?.kind === 'malformed' ? undefined : state.replies.shift();
      if (fault?.kind === 'status') {
        if (fault.retryAfterSeconds !== undefined)
          reply.header('retry-after', String(fault.retryAfterSeconds));
        if (fault.retryAfterMs !== undefined) reply.header('retry-after-ms', String(fault.retryAfterMs));
        const code = fault.code ?? (fault.status === 429 ? 'rate_limit_exceeded' : 'server_error');
        const type = fault.type ?? (code === 'insufficient_quota' ? 'insufficient_quota' : 'server_error');
        return openAiError(reply, fault.status, `Sandbox fault: ${code}`, type, code);
      }
      if (fault?.kind === 'slow') await sleep(fault.delayMs);
      if (fault?.kind === 'held') await fault.until;
      if (fault?.kind === 'malformed')
        return { id: 'chatcmpl-broken', object: 'chat.completion', choices: [] };

      const content = scripted ?? deterministicReply(messages as WireMessage[]);
      const id = `chatcmpl-${createHash('sha256').update(JSON.stringify(messages)).digest('hex').slice(0, 24)}`;
      const created = Math.floor(Date.now() / 1000);
      const promptTokens = tokens((messages as WireMessage[]).map(textOf).join(' '));
      const completionTokens = tokens(content);
      const usage = {
        prompt_tokens: promptTokens,
        completion_tokens: completionTokens,
        total_tokens: promptTokens + completionTokens,
      };
      reply.header('x-request-id', `req_${id.slice(9)}`);

      if (!stream) {
        return {
          id,
          object: 'chat.completion',
          created,
          model,
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content, refusal: null },
              logprobs: null,
              finish_reason: 'stop',
            },
          ],
          usage,
          system_fingerprint: 'fp_sandbox',
        };
      }

      const chunk = (delta: object, finishReason: string | null, extra: object = {}) =>
        `data: ${JSON.stringify({
          id,
          object: 'chat.completion.chunk',
          created,
          model,
          choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
          ...extra,
        })}\n\n`;
      const parts = [chunk({ role: 'assistant', content: '' }, null)];
      for (const word of content.split(/(?<= )/)) parts.push(chunk({ content: word }, null));
      parts.push(chunk({}, 'stop'));
      const options = body.stream_options as { include_usage?: unknown } | undefined;
      if (options?.include_usage === true)
        parts.push(
          `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [], usage })}\n\n`,
        );
      parts.push('data: [DONE]\n\n');
      return reply
        .header('content-type', 'text/event-stream')
        .header('cache-control', 'no-cache')
        .send(parts.join(''));
    });
  };
}
