import Fastify from 'fastify';
import {
  addAwsSnsSandboxKey,
  awsSnsSandbox,
  createAwsSnsSandboxState,
} from '../integrations/aws-sns/aws-sns.sandbox';
import {
  addTwilioSandboxAccount,
  createTwilioSandboxState,
  twilioSandbox,
} from '../integrations/twilio/twilio.sandbox';
import {
  addVonageSandboxAccount,
  createVonageSandboxState,
  vonageSandbox,
} from '../integrations/vonage/vonage.sandbox';
import { whatsAppSandbox } from '../integrations/whatsapp/whatsapp.sandbox';
import {
  addWhatsAppSandboxNumber,
  createWhatsAppSandboxState,
} from '../integrations/whatsapp/whatsapp-sandbox-state';
import { portOf } from './free-port';

export type ChannelSandboxes = Awaited<ReturnType<typeof startChannelSandboxes>>;

/** Valid-looking credentials the channel fakes started here accept. */
export const channelSandboxCredentials = {
  whatsapp: { accessToken: `EAA${'a1B2c3'.repeat(20)}`, phoneNumberId: '109876543210987' },
  twilio: {
    accountSid: `AC${'0123456789abcdef'.repeat(2)}`,
    authToken: 'f'.repeat(32),
    fromNumber: '+14155552671',
  },
  vonage: {
    apiKey: 'f1e2d3c4',
    apiSecret: 'Te5tVonageSecret',
    signatureSecret: 'test-vonage-signature-secret',
  },
  awsSns: {
    accessKeyId: 'AKIATESTCHANNEL00001',
    secretAccessKey: 'TestChannelSandboxSecretAccessKey0000000',
    region: 'us-east-1',
  },
} as const;

/** The WhatsApp, Twilio, Vonage and SNS fakes on their own HTTP server (port 0); `env` points a test app at them. */
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
  const vonage = createVonageSandboxState();
  addVonageSandboxAccount(vonage, channelSandboxCredentials.vonage);
  const awsSns = createAwsSnsSandboxState();
  addAwsSnsSandboxKey(awsSns, channelSandboxCredentials.awsSns);
  const server = Fastify({ logger: false, forceCloseConnections: true });
  await server.register(whatsAppSandbox(whatsapp), { prefix: '/sandbox/whatsapp' });
  await server.register(twilioSandbox(twilio), { prefix: '/sandbox/twilio' });
  await server.register(vonageSandbox(vonage), { prefix: '/sandbox/vonage' });
  await server.register(awsSnsSandbox(awsSns), { prefix: '/sandbox/aws-sns' });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const port = portOf(server.server);
  const base = `http://127.0.0.1:${port}/sandbox`;
  return {
    whatsapp,
    twilio,
    vonage,
    awsSns,
    env: {
      WHATSAPP_API_URL: `${base}/whatsapp`,
      TWILIO_API_URL: `${base}/twilio`,
      VONAGE_API_URL: `${base}/vonage`,
      AWS_SNS_API_URL: `${base}/aws-sns`,
      INTEGRATION_RETRY_BASE_MS: '5',
      INTEGRATION_TIMEOUT_MS: '5000',
    },
    close: () => server.close(),
  };
}
