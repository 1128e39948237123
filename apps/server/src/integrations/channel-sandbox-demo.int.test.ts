import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portOf } from '../testing/free-port';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createAwsSnsClient, describeAwsSnsError } from './aws-sns/aws-sns.client';
import { awsSnsSandboxDemo } from './aws-sns/aws-sns.sandbox';
import { createProviderHttp, type ProviderErrorDescriber } from './http/provider-http';
import { createTwilioClient, describeTwilioError } from './twilio/twilio.client';
import { twilioSandboxDemo } from './twilio/twilio.sandbox';
import { createVonageClient, describeVonageError } from './vonage/vonage.client';
import { vonageSandboxDemo } from './vonage/vonage.sandbox';
import { createWhatsAppClient, describeWhatsAppError } from './whatsapp/whatsapp.client';
import { whatsAppSandboxDemo } from './whatsapp/whatsapp-sandbox-state';

// The app in sandbox mode mounts every channel fake under /sandbox/<provider>, opened by the demo
// clinic's credentials: no provider key in the environment is needed for the demo.
let t: TestApp;
let sandbox = '';

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  sandbox = `http://127.0.0.1:${portOf(t.app.server)}/sandbox`;
});
afterAll(() => t?.close());

const http = (provider: string, describeError: ProviderErrorDescriber) =>
  createProviderHttp(provider, { maxRetries: 0, describeError });
const patient = '+34612345678';

describe('channel sandboxes mounted in the app for the demo clinic', () => {
  it('WhatsApp: the demo template goes out with the demo token and number', async () => {
    const client = createWhatsAppClient({
      baseUrl: `${sandbox}/whatsapp`,
      version: t.config.integrations.whatsapp.version,
      http: http('whatsapp', describeWhatsAppError),
    });
    const sent = await client.sendTemplate({
      accessToken: whatsAppSandboxDemo.accessToken,
      phoneNumberId: whatsAppSandboxDemo.phoneNumberId,
      to: patient,
      name: whatsAppSandboxDemo.templateName,
      languageCode: 'es',
      components: [{ type: 'body', parameters: [{ type: 'text', text: 'Lucía' }] }],
    });
    expect(sent.messageId).toMatch(/^wamid\./);
  });

  it('Twilio, Vonage and AWS SNS: an SMS goes out with the demo credentials', async () => {
    const twilio = createTwilioClient({
      baseUrl: `${sandbox}/twilio`,
      http: http('twilio', describeTwilioError),
    });
    const sms = await twilio.sendSms({
      accountSid: twilioSandboxDemo.accountSid,
      authToken: twilioSandboxDemo.authToken,
      from: twilioSandboxDemo.fromNumber,
      to: patient,
      body: 'Hola',
    });
    expect(sms.sid).toMatch(/^SM/);
    const vonage = createVonageClient({
      baseUrl: `${sandbox}/vonage`,
      http: http('vonage', describeVonageError),
    });
    const text = await vonage.sendSms({
      apiKey: vonageSandboxDemo.apiKey,
      apiSecret: vonageSandboxDemo.apiSecret,
      from: vonageSandboxDemo.fromNumber,
      to: patient,
      text: 'Hola',
    });
    expect(text.messageIds).toHaveLength(1);
    const sns = createAwsSnsClient({
      baseUrl: `${sandbox}/aws-sns`,
      http: http('aws-sns', describeAwsSnsError),
    });
    const published = await sns.publishSms({
      ...awsSnsSandboxDemo,
      phoneNumber: patient,
      message: 'Hola',
      smsType: 'Transactional',
    });
    expect(published.messageId).toMatch(/^[0-9a-f-]{36}$/);
    const logs = t.logLines.join('\n');
    for (const secret of [
      twilioSandboxDemo.authToken,
      vonageSandboxDemo.apiSecret,
      awsSnsSandboxDemo.secretAccessKey,
      Buffer.from(`${twilioSandboxDemo.accountSid}:${twilioSandboxDemo.authToken}`).toString('base64'),
    ]) {
      expect(logs).not.toContain(secret);
    }
  });
});
