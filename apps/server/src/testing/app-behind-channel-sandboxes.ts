import { flushSandboxWebhooks } from '../integrations/http/sandbox-webhooks';
import { type ChannelSandboxes, startChannelSandboxes } from './channel-sandboxes';
import { freePort } from './free-port';
import { createTestApp, type TestApp, testOrigin } from './test-app';

export type AppBehindChannelSandboxes = {
  t: TestApp;
  sandboxes: ChannelSandboxes;
  /** Where the app listens: its PUBLIC_URL, which the fakes sign and post webhooks to. */
  publicUrl: string;
  /** Lets the fakes' callbacks still in flight land, then closes the app and the fakes. */
  close: () => Promise<void>;
};

/**
 * The test app listening on a port of its own, behind every channel's fake (WhatsApp, Twilio,
 * Vonage): the fakes call the app back as a provider would. The test client keeps its origin.
 */
export async function startAppBehindChannelSandboxes(): Promise<AppBehindChannelSandboxes> {
  const sandboxes = await startChannelSandboxes();
  let t: TestApp | undefined;
  try {
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    t = await createTestApp({
      env: { ...sandboxes.env, PUBLIC_URL: publicUrl, TRUSTED_ORIGINS: testOrigin },
    });
    await t.app.listen({ port, host: '127.0.0.1' });
    const app = t;
    return {
      t: app,
      sandboxes,
      publicUrl,
      close: async () => {
        await flushSandboxWebhooks(sandboxes.whatsapp);
        await flushSandboxWebhooks(sandboxes.twilio);
        await flushSandboxWebhooks(sandboxes.vonage);
        await app.close();
        await sandboxes.close();
      },
    };
  } catch (error) {
    await t?.close();
    await sandboxes.close();
    throw error;
  }
}
