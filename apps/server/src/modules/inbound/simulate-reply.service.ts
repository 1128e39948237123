import type { SimulateReplyBody, SimulateReplyResponse } from '@careloop/contracts/inbound';
import {
  addTwilioSandboxAccount,
  createTwilioSandboxState,
  simulateTwilioInbound,
  twilioSandboxDemo,
} from '../../integrations/twilio/twilio.sandbox';
import {
  addVonageSandboxAccount,
  createVonageSandboxState,
  simulateVonageInbound,
  vonageSandboxDemo,
} from '../../integrations/vonage/vonage.sandbox';
import {
  addWhatsAppSandboxNumber,
  createWhatsAppSandboxState,
  whatsAppSandboxDemo,
} from '../../integrations/whatsapp/whatsapp-sandbox-state';
import { simulateWhatsAppInbound } from '../../integrations/whatsapp/whatsapp-sandbox-webhooks';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { ClinicContext } from '../../plugins/request-context';
import { smsSecretNames, whatsAppSecretNames } from '../settings/channel-secrets';
import { findPatient, type WebhookProvider } from './inbound.repository';
import {
  inboundSecretNames,
  isSandboxClinic,
  type SimulateDeps,
  secretOf,
  webhookSecretOf,
} from './webhook-clinic';
import { findWebhookClinic } from './webhook-clinic.repository';
import { inboundWebhookUrls } from './webhook-urls';

/**
 * In sandbox mode, the clinic's sandbox provider sends a signed inbound webhook (over HTTP, to this
 * deployment's public webhook URL) as if the patient had replied: everything after that is the
 * real inbound path.
 */
export async function simulateReply(
  deps: SimulateDeps,
  ctx: ClinicContext,
  body: SimulateReplyBody,
): Promise<SimulateReplyResponse> {
  const clinic = await findWebhookClinic(deps.db, ctx.clinicId);
  if (!clinic) throw notFound('Clinic');
  if (!isSandboxClinic(deps, clinic)) {
    throw forbidden('Simulated replies are available in sandbox mode only');
  }
  const patient = await findPatient(deps.db, ctx.clinicId, body.patientId);
  if (!patient) throw notFound('Patient');
  if (!patient.phone) {
    throw badRequest('The patient has no phone number', [
      { field: 'patientId', message: 'The patient has no phone number' },
    ]);
  }
  const urls = inboundWebhookUrls(deps.config.http.publicUrl, clinic.id);
  let provider: WebhookProvider;
  let result: { messageId: string; status: number };
  if (body.channel === 'whatsapp') {
    provider = 'whatsapp';
    const names = whatsAppSecretNames(clinic.id);
    const phoneNumberId =
      clinic.whatsappPhoneNumberId ??
      (await secretOf(deps, clinic, names.phoneNumberId, whatsAppSandboxDemo.phoneNumberId));
    // The mounted fake when it serves this number (its 24-hour window opens, so a free-text answer
    // goes through it), else a fake of the moment that only posts the webhook.
    let state = deps.sandboxes.whatsapp;
    if (!state.numbers.has(phoneNumberId)) {
      state = createWhatsAppSandboxState();
      addWhatsAppSandboxNumber(state, 'simulation', {
        id: phoneNumberId,
        displayPhoneNumber: whatsAppSandboxDemo.displayPhoneNumber,
        verifiedName: clinic.name,
      });
    }
    result = await simulateWhatsAppInbound(state, {
      phoneNumberId,
      from: patient.phone,
      text: body.text,
      profileName: patient.name,
      webhook: {
        url: urls.whatsapp,
        appSecret: await webhookSecretOf(
          deps,
          clinic,
          inboundSecretNames(clinic.id).whatsAppAppSecret,
          'whatsAppAppSecret',
        ),
      },
    });
  } else if ((clinic.smsProvider ?? 'twilio') === 'twilio') {
    provider = 'twilio';
    const names = smsSecretNames('twilio', clinic.id);
    const accountSid = await secretOf(deps, clinic, names.accountSid, twilioSandboxDemo.accountSid);
    const authToken = await secretOf(deps, clinic, names.authToken, twilioSandboxDemo.authToken);
    // The mounted fake when this account is its own, so a STOP blocks the next send through it (it
    // signs with the clinic's webhook secret); else a fake of the moment that signs with it.
    let state = deps.sandboxes.twilio;
    if (state.accounts.get(accountSid)?.authToken !== authToken) {
      state = createTwilioSandboxState();
      addTwilioSandboxAccount(state, {
        sid: accountSid,
        authToken: await webhookSecretOf(deps, clinic, names.authToken, 'twilioAuthToken'),
        friendlyName: clinic.name,
        status: 'active',
      });
    }
    const sent = await simulateTwilioInbound(state, {
      accountSid,
      from: patient.phone,
      to: clinic.smsFromNumber ?? twilioSandboxDemo.fromNumber,
      body: body.text,
      url: urls.twilioInbound,
    });
    result = { messageId: sent.messageSid, status: sent.status };
  } else if (clinic.smsProvider === 'vonage') {
    provider = 'vonage';
    const names = smsSecretNames('vonage', clinic.id);
    const apiKey = await secretOf(deps, clinic, names.accountSid, vonageSandboxDemo.apiKey);
    const apiSecret = await secretOf(deps, clinic, names.authToken, vonageSandboxDemo.apiSecret);
    const signatureSecret = await webhookSecretOf(
      deps,
      clinic,
      inboundSecretNames(clinic.id).vonageSignatureSecret,
      'vonageSignatureSecret',
    );
    // The mounted fake when this account is its own (it signs with the clinic's webhook secret).
    let state = deps.sandboxes.vonage;
    const mounted = state.accounts.get(apiKey);
    if (mounted?.apiSecret !== apiSecret || !mounted.signatureSecret) {
      state = createVonageSandboxState();
      addVonageSandboxAccount(state, { apiKey, apiSecret, signatureSecret });
    }
    result = await simulateVonageInbound(state, {
      apiKey,
      from: patient.phone,
      to: clinic.smsFromNumber ?? vonageSandboxDemo.fromNumber,
      text: body.text,
      url: urls.vonageInbound,
    });
  } else {
    throw conflict('AWS SNS receives no replies: choose Twilio or Vonage to simulate an SMS reply');
  }
  if (result.status < 200 || result.status >= 300) {
    throw new AppError(
      502,
      'INTERNAL',
      `The sandbox could not deliver the reply to this server's webhook (status ${result.status})`,
    );
  }
  return { provider, providerMessageId: result.messageId, webhookStatus: result.status };
}
