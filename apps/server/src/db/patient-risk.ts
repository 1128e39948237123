import {
  type PatientRisk,
  type PatientRiskSignals,
  patientRisk,
  procedureComplaintMinPatients,
  procedureComplaintRateThreshold,
  riskRank,
  riskThresholds,
  riskWeights,
} from '@careloop/domain/analytics/patient-risk';
import { riskLevels } from '@careloop/domain/analytics/risk-levels';
import type { CaseSeverity } from '@careloop/domain/case-rules';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from './client';
import { executeRows } from './execute-rows';

export type RiskSignalRow = {
  latest_score: number | null;
  negative_replies: number;
  clinical_replies: number;
  open_severity: CaseSeverity | null;
  latest_rating: number | null;
  failed_deliveries: number;
  follow_ups_reached: number;
  ever_replied: boolean | null;
  procedure_patients: number;
  procedure_patients_with_case: number;
};

/**
 * The statement reading what the risk rules read, for the patients `from` names as `p`: each part by
 * an index. `procedureColumns` gives procedure_patients and procedure_patients_with_case, which one
 * patient counts directly and a batch counts once per procedure.
 */
export function riskSignalsQuery(parts: {
  idColumn?: SQL;
  procedureColumns: SQL;
  from: SQL;
  where?: SQL;
}): SQL {
  return sql`
      select ${parts.idColumn ?? sql``}
        (select s.score from survey_requests s
          where s.clinic_id = p.clinic_id and s.patient_id = p.id and s.score is not null
          order by s.answered_at desc limit 1) as latest_score,
        (select count(*)::int from alerts a
          where a.clinic_id = p.clinic_id and a.patient_id = p.id and a.status = 'active'
            and a.kind = 'negative_reply') as negative_replies,
        (select count(*)::int from alerts a
          where a.clinic_id = p.clinic_id and a.patient_id = p.id and a.status = 'active'
            and a.kind = 'clinical_reply') as clinical_replies,
        (select k.severity from cases k
          where k.clinic_id = p.clinic_id and k.patient_id = p.id and k.status in ('open', 'in_progress')
          order by case k.severity when 'high' then 0 when 'medium' then 1 else 2 end limit 1) as open_severity,
        (select r.rating from reviews r
          where r.clinic_id = p.clinic_id and r.patient_id = p.id
          order by r.review_date desc limit 1) as latest_rating,
        m.failed_deliveries, m.follow_ups_reached, m.ever_replied,
        ${parts.procedureColumns}
      from ${parts.from}
      cross join lateral (
        select
          (count(*) filter (where c.delivery_status = 'failed'))::int as failed_deliveries,
          (count(*) filter (
            where c.kind = 'followup' and c.delivery_status in ('sent', 'delivered', 'read')))::int
            as follow_ups_reached,
          bool_or(c.response_received) as ever_replied
        from patient_communications c
        where c.clinic_id = p.clinic_id and c.patient_id = p.id and c.kind <> 'test'
      ) m
      ${parts.where ?? sql``}`;
}

/** Everything the risk rules read about one patient, in one statement. */
async function readRiskSignals(
  db: Database,
  clinicId: string,
  patientId: string,
): Promise<PatientRiskSignals | null> {
  const rows = await executeRows<RiskSignalRow>(
    db,
    riskSignalsQuery({
      procedureColumns: sql`
        (select count(*)::int from patients q
          where q.clinic_id = p.clinic_id and q.procedure = p.procedure) as procedure_patients,
        (select count(distinct k.patient_id)::int from cases k
          join patients q on q.clinic_id = k.clinic_id and q.id = k.patient_id
          where k.clinic_id = p.clinic_id and q.procedure = p.procedure) as procedure_patients_with_case`,
      from: sql`patients p`,
      where: sql`where p.clinic_id = ${clinicId} and p.id = ${patientId}`,
    }),
  );
  const row = rows[0];
  return row ? riskSignalsOf(row) : null;
}

/** The signals of one row of a risk statement (this one, or the backfill's for many patients). */
export function riskSignalsOf(row: RiskSignalRow): PatientRiskSignals {
  return {
    latestSurveyScore: row.latest_score,
    activeNegativeReplies: row.negative_replies,
    activeClinicalReplies: row.clinical_replies,
    openCaseSeverity: row.open_severity,
    latestReviewRating: row.latest_rating,
    failedDeliveries: row.failed_deliveries,
    followUpsReached: row.follow_ups_reached,
    everReplied: row.ever_replied === true,
    procedurePatients: row.procedure_patients,
    procedurePatientsWithCase: row.procedure_patients_with_case,
  };
}

/**
 * Recomputes and stores a patient's risk from what is stored now. Call it inside the transaction
 * of the event that changed a signal, so the level never disagrees with what the patient did.
 * Null (nothing stored) when there is no such patient, e.g. an unmatched review.
 */
export async function recomputePatientRisk(
  db: Database,
  clinicId: string,
  patientId: string | null | undefined,
): Promise<PatientRisk | null> {
  if (!patientId) return null;
  const signals = await readRiskSignals(db, clinicId, patientId);
  if (!signals) return null;
  const risk = patientRisk(signals);
  await db.execute(sql`
    update patients
    set risk_level = ${risk.level}, risk_rank = ${riskRank[risk.level]},
        risk_reasons = ${`{${risk.reasons.join(',')}}`}::text[]
    where clinic_id = ${clinicId} and id = ${patientId}
      and (risk_level <> ${risk.level} or risk_reasons <> ${`{${risk.reasons.join(',')}}`}::text[])`);
  return risk;
}

const complaintReason = 'procedure_complaint_rate';

/** The level of stored reasons (a text[] expression): their summed weights against the thresholds. */
function levelOfReasons(reasons: SQL): SQL {
  const weights = sql.join(
    Object.entries(riskWeights).map(([code, weight]) => sql`when ${code}::text then ${weight}::int`),
    sql` `,
  );
  const score = sql`(select coalesce(sum(case u.code ${weights} else 0 end), 0) from unnest(${reasons}) as u(code))`;
  return sql`case when ${score} >= ${riskThresholds.high}::int then 'high'
    when ${score} >= ${riskThresholds.medium}::int then 'medium' else 'low' end`;
}

const rankOfLevel = (level: SQL) =>
  sql`case ${level} ${sql.join(
    riskLevels.map((l) => sql`when ${l}::text then ${riskRank[l]}::smallint`),
    sql` `,
  )} end`;

/**
 * Keeps the procedure complaint rate reason of the clinic's other patients in step with their
 * procedure's rate, in one set-based statement: a case opened for a patient's first time, a patient
 * added, moved to another procedure or erased, or old cases removed change the share of a
 * procedure's patients who had a case, hence the reason of every patient of that procedure, not
 * only of the one the event was about (else the at-risk figures depend on the order of events).
 *
 * Only the patients whose stored reason disagrees with the rate now are written: the reason is
 * added or removed and their level follows from the summed weights of the stored reasons. The
 * reason weighs least and `patientRisk` lists it last, so appending it keeps the domain's order
 * (a full recompute gives the same row; the tests check it). `procedures`: the procedures that may
 * have crossed the threshold either way (null entries ignored), or 'all' of the clinic's (a batch
 * removal). Run it in the event's transaction, after the patient's own recompute.
 */
export async function refreshProcedureComplaintRate(
  db: Database,
  clinicId: string,
  procedures: readonly (string | null | undefined)[] | 'all',
): Promise<void> {
  let scope = sql``;
  if (procedures !== 'all') {
    const named = [...new Set(procedures.filter((p): p is string => typeof p === 'string'))];
    if (named.length === 0) return;
    scope = sql`and q.procedure in (select value from json_array_elements_text(${JSON.stringify(named)}::json))`;
  }
  const flagged = sql`case when r.flagged then array_append(p.risk_reasons, ${complaintReason}::text)
    else array_remove(p.risk_reasons, ${complaintReason}::text) end`;
  await db.execute(sql`
    with rate as (
      select q.procedure, count(*)::int as patients,
        (select count(distinct k.patient_id)::int from cases k
          join patients c on c.clinic_id = k.clinic_id and c.id = k.patient_id
          where k.clinic_id = ${clinicId} and c.procedure = q.procedure) as with_case
      from patients q
      where q.clinic_id = ${clinicId} and q.procedure is not null ${scope}
      group by q.procedure
    ),
    flags as (
      select r.procedure,
        (r.patients >= ${procedureComplaintMinPatients}::int
          and r.with_case::float8 / r.patients >= ${procedureComplaintRateThreshold}::float8) as flagged
      from rate r
    ),
    changed as (
      select p.id, ${flagged} as reasons
      from patients p join flags r on r.procedure = p.procedure
      where p.clinic_id = ${clinicId}
        and (${complaintReason}::text = any(p.risk_reasons)) <> r.flagged
    ),
    leveled as (
      select c.id, c.reasons, ${levelOfReasons(sql`c.reasons`)} as level from changed c
    )
    update patients p
    set risk_reasons = l.reasons, risk_level = l.level, risk_rank = ${rankOfLevel(sql`l.level`)}
    from leveled l
    where p.clinic_id = ${clinicId} and p.id = l.id`);
}
