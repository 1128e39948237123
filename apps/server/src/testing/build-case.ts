import type { CaseSeverity, CaseSource, CaseStatus } from '@careloop/domain/case-rules';
import { cases } from '../db/schema';
import { newId } from '../lib/ids';
import { buildClinic } from './build-user';
import type { TestApp } from './test-app';

export type BuildCaseOptions = {
  /** The clinic to add to; without it a new clinic (with a signed-in owner) is built. */
  clinicId?: string;
  source?: CaseSource;
  sourceId?: string | null;
  patientId?: string | null;
  title?: string;
  severity?: CaseSeverity;
  status?: CaseStatus;
  dueAt?: Date | null;
  createdAt?: Date;
  resolvedAt?: Date | null;
  ownerUserId?: string | null;
};

/** A case stored directly (resolved cases get a resolved time unless one is given). */
export async function buildCase(t: TestApp, options: BuildCaseOptions = {}) {
  const clinic = options.clinicId ? null : await buildClinic(t);
  const clinicId = options.clinicId ?? clinic!.clinicId;
  const createdAt = options.createdAt ?? new Date();
  const status = options.status ?? 'open';
  const [kase] = await t.db
    .insert(cases)
    .values({
      clinicId,
      id: newId('cas'),
      source: options.source ?? 'manual',
      sourceId: options.sourceId ?? null,
      patientId: options.patientId ?? null,
      title: options.title ?? 'Call the patient back',
      severity: options.severity ?? 'medium',
      status,
      dueAt: options.dueAt === undefined ? null : options.dueAt,
      createdAt,
      updatedAt: createdAt,
      resolvedAt: options.resolvedAt ?? (status === 'resolved' ? createdAt : null),
      ownerUserId: options.ownerUserId ?? null,
    })
    .returning();
  return { clinicId, clinic, case: kase! };
}
