import { type ProviderErrorCode, providerErrorCode } from '@careloop/domain/provider-errors';
import type { AppDeps } from '../../app-deps';
import { createAwsSnsClient, describeAwsSnsError } from '../../integrations/aws-sns/aws-sns.client';
import {
  createGoogleReviewsClient,
  describeGoogleError,
} from '../../integrations/google-reviews/google-reviews.client';
import { createProviderHttp, ProviderError } from '../../integrations/http/provider-http';
import { providerEndpoints } from '../../integrations/provider-endpoints';
import { createTrustpilotClient } from '../../integrations/trustpilot/trustpilot.client';
import { createTwilioClient, describeTwilioError } from '../../integrations/twilio/twilio.client';
import { createVonageClient, describeVonageError } from '../../integrations/vonage/vonage.client';
import { createWhatsAppClient, describeWhatsAppError } from '../../integrations/whatsapp/whatsapp.client';
import { reviewSourceSecretPrefixes } from '../ingestion/ingestion.service';
import { readSecret } from '../secrets/secrets.service';
import { smsSecretNames, trustpilotSecretNames, whatsAppSecretNames } from './channel-secrets';
import { providerTextOf } from './provider-text';
import { findAutomationConfig, findClinicProfile } from './settings.repository';

type Deps = Pick<AppDeps, 'db' | 'secretBox' | 'config'>;

const probedCredentialTypes = ['trustpilot', 'google', 'whatsapp', 'twilio', 'vonage', 'aws_sns'] as const;
type ProbedCredentialType = (typeof probedCredentialTypes)[number];

export type CredentialProbe = {
  credentialType: ProbedCredentialType;
  status: 'healthy' | 'unhealthy';
  /** What the provider said, without any secret: for operators (null when it passed). */
  detail: string | null;
  /** Why it failed, which staff read in their language (null when it passed). */
  errorCode: ProviderErrorCode | null;
};

const healthy = (credentialType: ProbedCredentialType): CredentialProbe => ({
  credentialType,
  status: 'healthy',
  detail: null,
  errorCode: null,
});

function failure(credentialType: ProbedCredentialType, error: unknown): CredentialProbe {
  if (!(error instanceof ProviderError)) throw error;
  return {
    credentialType,
    status: 'unhealthy',
    detail: providerTextOf(error),
    errorCode: providerErrorCode(error),
  };
}

/**
 * Tries every credential the clinic has stored against its provider through the real clients (the
 * sandboxes for a clinic in sandbox mode), reading only: a Trustpilot review page, a Google access
 * token and one review of the location, the WhatsApp phone number, the Twilio account, the Vonage
 * balance, the AWS SNS SMS settings. Nothing is sent to anybody; credentials not stored are skipped.
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
      probes.push(healthy('trustpilot'));
    } catch (error) {
      probes.push(failure('trustpilot', error));
    }
  }

  const google = {
    refreshToken: await read(`${reviewSourceSecretPrefixes.googleRefreshToken}${clinicId}`),
    accountId: await read(`${reviewSourceSecretPrefixes.googleAccountId}${clinicId}`),
    locationId: await read(`${reviewSourceSecretPrefixes.googleLocationId}${clinicId}`),
  };
  if (google.refreshToken && google.accountId && google.locationId) {
    if (!endpoints.googleClient) {
      // The server has no Google OAuth client: the clinic's token cannot be tried, nor used.
      probes.push({
        credentialType: 'google',
        status: 'unhealthy',
        detail: 'Google is not configured on this server',
        errorCode: 'not_configured_on_server',
      });
    } else {
      const client = createGoogleReviewsClient({
        baseUrl: endpoints.googleUrl,
        tokenUrl: endpoints.googleTokenUrl,
        ...endpoints.googleClient,
        http: createProviderHttp('google', { ...http, describeError: describeGoogleError }),
      });
      try {
        const accessToken = await client.refreshAccessToken(google.refreshToken);
        await client.listReviews({
          accessToken,
          accountId: google.accountId,
          locationId: google.locationId,
          pageSize: 1,
        });
        probes.push(healthy('google'));
      } catch (error) {
        probes.push(failure('google', error));
      }
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
      probes.push(healthy('whatsapp'));
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
          ? healthy('twilio')
          : {
              credentialType: 'twilio',
              status: 'unhealthy',
              detail: `Twilio account is ${account.status}`,
              errorCode: 'account_inactive',
            },
      );
    } catch (error) {
      probes.push(failure('twilio', error));
    }
  }
  const vonage = smsSecretNames('vonage', clinicId);
  const [vonageKey, vonageSecret] = [await read(vonage.accountSid), await read(vonage.authToken)];
  if (vonageKey && vonageSecret) {
    const client = createVonageClient({
      baseUrl: endpoints.vonageUrl,
      http: createProviderHttp('vonage', { ...http, describeError: describeVonageError }),
    });
    try {
      await client.getBalance({ apiKey: vonageKey, apiSecret: vonageSecret });
      probes.push(healthy('vonage'));
    } catch (error) {
      probes.push(failure('vonage', error));
    }
  }

  const sns = smsSecretNames('aws_sns', clinicId);
  const [accessKeyId, secretAccessKey] = [await read(sns.accountSid), await read(sns.authToken)];
  if (accessKeyId && secretAccessKey) {
    const client = createAwsSnsClient({
      baseUrl: endpoints.awsSnsUrl,
      http: createProviderHttp('aws-sns', { ...http, describeError: describeAwsSnsError }),
    });
    try {
      await client.getSmsAttributes({
        accessKeyId,
        secretAccessKey,
        region: deps.config.integrations.awsSns.region,
      });
      probes.push(healthy('aws_sns'));
    } catch (error) {
      probes.push(failure('aws_sns', error));
    }
  }
  return probes;
}
