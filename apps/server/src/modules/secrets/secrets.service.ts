import type { AppDeps } from '../../app-deps';
import type { ClinicContext } from '../../plugins/request-context';
import { recordSecurityEvent } from '../audit/audit.service';
import {
  deleteSecretRow,
  findExistingSecretNames,
  findSealedSecret,
  listSecretNames,
  upsertSecret,
} from './secrets.repository';

// The clinic id is bound into the ciphertext, so a row copied to another clinic cannot be opened.
export const associatedData = (clinicId: string, name: string) => `${clinicId}:${name}`;

export async function saveSecret(
  deps: Pick<AppDeps, 'db' | 'secretBox'>,
  ctx: Pick<ClinicContext, 'clinicId' | 'userId'>,
  input: { name: string; value: string },
) {
  const sealed = deps.secretBox.seal(input.value, associatedData(ctx.clinicId, input.name));
  const saved = await upsertSecret(deps.db, ctx.clinicId, input.name, sealed);
  await recordSecurityEvent(deps.db, {
    clinicId: ctx.clinicId,
    userId: ctx.userId,
    action: 'secret_saved',
    resourceType: 'secret',
    resourceId: input.name,
    riskLevel: 'low',
  });
  return { name: saved.name, updatedAt: saved.updatedAt.toISOString() };
}

export async function listSecrets(deps: Pick<AppDeps, 'db'>, ctx: ClinicContext) {
  const rows = await listSecretNames(deps.db, ctx.clinicId);
  return rows.map((r) => ({ name: r.name, updatedAt: r.updatedAt.toISOString() }));
}

/** For server-side use by integrations only; no route returns this. */
export async function readSecret(
  deps: Pick<AppDeps, 'db' | 'secretBox'>,
  clinicId: string,
  name: string,
): Promise<string | null> {
  const sealed = await findSealedSecret(deps.db, clinicId, name);
  return sealed ? deps.secretBox.open(sealed, associatedData(clinicId, name)) : null;
}

/** Which of these secrets the clinic has saved (names only). */
export async function findSavedSecretNames(
  deps: Pick<AppDeps, 'db'>,
  clinicId: string,
  names: readonly string[],
): Promise<Set<string>> {
  return new Set(await findExistingSecretNames(deps.db, clinicId, names));
}

/** Removes a secret whose owner is gone (a deleted webhook endpoint's signing secret). */
export async function deleteSecret(deps: Pick<AppDeps, 'db'>, clinicId: string, name: string) {
  await deleteSecretRow(deps.db, clinicId, name);
}
