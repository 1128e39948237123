import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../../app-deps';
import { twilioSandboxDemo } from '../../integrations/twilio/twilio.sandbox';
import { vonageSandboxDemo } from '../../integrations/vonage/vonage.sandbox';
import { whatsAppSandboxDemo } from '../../integrations/whatsapp/whatsapp-sandbox-state';
import { readOrCreateSecret } from '../secrets/secrets.service';

// The secrets a clinic in sandbox mode checks its inbound webhooks with. The demo values written in
// this repository open only the fakes' APIs; anyone can read them, so they never sign a webhook a
// clinic accepts. Each sandbox clinic gets its own random ones instead, generated the first time
// they are needed, kept encrypted in its vault, and shown to its owner and admins so that their
// own fakes and simulators can sign like the sandbox's do.

const sandboxWebhookSecretKeys = [
  'whatsAppAppSecret',
  'whatsAppVerifyToken',
  'twilioAuthToken',
  'vonageSignatureSecret',
] as const;
export type SandboxWebhookSecretKey = (typeof sandboxWebhookSecretKeys)[number];
export type SandboxWebhookSecrets = Record<SandboxWebhookSecretKey, string>;

/** Vault names; the prefix keeps them apart from the credentials a clinic saves itself. */
export const sandboxWebhookSecretPrefix = 'SANDBOX_WEBHOOK_';
const vaultName: Record<SandboxWebhookSecretKey, string> = {
  whatsAppAppSecret: 'WHATSAPP_APP_SECRET',
  whatsAppVerifyToken: 'WHATSAPP_VERIFY_TOKEN',
  twilioAuthToken: 'TWILIO_AUTH_TOKEN',
  vonageSignatureSecret: 'VONAGE_SIGNATURE_SECRET',
};
const sandboxWebhookSecretName = (clinicId: string, key: SandboxWebhookSecretKey) =>
  `${sandboxWebhookSecretPrefix}${vaultName[key]}_${clinicId}`;

/** The repository's public demo values: a saved copy of one of them signs nothing. */
export const publicSandboxValues: ReadonlySet<string> = new Set([
  whatsAppSandboxDemo.appSecret,
  whatsAppSandboxDemo.verifyToken,
  twilioSandboxDemo.authToken,
  vonageSandboxDemo.apiSecret,
  vonageSandboxDemo.signatureSecret,
]);

type Deps = Pick<AppDeps, 'db' | 'secretBox'>;

/** One of the clinic's sandbox webhook secrets (32 random bytes, hex), created if it has none yet. */
export function sandboxWebhookSecretOf(deps: Deps, clinicId: string, key: SandboxWebhookSecretKey) {
  return readOrCreateSecret(deps, clinicId, sandboxWebhookSecretName(clinicId, key), () =>
    randomBytes(32).toString('hex'),
  );
}

/** All four, for the clinic's sandbox settings. */
export async function sandboxWebhookSecretsOf(deps: Deps, clinicId: string): Promise<SandboxWebhookSecrets> {
  const entries = [];
  for (const key of sandboxWebhookSecretKeys) {
    entries.push([key, await sandboxWebhookSecretOf(deps, clinicId, key)] as const);
  }
  return Object.fromEntries(entries) as SandboxWebhookSecrets;
}
