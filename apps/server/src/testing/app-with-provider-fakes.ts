import { afterAll, beforeAll } from 'vitest';
import { type ChannelSandboxes, startChannelSandboxes } from './channel-sandboxes';
import { type OpenAiSandbox, startOpenAiSandbox } from './openai-sandbox';
import { createTestApp, type TestApp } from './test-app';

export type AppWithProviderFakes = {
  t: TestApp;
  sandboxes: ChannelSandboxes;
  ai: OpenAiSandbox;
  close: () => Promise<void>;
};

/**
 * The test app sending through every channel's fake and the OpenAI fake, for the outbox's sender.
 * Two retries, not the default, so a test of a failing provider reaches the last attempt quickly.
 */
async function startAppWithProviderFakes(): Promise<AppWithProviderFakes> {
  const sandboxes = await startChannelSandboxes();
  let ai: OpenAiSandbox | undefined;
  try {
    ai = await startOpenAiSandbox();
    const t = await createTestApp({ env: { ...sandboxes.env, ...ai.env, INTEGRATION_MAX_RETRIES: '2' } });
    const openAi = ai;
    return {
      t,
      sandboxes,
      ai: openAi,
      close: async () => {
        await t.close();
        await sandboxes.close();
        await openAi.close();
      },
    };
  } catch (error) {
    await sandboxes.close();
    await ai?.close();
    throw error;
  }
}

/**
 * The app with provider fakes for one test file: started before its tests, handed to `use`, and
 * closed after them.
 */
export function appWithProviderFakesAroundFile(use: (fakes: AppWithProviderFakes) => void): void {
  let fakes: AppWithProviderFakes | undefined;
  beforeAll(async () => {
    fakes = await startAppWithProviderFakes();
    use(fakes);
  });
  afterAll(() => fakes?.close());
}
