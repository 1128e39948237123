import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { createOpenAiSandboxState, openAiSandbox } from '../integrations/openai/openai.sandbox';
import { portOf } from './free-port';

export type OpenAiSandbox = Awaited<ReturnType<typeof startOpenAiSandbox>>;

/** The OpenAI-compatible fake on its own HTTP server (port 0); `env` points a test app's AI at it. */
export async function startOpenAiSandbox() {
  const state = createOpenAiSandboxState();
  const apiKey = `sk-test-${randomBytes(12).toString('hex')}`;
  state.apiKeys.add(apiKey);
  const server = Fastify({ logger: false, forceCloseConnections: true });
  await server.register(openAiSandbox(state), { prefix: '/sandbox/openai' });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const port = portOf(server.server);
  const baseUrl = `http://127.0.0.1:${port}/sandbox/openai/v1`;
  return {
    state,
    apiKey,
    baseUrl,
    env: { OPENAI_BASE_URL: baseUrl, OPENAI_API_KEY: apiKey, OPENAI_MODEL: 'sandbox-model' },
    close: () => server.close(),
  };
}
