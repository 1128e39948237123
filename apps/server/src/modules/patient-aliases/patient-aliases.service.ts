import type { PatientAliasList } from '@careloop/contracts/patient-aliases';
import { aliasKey } from '@careloop/domain/matching/patient-index';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/client';
import { notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { ClinicContext } from '../../plugins/request-context';
import { recordUserAction } from '../audit/audit.service';
import {
  deletePatientAliasRow,
  insertPatientAlias,
  listClinicAliasRows,
  listPatientAliasRows,
  patientExists,
} from './patient-aliases.repository';

type Deps = Pick<AppDeps, 'db'>;

/** Longest reviewer name kept as an alias (display names on review sites are short). */
const maxAliasLength = 200;

/**
 * Records the reviewer name of a review staff matched to a patient (a confirmation or a
 * reassignment) as an alias of that patient, in the caller's transaction. A name with no
 * letters or digits (anonymous, emoji only) is not an alias; a repeat changes nothing.
 */
export async function recordReviewerAlias(
  db: Database,
  ctx: ClinicContext,
  entry: { patientId: string; reviewerName: string | null; reviewId: string },
) {
  const alias = (entry.reviewerName ?? '').trim().slice(0, maxAliasLength);
  const key = aliasKey(alias);
  if (key.length === 0) return;
  await insertPatientAlias(db, {
    clinicId: ctx.clinicId,
    id: newId('pal'),
    patientId: entry.patientId,
    alias,
    aliasKey: key,
    reviewId: entry.reviewId,
    createdByUserId: ctx.userId,
  });
}

/** Every alias of the clinic by patient id, for `MatchPatient.aliases`. */
export async function clinicAliasesByPatient(db: Database, clinicId: string): Promise<Map<string, string[]>> {
  const byPatient = new Map<string, string[]>();
  for (const row of await listClinicAliasRows(db, clinicId)) {
    const list = byPatient.get(row.patientId) ?? [];
    list.push(row.alias);
    byPatient.set(row.patientId, list);
  }
  return byPatient;
}

export async function listPatientAliases(
  deps: Deps,
  ctx: ClinicContext,
  patientId: string,
): Promise<PatientAliasList> {
  if (!(await patientExists(deps.db, ctx.clinicId, patientId))) throw notFound('Patient');
  const rows = await listPatientAliasRows(deps.db, ctx.clinicId, patientId);
  return {
    items: rows.map((row) => ({
      id: row.id,
      alias: row.alias,
      reviewId: row.reviewId,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

/** Removes an alias: later reviews under that name are matched on the name alone again. */
export async function removePatientAlias(deps: Deps, ctx: ClinicContext, patientId: string, aliasId: string) {
  await deps.db.transaction(async (tx) => {
    if (!(await deletePatientAliasRow(tx, ctx.clinicId, patientId, aliasId))) throw notFound('Alias');
    await recordUserAction(tx, {
      clinicId: ctx.clinicId,
      userId: ctx.userId,
      action: 'patient_alias_removed',
      url: `/patients/${patientId}`,
      context: { patientId, aliasId },
    });
  });
}
