import { randomBytes } from 'node:crypto';
import type { PatientStatus } from '@careloop/domain/patient';
import { patients } from '../db/schema';
import type { TestApp } from './test-app';

export type BuildPatientOverrides = {
  id?: string;
  name?: string;
  email?: string | null;
  phone?: string | null;
  procedure?: string | null;
  status?: PatientStatus;
  comment?: string | null;
  createdAt?: Date;
};

/** A patient stored directly in the given clinic (use `buildClinic` for the clinic). */
export async function buildPatient(t: TestApp, clinicId: string, overrides: BuildPatientOverrides = {}) {
  const createdAt = overrides.createdAt ?? new Date();
  const [row] = await t.db
    .insert(patients)
    .values({
      clinicId,
      id: overrides.id ?? `P-${createdAt.getTime()}-${randomBytes(3).toString('hex')}`,
      name: overrides.name ?? 'Ana Ruiz',
      email: overrides.email === undefined ? null : overrides.email,
      phone: overrides.phone === undefined ? null : overrides.phone,
      procedure: overrides.procedure === undefined ? 'Dental Implant' : overrides.procedure,
      status: overrides.status ?? 'active',
      comment: overrides.comment ?? null,
      procedureDate: createdAt,
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  return row!;
}
