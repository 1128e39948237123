import type { MatchPatient } from '@careloop/domain/matching/index';
import type { Database } from '../../db/client';
import { clinicAliasesByPatient } from '../patient-aliases/patient-aliases.service';
import { listMatchPatients } from './ingestion.repository';

/** The clinic's patients as the matching engine reads them, with the reviewer names staff tied to them. */
export async function loadMatchPatients(db: Database, clinicId: string): Promise<MatchPatient[]> {
  const [patients, aliases] = await Promise.all([
    listMatchPatients(db, clinicId),
    clinicAliasesByPatient(db, clinicId),
  ]);
  return patients.map((patient) => {
    const names = aliases.get(patient.id);
    return names ? { ...patient, aliases: names } : patient;
  });
}
