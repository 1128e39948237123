import type { AppDeps } from '../../app-deps';
import { createProviderHttp, ProviderError } from '../../integrations/http/provider-http';
import { providerEndpoints } from '../../integrations/provider-endpoints';
import { createTrustpilotClient } from '../../integrations/trustpilot/trustpilot.client';
import { createTwilioClient, describeTwilioError } from '../../integrations/twilio/twilio.client';
import { createWhatsAppClient, describeWhatsAppError } from '../../integrations/whatsapp/whatsapp.client';
import { readSecret } from '../secrets/secrets.service';
import { smsSecretNames, trustpilotSecretNames, whatsAppSecretNames } from './channel-secrets';
import { findAutomationConfig, findClinicProfile } from './settings.repository';

type Deps = Pick<AppDeps, 'db' | 'secretBox' | 'config'>;

export const probedCredentialTypes = ['trustpilot', 'whatsapp', 'twilio'] as const;
export type ProbedCredentialType = (typeof probedCredentialTypes)[number];

export type CredentialProbe = {
  credentialType: ProbedCredentialType;
  status: 'healthy' | 'unhealthy';
  /** What the provider said, without any secret. */
  detail: string;
};

function failure(credentialType: ProbedCredentialType, error: unknown): CredentialProbe {
  if (!(error instanceof ProviderError)) throw error;
  const reason =
    error.providerReason ?? (error.kind === 'unauthorized' ? 'Authentication failed' : error.kind);
  const code = error.providerCode ? ` (code ${error.providerCode})` : '';
  return { credentialType, status: 'unhealthy', detail: `${reason}${code}` };
}

/**
 * Tries every credential the clinic has stored against its provider through the real clients (the
 * sandboxes for a clinic in sandbox mode), reading only: a Trustpilot review page, the WhatsApp
 * phone number, the Twilio account. Nothing is sent to anybody; credentials not stored are skipped.
 */
export async function probeClinicCredentials(deps: Deps, clinicId: string): Promise<CredentialProbe[]> {
  const clinic = await findClinicProfile(deps.db, clinicId);
  if (!clinic) return [];
  const endpoints = providerEndpoints(deps.config, clinic.sandboxMode === 'on');
  const http = deps.config.integrations.http;
  const read = async (name: string) => ((await readSecret(deps, clinicId, name)) ?? '').trim();
  const probes: CredentialProbe[] = [];

  const trustpilot = trustpilotSecretNames(clinicId);
  const [apiKey, businessUnitId] = [await read(trustpilot.apiKey), await read(trustpilot.businessUnitId)];
  if (apiKey && businessUnitId) {
    const client = createTrustpilotClient({
      baseUrl: endpoints.trustpilotUrl,
      http: createProviderHttp('trustpilot', http),
    });
    try {
      await client.listReviews({ apiKey, businessUnitId, page: 1, perPage: 1 });
      probes.push({ credentialType: 'trustpilot', status: 'healthy', detail: 'Connection successful' });
    } catch (error) {
      probes.push(failure('trustpilot', error));
    }
  }

  const config = await findAutomationConfig(deps.db, clinicId);
  const accessToken = await read(whatsAppSecretNames(clinicId).accessToken);
  const phoneNumberId = config?.whatsappPhoneNumberId?.trim() ?? '';
  if (accessToken && phoneNumberId) {
    const client = createWhatsAppClient({
      baseUrl: endpoints.whatsappUrl,
      version: deps.config.integrations.whatsapp.version,
      http: createProviderHttp('whatsapp', { ...http, describeError: describeWhatsAppError }),
    });
    try {
      await client.getPhoneNumber({ accessToken, phoneNumberId });
      probes.push({ credentialType: 'whatsapp', status: 'healthy', detail: 'Connection successful' });
    } catch (error) {
      probes.push(failure('whatsapp', error));
    }
  }

  const twilio = smsSecretNames('twilio', clinicId);
  const [accountSid, authToken] = [await read(twilio.accountSid), await read(twilio.authToken)];
  if (accountSid && authToken) {
    const client = createTwilioClient({
      baseUrl: endpoints.twilioUrl,
      http: createProviderHttp('twilio', { ...http, describeError: describeTwilioError }),
    });
    try {
      const account = await client.fetchAccount({ accountSid, authToken });
      probes.push(
        account.status === 'active'
          ? { credentialType: 'twilio', status: 'healthy', detail: 'Connection successful' }
          : { credentialType: 'twilio', status: 'unhealthy', detail: `Twilio account is ${account.status}` },
      );
    } catch (error) {
      probes.push(failure('twilio', error));
    }
  }
  return probes;
}
