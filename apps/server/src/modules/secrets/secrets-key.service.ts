import type { Database } from '../../db/client';
import type { SealedSecret, SecretBox } from '../../lib/secret-box';
import { listAllSealedSecrets, listClinicSealedSecrets, replaceSealedSecret } from './secrets.repository';
import { associatedData } from './secrets.service';

type StoredSecret = SealedSecret & { clinicId: string; name: string };

function opens(box: SecretBox, secret: StoredSecret): string | null {
  try {
    return box.open(secret, associatedData(secret.clinicId, secret.name));
  } catch {
    return null;
  }
}

export class SecretsKeyMismatchError extends Error {
  constructor(
    readonly unreadable: number,
    readonly total: number,
  ) {
    super(
      `${unreadable} of ${total} saved secrets do not open with the current key: nothing was changed. ` +
        'Set SECRETS_KEY (or DATA_DIR/secrets.key) to the key they were saved with.',
    );
  }
}

/** How many saved secrets (all clinics) the key opens: after a restore, the key must be the one they were saved with. */
export async function checkSecretsOpen(db: Database, box: SecretBox) {
  const rows = await listAllSealedSecrets(db, { forUpdate: false });
  const unreadable = rows.filter((row) => opens(box, row) === null).length;
  return { total: rows.length, unreadable };
}

/** How many of one clinic's saved secrets the current key opens (and which do not, by name). */
export async function checkClinicSecretsOpen(db: Database, box: SecretBox, clinicId: string) {
  const rows = await listClinicSealedSecrets(db, clinicId);
  const unreadable = rows.filter((row) => opens(box, row) === null).map((row) => row.name);
  return { total: rows.length, unreadable };
}

/**
 * Re-seals every saved secret under the new key in one transaction, each still bound to
 * `clinic_id:name`. One secret the old key cannot open aborts it all, so no row is left under a key
 * nobody holds.
 */
export async function reencryptAllSecrets(db: Database, from: SecretBox, to: SecretBox) {
  return db.transaction(async (tx) => {
    const rows = await listAllSealedSecrets(tx, { forUpdate: true });
    const plaintexts = rows.map((row) => opens(from, row));
    const unreadable = plaintexts.filter((value) => value === null).length;
    if (unreadable > 0) throw new SecretsKeyMismatchError(unreadable, rows.length);
    for (const [index, row] of rows.entries()) {
      const sealed = to.seal(plaintexts[index]!, associatedData(row.clinicId, row.name));
      await replaceSealedSecret(tx, row.clinicId, row.name, sealed);
    }
    return { reencrypted: rows.length };
  });
}
