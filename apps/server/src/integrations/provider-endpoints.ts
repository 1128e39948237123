import type { AppConfig } from '../config';
import { googleSandboxDemo } from './google-reviews/google-reviews.sandbox';
import { stripeSandboxDemo } from './stripe/stripe-sandbox-state';

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

export type StripeAccount = {
  /** `sandbox`: the fake under /sandbox/stripe; `live`: the configured Stripe account (test or live keys). */
  kind: 'sandbox' | 'live';
  apiUrl: string;
  secretKey: string;
  webhookSecret: string | undefined;
  prices: { professional: string };
};

/**
 * Which Stripe bills a clinic: the fake for a sandbox clinic, and for every clinic of a sandbox-mode
 * server without a Stripe key (so a new clinic can try a plan change offline); else the configured
 * account, or null when billing is not set up here.
 */
export function stripeAccountFor(config: AppConfig, isSandboxClinic: boolean): StripeAccount | null {
  const { stripe } = config.integrations;
  if (config.sandboxMode && (isSandboxClinic || !stripe.secretKey)) return stripeSandboxAccount(config);
  if (!stripe.secretKey || !stripe.prices.professional) return null;
  return {
    kind: 'live',
    apiUrl: stripe.apiUrl,
    secretKey: stripe.secretKey,
    webhookSecret: stripe.webhookSecret,
    prices: { professional: stripe.prices.professional },
  };
}

/** The Stripe fake of this server (sandbox mode only). */
export function stripeSandboxAccount(config: AppConfig): StripeAccount | null {
  if (!config.sandboxMode) return null;
  return {
    kind: 'sandbox',
    apiUrl: `${config.integrations.sandboxUrl}/stripe`,
    secretKey: stripeSandboxDemo.secretKey,
    webhookSecret: stripeSandboxDemo.webhookSecret,
    prices: { professional: stripeSandboxDemo.prices.professional },
  };
}
