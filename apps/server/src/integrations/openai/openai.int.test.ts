import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { appearanceGuard } from '../../../../../vitest.timeouts.ts';
import { portOf } from '../../testing/free-port';
import { createProviderHttp } from '../http/provider-http';
import { createOpenAiClient, describeOpenAiError } from './openai.client';
import { createOpenAiSandboxState, type OpenAiSandboxState, openAiSandbox } from './openai.sandbox';

let server: FastifyInstance;
let state: OpenAiSandboxState;
let baseUrl = '';
/** Answers the sandbox produced, including those whose caller had already given up. */
let finishedAnswers = 0;
const apiKey = 'sk-test-openai-sandbox-key';

beforeAll(async () => {
  state = createOpenAiSandboxState();
  state.apiKeys.add(apiKey);
  server = Fastify({ logger: false, forceCloseConnections: true });
  server.addHook('onSend', async () => {
    finishedAnswers += 1;
  });
  await server.register(openAiSandbox(state), { prefix: '/sandbox/openai' });
  await server.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${portOf(server.server)}/sandbox/openai/v1`;
});
afterAll(() => server?.close());
beforeEach(() => {
  state.faults.length = 0;
  state.replies.length = 0;
  state.requests.length = 0;
  state.models.clear();
});

const client = (key: string | undefined = apiKey, options = {}) =>
  createOpenAiClient({
    baseUrl,
    apiKey: key,
    http: createProviderHttp('openai', {
      baseDelayMs: 5,
      maxRetries: 2,
      describeError: describeOpenAiError,
      ...options,
    }),
  });
const messages = [
  { role: 'system' as const, content: 'You write replies. Language: es' },
  { role: 'user' as const, content: 'Review: muy mal' },
];
const raw = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('OpenAI-compatible client against the sandbox', () => {
  it('sends the model and messages with the bearer key and reads the answer and usage', async () => {
    const answer = await client().createChatCompletion({
      model: 'gpt-4o-mini',
      messages,
      temperature: 0.4,
      maxCompletionTokens: 300,
    });
    expect(answer.content).toMatch(/^Gracias por tomarse el tiempo/);
    expect(answer.finishReason).toBe('stop');
    expect(answer.model).toBe('gpt-4o-mini');
    expect(answer.id).toMatch(/^chatcmpl-/);
    expect(answer.usage?.totalTokens).toBe(
      (answer.usage?.promptTokens ?? 0) + (answer.usage?.completionTokens ?? 0),
    );
    expect(state.requests).toHaveLength(1);
    expect(state.requests[0]!.body).toMatchObject({
      model: 'gpt-4o-mini',
      messages,
      temperature: 0.4,
      max_completion_tokens: 300,
      stream: false,
    });
  });

  it('answers deterministically: the same prompt gives the same reply and id', async () => {
    const first = await client().createChatCompletion({ model: 'm', messages });
    const second = await client().createChatCompletion({ model: 'm', messages });
    expect(second.content).toBe(first.content);
    expect(second.id).toBe(first.id);
    const english = await client().createChatCompletion({
      model: 'm',
      messages: [{ role: 'user', content: 'Language: en. Write a reply.' }],
    });
    expect(english.content).toMatch(/^Thank you/);
  });

  it('maps a wrong or missing key to unauthorized with the code, and never echoes the key', async () => {
    const failure = client('sk-wrong-key-123').createChatCompletion({ model: 'm', messages });
    await expect(failure).rejects.toMatchObject({
      provider: 'openai',
      kind: 'unauthorized',
      status: 401,
      providerCode: 'invalid_api_key',
    });
    await expect(client('').createChatCompletion({ model: 'm', messages })).rejects.toMatchObject({
      kind: 'unauthorized',
    });
    const error: unknown = await failure.catch((e: unknown) => e);
    expect(String((error as Error).message)).not.toContain('sk-wrong-key-123');
    expect(state.requests).toHaveLength(0);
  });

  it('retries a 429 rate limit (retry-after-ms) and a 503, then succeeds', async () => {
    state.faults.push({ kind: 'status', status: 429, retryAfterMs: 20 }, { kind: 'status', status: 503 });
    const answer = await client().createChatCompletion({ model: 'm', messages });
    expect(answer.content).toBeTruthy();
    expect(state.requests).toHaveLength(3);
  });

  it('never retries insufficient_quota', async () => {
    state.faults.push({ kind: 'status', status: 429, code: 'insufficient_quota' });
    await expect(client().createChatCompletion({ model: 'm', messages })).rejects.toMatchObject({
      kind: 'rate_limited',
      providerCode: 'insufficient_quota',
    });
    expect(state.requests).toHaveLength(1);
  });

  it('gives up after the retries on repeated 500s', async () => {
    state.faults.push(...Array.from({ length: 3 }, () => ({ kind: 'status' as const, status: 500 })));
    await expect(client().createChatCompletion({ model: 'm', messages })).rejects.toMatchObject({
      kind: 'unavailable',
      status: 500,
    });
    expect(state.requests).toHaveLength(3);
  });

  it('times out a slow answer and retries it', async () => {
    state.faults.push({ kind: 'slow', delayMs: 400 });
    const answer = await client(apiKey, { timeoutMs: 150 }).createChatCompletion({ model: 'm', messages });
    expect(answer.content).toBeTruthy();
    state.faults.push(
      { kind: 'slow', delayMs: 400 },
      { kind: 'slow', delayMs: 400 },
      { kind: 'slow', delayMs: 400 },
    );
    await expect(
      client(apiKey, { timeoutMs: 100 }).createChatCompletion({ model: 'm', messages }),
    ).rejects.toMatchObject({ kind: 'unavailable', message: 'openai did not answer in time' });
  });

  it('rejects an answer without choices as an invalid response', async () => {
    state.faults.push({ kind: 'malformed' });
    await expect(client().createChatCompletion({ model: 'm', messages })).rejects.toMatchObject({
      kind: 'invalid_response',
    });
  });

  // Found under load (npm test beside stress-ng): a slow answer whose caller had timed out woke up in
  // the next test and took the reply scripted for it.
  it('a slow answer abandoned by its caller takes nothing scripted after it arrived', async () => {
    state.faults.push({ kind: 'slow', delayMs: 200 });
    const before = finishedAnswers;
    await expect(
      client(apiKey, { timeoutMs: 20, maxRetries: 0 }).createChatCompletion({ model: 'm', messages }),
    ).rejects.toMatchObject({ kind: 'unavailable' });
    state.replies.push('Scripted for the next request.');
    await vi.waitFor(() => expect(finishedAnswers).toBe(before + 1), { timeout: appearanceGuard });
    expect((await client().createChatCompletion({ model: 'm', messages })).content).toBe(
      'Scripted for the next request.',
    );
  });

  it('uses a scripted reply, and an unknown model is not found', async () => {
    state.replies.push('Scripted answer.');
    expect((await client().createChatCompletion({ model: 'm', messages })).content).toBe('Scripted answer.');
    state.models.add('served-model');
    await expect(client().createChatCompletion({ model: 'other', messages })).rejects.toMatchObject({
      kind: 'not_found',
      providerCode: 'model_not_found',
    });
  });
});

describe('OpenAI sandbox wire checks', () => {
  it('requires JSON, a model and a non-empty messages array, in the OpenAI error shape', async () => {
    const notJson = await raw('model=m', { 'content-type': 'text/plain' });
    expect(notJson.status).toBe(400);
    expect((await notJson.json()).error.type).toBe('invalid_request_error');
    const noModel = await raw({ messages });
    expect(noModel.status).toBe(400);
    expect((await noModel.json()).error.param).toBe('model');
    const empty = await raw({ model: 'm', messages: [] });
    expect((await empty.json()).error.param).toBe('messages');
    const badRole = await raw({ model: 'm', messages: [{ role: 'robot', content: 'x' }] });
    expect((await badRole.json()).error.param).toBe('messages[0]');
    const brokenJson = await raw('{"model":');
    expect(brokenJson.status).toBe(400);
    const noKey = await fetch(`${baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm', messages }),
    });
    expect(noKey.status).toBe(401);
    expect((await noKey.json()).error.code).toBe('invalid_api_key');
  });

  it('streams chunks ending in [DONE], with usage when asked', async () => {
    const res = await raw({ model: 'm', messages, stream: true, stream_options: { include_usage: true } });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = (await res.text())
      .split('\n\n')
      .filter(Boolean)
      .map((e) => e.replace(/^data: /, ''));
    expect(events.at(-1)).toBe('[DONE]');
    const chunks = events.slice(0, -1).map((e) => JSON.parse(e));
    expect(chunks[0].choices[0].delta.role).toBe('assistant');
    const text = chunks.map((c) => c.choices[0]?.delta?.content ?? '').join('');
    expect(text).toMatch(/^Gracias/);
    expect(chunks.at(-2).choices[0].finish_reason).toBe('stop');
    expect(chunks.at(-1).choices).toEqual([]);
    expect(chunks.at(-1).usage.total_tokens).toBeGreaterThan(0);
  });
});
