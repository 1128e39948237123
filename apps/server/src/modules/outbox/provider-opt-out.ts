import type { ProviderError } from '../../integrations/http/provider-http';

// A provider's synchronous "this recipient opted out" answer to a send. Twilio refuses a number
// that replied STOP with 400 code 21610; Vonage's SMS API answers status 7 "Number barred" (its
// opt-out list among them); SNS names the exception OptedOut. Each is recorded as an opt-out of
// that channel with source 'provider', as the status callbacks' equivalents are, so the patient
// is not planned again.
const optOutCodes: Record<string, readonly string[]> = {
  twilio: ['21610'],
  vonage: ['7'],
  'aws-sns': ['OptedOut'],
};

export function isRecipientOptOut(error: ProviderError): boolean {
  return error.providerCode !== null && (optOutCodes[error.provider] ?? []).includes(error.providerCode);
}
