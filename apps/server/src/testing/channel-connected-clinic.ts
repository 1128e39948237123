import { expect } from 'vitest';
import { inboundWebhookUrls } from '../modules/inbound/webhook-urls';
import { buildClinic, jsonHeaders } from './build-user';
import { channelSandboxCredentials as creds } from './channel-sandboxes';
import type { TestApp } from './test-app';

/**
 * A clinic with one channel set up through the API against the channel fakes, as its staff would
 * (with both, a follow-up the patient stopped on one channel goes out on the other), its WhatsApp
 * app secret stored, and its inbound webhook URLs.
 */
export async function channelConnectedClinic(
  t: TestApp,
  options: { channel: 'sms' | 'whatsapp'; publicUrl: string; appSecret: string; practiceName?: string },
) {
  const clinic = await buildClinic(t, { practiceName: options.practiceName ?? 'Clínica Sol' });
  const headers = jsonHeaders({ cookie: clinic.owner.cookie });
  const put = async (url: string, payload: Record<string, unknown>) => {
    const res = await t.app.inject({ method: 'PUT', url, headers, payload });
    expect(res.statusCode, res.body).toBe(200);
  };
  if (options.channel === 'sms') {
    await put('/api/settings/sms', { provider: 'twilio', ...creds.twilio });
  } else {
    await put('/api/settings/whatsapp', {
      accessToken: creds.whatsapp.accessToken,
      phoneNumberId: creds.whatsapp.phoneNumberId,
    });
    await put('/api/automation/settings', {
      whatsappEnabled: true,
      smsEnabled: false,
      defaultChannel: 'whatsapp',
    });
  }
  const secret = await t.app.inject({
    method: 'POST',
    url: '/api/secrets',
    headers,
    payload: { name: `WHATSAPP_APP_SECRET_${clinic.clinicId}`, value: options.appSecret },
  });
  expect(secret.statusCode).toBe(201);
  return { ...clinic, urls: inboundWebhookUrls(options.publicUrl, clinic.clinicId) };
}
