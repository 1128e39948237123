import type { AppConfig } from '../config';
import { googleSandboxDemo } from './google-reviews/google-reviews.sandbox';

/**
 * Where a clinic's providers live: the fakes mounted under `/sandbox/<provider>` for a clinic in sandbox
 * mode (when this server mounts them), else the configured APIs. The clients cannot tell the difference.
 */
export function providerEndpoints(config: AppConfig, isSandboxClinic: boolean) {
  const { integrations } = config;
  if (config.sandboxMode && isSandboxClinic) {
    const base = integrations.sandboxUrl;
    return {
      trustpilotUrl: `${base}/trustpilot/v1`,
      googleUrl: `${base}/google-reviews/v4`,
      googleTokenUrl: `${base}/google-reviews/token`,
      googleClient: { clientId: googleSandboxDemo.clientId, clientSecret: googleSandboxDemo.clientSecret },
      whatsappUrl: `${base}/whatsapp`,
      twilioUrl: `${base}/twilio`,
      vonageUrl: `${base}/vonage`,
      awsSnsUrl: `${base}/aws-sns` as string | undefined,
    };
  }
  const { clientId, clientSecret } = integrations.google;
  return {
    trustpilotUrl: integrations.trustpilot.apiUrl,
    googleUrl: integrations.google.apiUrl,
    googleTokenUrl: integrations.google.tokenUrl,
    googleClient: clientId && clientSecret ? { clientId, clientSecret } : null,
    whatsappUrl: integrations.whatsapp.apiUrl,
    twilioUrl: integrations.twilio.apiUrl,
    vonageUrl: integrations.vonage.apiUrl,
    // Unset: the client signs for and reaches the region's public endpoint.
    awsSnsUrl: integrations.awsSns.apiUrl,
  };
}
