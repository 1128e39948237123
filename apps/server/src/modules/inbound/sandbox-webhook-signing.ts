import type { AppDeps } from '../../app-deps';
import type { SandboxWebhookSecretKey } from '../sandbox/sandbox-webhook-secrets';
import { smsSecretNames } from '../settings/channel-secrets';
import { findClinicAndWebhookSecret, inboundSecretNames, isSandboxClinic } from './webhook-clinic';
import { clinicIdOfWebhookUrl } from './webhook-urls';

type Deps = Pick<AppDeps, 'db' | 'secretBox' | 'config' | 'log' | 'sandboxes'>;

/**
 * The fakes this server mounts sign the webhooks they send to a sandbox clinic (status callbacks,
 * delivery receipts, simulated replies) with the secret that clinic's webhook checks, its own
 * sandbox secret unless it saved one: the shared demo accounts' values sign nothing it accepts.
 */
export function signSandboxWebhooksWithClinicSecrets(deps: Deps) {
  const secretFor =
    (key: SandboxWebhookSecretKey, nameOf: (clinicId: string) => string) =>
    async (url: string): Promise<string | null> => {
      const clinicId = clinicIdOfWebhookUrl(deps.config.http.publicUrl, url);
      if (!clinicId) return null;
      try {
        const found = await findClinicAndWebhookSecret(deps, clinicId, nameOf(clinicId), key);
        return found && isSandboxClinic(deps, found.clinic) ? found.secret : null;
      } catch (error) {
        deps.log.warn({ err: error }, 'sandbox webhook: the clinic secret could not be read');
        return null;
      }
    };
  deps.sandboxes.whatsapp.signingSecretFor = secretFor(
    'whatsAppAppSecret',
    (clinicId) => inboundSecretNames(clinicId).whatsAppAppSecret,
  );
  deps.sandboxes.twilio.signingSecretFor = secretFor(
    'twilioAuthToken',
    (clinicId) => smsSecretNames('twilio', clinicId).authToken,
  );
  deps.sandboxes.vonage.signingSecretFor = secretFor(
    'vonageSignatureSecret',
    (clinicId) => inboundSecretNames(clinicId).vonageSignatureSecret,
  );
}
