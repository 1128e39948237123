import { type AwsSnsSandboxState, createDemoAwsSnsSandboxState } from './aws-sns/aws-sns.sandbox';
import {
  createDemoGoogleReviewsSandboxState,
  type GoogleReviewsSandboxState,
} from './google-reviews/google-reviews.sandbox';
import { createDemoOpenAiSandboxState, type OpenAiSandboxState } from './openai/openai.sandbox';
import { createDemoStripeSandboxState, type StripeSandboxState } from './stripe/stripe-sandbox-state';
import {
  createDemoTrustpilotSandboxState,
  type TrustpilotSandboxState,
} from './trustpilot/trustpilot.sandbox';
import { createDemoTwilioSandboxState, type TwilioSandboxState } from './twilio/twilio.sandbox';
import { createDemoVonageSandboxState, type VonageSandboxState } from './vonage/vonage.sandbox';
import { createDemoWhatsAppSandboxState, type WhatsAppSandboxState } from './whatsapp/whatsapp-sandbox-state';

/**
 * The state of every provider fake this server mounts in sandbox mode, created once per process:
 * the mounts under `/sandbox/<provider>` and the "simulate patient reply" use the same instances,
 * so a simulated STOP blocks the mounted Twilio fake and a simulated WhatsApp message opens the
 * 24-hour window the mounted WhatsApp fake enforces.
 */
export type SandboxStates = {
  trustpilot: TrustpilotSandboxState;
  googleReviews: GoogleReviewsSandboxState;
  whatsapp: WhatsAppSandboxState;
  twilio: TwilioSandboxState;
  vonage: VonageSandboxState;
  awsSns: AwsSnsSandboxState;
  openai: OpenAiSandboxState;
  stripe: StripeSandboxState;
};

/**
 * The fakes opened by the demo clinic's credentials (the `*SandboxDemo` constants); the Stripe
 * fake's Professional price is the one the product sells.
 */
export function createDemoSandboxStates(options: {
  stripeProfessional: { productName: string; unitAmount: number };
}): SandboxStates {
  return {
    trustpilot: createDemoTrustpilotSandboxState(),
    googleReviews: createDemoGoogleReviewsSandboxState(),
    whatsapp: createDemoWhatsAppSandboxState(),
    twilio: createDemoTwilioSandboxState(),
    vonage: createDemoVonageSandboxState(),
    awsSns: createDemoAwsSnsSandboxState(),
    openai: createDemoOpenAiSandboxState(),
    stripe: createDemoStripeSandboxState(options.stripeProfessional),
  };
}
