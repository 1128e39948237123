import { patientRisk, riskRank } from '@careloop/domain/analytics/patient-risk';
import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { executeRows } from './execute-rows';
import { type RiskSignalRow, riskSignalsOf, riskSignalsQuery } from './patient-risk';

// Patients created before risk levels existed have none until an event recomputes them. This
// computes theirs once, a batch at a time, with the same rules (`patientRisk`) as the events do:
// one statement reads a batch's signals (each part by the same indexes as one patient's), the
// procedure's complaint rate counted once per procedure of the batch rather than once per patient.

/** One batch of one clinic's patients not computed yet: their signals, then their levels. */
async function backfillBatch(db: Database, clinicId: string, batchSize: number): Promise<number> {
  const rows = await executeRows<RiskSignalRow & { id: string }>(
    db,
    sql`
      with batch as (
        select p.clinic_id, p.id, p.procedure from patients p
        where p.clinic_id = ${clinicId} and p.risk_computed_at is null
        order by p.id limit ${batchSize}
      ),
      procedures as (
        select q.procedure, count(*)::int as patients,
          (select count(distinct k.patient_id)::int from cases k
            join patients r on r.clinic_id = k.clinic_id and r.id = k.patient_id
            where k.clinic_id = ${clinicId} and r.procedure = q.procedure) as with_case
        from patients q
        where q.clinic_id = ${clinicId} and q.procedure in (select procedure from batch)
        group by q.procedure
      )
      ${riskSignalsQuery({
        idColumn: sql`p.id,`,
        procedureColumns: sql`
          coalesce(pr.patients, 0) as procedure_patients,
          coalesce(pr.with_case, 0) as procedure_patients_with_case`,
        from: sql`batch p left join procedures pr on pr.procedure = p.procedure`,
      })}`,
  );
  if (rows.length === 0) return 0;
  const risks = JSON.stringify(
    rows.map((row) => {
      const risk = patientRisk(riskSignalsOf(row));
      return { id: row.id, level: risk.level, rank: riskRank[risk.level], reasons: risk.reasons.join(',') };
    }),
  );
  await db.execute(sql`
    update patients p
    set risk_level = x.level, risk_rank = x.rank, risk_reasons = string_to_array(x.reasons, ','),
      risk_computed_at = now()
    from json_to_recordset(${risks}::json) as x(id text, level text, rank smallint, reasons text)
    where p.clinic_id = ${clinicId} and p.id = x.id`);
  return rows.length;
}

/**
 * Computes the risk of patients that never had it, batch by batch, until none is left or the budget
 * is spent (the next run goes on). Answers how many it computed.
 */
export async function backfillPatientRisk(
  db: Database,
  options: { batchSize?: number; budgetMs?: number } = {},
): Promise<number> {
  const batchSize = options.batchSize ?? 500;
  const deadline = Date.now() + (options.budgetMs ?? 50_000);
  let computed = 0;
  while (Date.now() < deadline) {
    const next = await executeRows<{ clinic_id: string }>(
      db,
      sql`select clinic_id from patients where risk_computed_at is null limit 1`,
    );
    const clinicId = next[0]?.clinic_id;
    if (!clinicId) break;
    computed += await db.transaction((tx) => backfillBatch(tx, clinicId, batchSize));
  }
  return computed;
}
