import Fastify from 'fastify';
import {
  addTwilioSandboxAccount,
  createTwilioSandboxState,
  twilioSandbox,
} from '../integrations/twilio/twilio.sandbox';
import {
  addWhatsAppSandboxNumber,
  createWhatsAppSandboxState,
  whatsAppSandbox,
} from '../integrations/whatsapp/whatsapp.sandbox';

export type ChannelSandboxes = Awaited<ReturnType<typeof startChannelSandboxes>>;

/** Valid-looking credentials the channel fakes started here accept. */
export const channelSandboxCredentials = {
  whatsapp: { accessToken: `EAA${'a1B2c3'.repeat(20)}`, phoneNumberId: '109876543210987' },
  twilio: {
    accountSid: `AC${'0123456789abcdef'.repeat(2)}`,
    authToken: 'f'.repeat(32),
    fromNumber: '+14155552671',
  },
} as const;

/** The WhatsApp and Twilio fakes on their own HTTP server (port 0); `env` points a test app at them. */
export async function startChannelSandboxes() {
  const whatsapp = createWhatsAppSandboxState();
  addWhatsAppSandboxNumber(whatsapp, channelSandboxCredentials.whatsapp.accessToken, {
    id: channelSandboxCredentials.whatsapp.phoneNumberId,
    displayPhoneNumber: '+1 415-555-2671',
    verifiedName: 'Test Clinic',
  });
  const twilio = createTwilioSandboxState();
  addTwilioSandboxAccount(twilio, {
    sid: channelSandboxCredentials.twilio.accountSid,
    authToken: channelSandboxCredentials.twilio.authToken,
    friendlyName: 'Test Clinic',
    status: 'active',
  });
  const server = Fastify({ logger: false, forceCloseConnections: true });
  await server.register(whatsAppSandbox(whatsapp), { prefix: '/sandbox/whatsapp' });
  await server.register(twilioSandbox(twilio), { prefix: '/sandbox/twilio' });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const base = `http://127.0.0.1:${port}/sandbox`;
  return {
    whatsapp,
    twilio,
    env: {
      WHATSAPP_API_URL: `${base}/whatsapp`,
      TWILIO_API_URL: `${base}/twilio`,
      INTEGRATION_RETRY_BASE_MS: '5',
      INTEGRATION_TIMEOUT_MS: '5000',
    },
    close: () => server.close(),
  };
}
