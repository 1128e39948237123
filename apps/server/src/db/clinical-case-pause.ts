import { type SQL, sql } from 'drizzle-orm';

// Automated messages (follow-ups, cross-sells) pause for a patient while a clinical red-flag case of
// theirs is open. That case is the one the inbound path opens (or follows) for a patient's reply:
// source 'alert', one open or in progress per patient; it is clinical when a `clinical_reply` alert
// of the patient was raised while it was open (the case's own alert, or a later reply that raised a
// complaint's case to a red flag, which becomes a note on it). One definition for the planner, the
// sender and the patient page.

const openClinicalCases = (clinicId: SQL | string, patientId: SQL | string) => sql`
    from cases c
    where c.clinic_id = ${clinicId} and c.patient_id = ${patientId}
      and c.source = 'alert' and c.status in ('open', 'in_progress')
      and exists (
        select 1 from alerts a
        where a.clinic_id = c.clinic_id and a.patient_id = c.patient_id
          and a.kind = 'clinical_reply' and a.created_at >= c.created_at
      )`;

/** True when the patient (`clinicId`, `patientId`: columns or values) has an open clinical case. */
export function openClinicalCase(clinicId: SQL | string, patientId: SQL | string): SQL {
  return sql`exists (select 1 ${openClinicalCases(clinicId, patientId)})`;
}

/** The id of the patient's open clinical case, or null. */
export function openClinicalCaseId(clinicId: SQL | string, patientId: SQL | string): SQL<string | null> {
  return sql<
    string | null
  >`(select c.id ${openClinicalCases(clinicId, patientId)} order by c.created_at limit 1)`;
}
