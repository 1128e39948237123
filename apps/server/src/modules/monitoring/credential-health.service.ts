import type { AppDeps } from '../../app-deps';
import { type CredentialProbe, probeClinicCredentials } from '../settings/credential-probes.service';
import { insertCredentialHealth, listClinicsWithCredentials } from './monitoring.repository';

type Deps = Pick<AppDeps, 'db' | 'secretBox' | 'config'>;

// The first secret of each credential the probes try (spec 1 §7 names, clinic id appended).
const credentialSecretPrefixes = [
  'TRUSTPILOT_API_KEY_',
  'WHATSAPP_ACCESS_TOKEN_',
  'TWILIO_ACCOUNT_SID_',
] as const;

/** Clinics the daily check visits: those with a stored credential it can try. */
export function listClinicsWithStoredCredentials(deps: Pick<AppDeps, 'db'>): Promise<string[]> {
  return listClinicsWithCredentials(deps.db, credentialSecretPrefixes);
}

/** Tries one clinic's stored credentials through the real clients and records each result. */
export async function checkClinicCredentialHealth(
  deps: Deps,
  clinicId: string,
  now: Date = new Date(),
): Promise<CredentialProbe[]> {
  const probes = await probeClinicCredentials(deps, clinicId);
  await insertCredentialHealth(deps.db, clinicId, probes, now);
  return probes;
}
