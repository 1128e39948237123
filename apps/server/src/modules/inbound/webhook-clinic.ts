import type { AppDeps } from '../../app-deps';
import {
  publicSandboxValues,
  type SandboxWebhookSecretKey,
  sandboxWebhookSecretOf,
} from '../sandbox/sandbox-webhook-secrets';
import { openSecret, readSecret } from '../secrets/secrets.service';
import { whatsAppSecretNames } from '../settings/channel-secrets';
import { findWebhookClinicWithSecret, type WebhookClinic } from './webhook-clinic.repository';

// The clinic a webhook URL names and its secrets: what every inbound path checks first.

export type Deps = Pick<AppDeps, 'db' | 'secretBox' | 'config' | 'log'>;
/** Simulated replies also need the mounted fakes' state. */
export type SimulateDeps = Deps & Pick<AppDeps, 'sandboxes'>;

/** Secrets the inbound side needs besides the settings' names (values in the vault, like every secret). */
export const inboundSecretNames = (clinicId: string) => ({
  whatsAppAppSecret: whatsAppSecretNames(clinicId).appSecret,
  whatsAppVerifyToken: `WHATSAPP_VERIFY_TOKEN_${clinicId}`,
  vonageSignatureSecret: `VONAGE_SIGNATURE_SECRET_${clinicId}`,
});

/** A webhook that is not signed (401) or not signed by the clinic's secret (403): nothing is stored. */
export class WebhookRefused extends Error {
  constructor(readonly statusCode: 401 | 403) {
    super(statusCode === 401 ? 'Missing webhook signature' : 'Invalid webhook signature');
  }
}

export const isSandboxClinic = (deps: Deps, clinic: WebhookClinic) =>
  deps.config.sandboxMode && clinic.sandboxMode === 'on';

/**
 * A secret from the clinic's vault; a clinic in sandbox mode that saved none uses the sandbox
 * demo's value (those open only the fakes, like the demo's other credentials).
 */
export async function secretOf(deps: Deps, clinic: WebhookClinic, name: string, sandboxValue: string) {
  const saved = await readSecret(deps, clinic.id, name);
  if (saved) return saved;
  return isSandboxClinic(deps, clinic) ? sandboxValue : '';
}

/**
 * The secret a webhook to this clinic must be signed with (or the verify token its handshake
 * must echo): the one the clinic saved; for a clinic in sandbox mode that saved none, or saved one
 * of the repository's public demo values (they open the fakes' APIs), its own random sandbox
 * secret. A public demo value never signs anything; '' matches no signature.
 */
export async function webhookSecretOf(
  deps: Deps,
  clinic: WebhookClinic,
  name: string,
  sandboxKey: SandboxWebhookSecretKey,
): Promise<string> {
  return chosenWebhookSecret(deps, clinic, await readSecret(deps, clinic.id, name), sandboxKey);
}

async function chosenWebhookSecret(
  deps: Deps,
  clinic: WebhookClinic,
  saved: string | null,
  sandboxKey: SandboxWebhookSecretKey,
): Promise<string> {
  if (saved && !publicSandboxValues.has(saved)) return saved;
  return isSandboxClinic(deps, clinic) ? sandboxWebhookSecretOf(deps, clinic.id, sandboxKey) : '';
}

/**
 * The clinic a webhook URL names and the secret its webhooks are signed with (`webhookSecretOf`),
 * read in one statement; null when no such clinic.
 */
export async function findClinicAndWebhookSecret(
  deps: Deps,
  clinicId: string,
  name: string,
  sandboxKey: SandboxWebhookSecretKey,
): Promise<{ clinic: WebhookClinic; secret: string } | null> {
  const found = await findWebhookClinicWithSecret(deps.db, clinicId, name);
  if (!found) return null;
  const saved = found.sealed ? openSecret(deps, found.clinic.id, name, found.sealed) : null;
  return { clinic: found.clinic, secret: await chosenWebhookSecret(deps, found.clinic, saved, sandboxKey) };
}

/**
 * `findClinicAndWebhookSecret` for a signed webhook: an unknown clinic looks like a wrong signature
 * (403), as the URL does not tell which clinics exist.
 */
export async function requireClinicAndWebhookSecret(
  deps: Deps,
  clinicId: string,
  name: string,
  sandboxKey: SandboxWebhookSecretKey,
): Promise<{ clinic: WebhookClinic; secret: string }> {
  const found = await findClinicAndWebhookSecret(deps, clinicId, name, sandboxKey);
  if (!found) throw new WebhookRefused(403);
  return found;
}
