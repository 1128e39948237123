import type { ProviderError } from '../../integrations/http/provider-http';

/**
 * A provider's own words for a failed call, "Authenticate (code 20003)": for operators (the log and
 * the stored check), never shown to a clinic. The HTTP layer keeps bodies and secrets out of them.
 */
export function providerTextOf(error: ProviderError): string {
  const code = error.providerCode ? ` (code ${error.providerCode})` : '';
  return `${error.providerReason ?? error.message}${code}`.slice(0, 500);
}
