import type { PatientListSort, PatientRiskFilter } from '@careloop/contracts/analytics';
import { riskRank } from '@careloop/domain/analytics/patient-risk';
import type { PatientStatus } from '@careloop/domain/patient';
import { and, asc, desc, eq, ilike, like, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { readClinicCounts } from '../../db/clinic-counts';
import {
  afterCursorPlaceholder,
  cursorPlaceholders,
  cursorTimestamp,
  type KeysetCursor,
} from '../../db/keyset-cursor';
import { isoTime, preparedOnce, preparedRows, selectedAs } from '../../db/prepared';
import { clinicCounts, patients } from '../../db/schema';
import { containsPattern, containsText, escapeLike } from '../../db/text-search';

type PatientRow = typeof patients.$inferSelect;
type PatientCursor = KeysetCursor;

export type PatientFilter = { q?: string; status?: PatientStatus; risk?: PatientRiskFilter };

/** The risk ranks a filter keeps: one level, or medium and high (at risk). */
function riskRanks(risk: PatientRiskFilter | undefined) {
  if (!risk) return undefined;
  return risk === 'at_risk'
    ? { min: riskRank.medium, max: riskRank.high }
    : { min: riskRank[risk], max: riskRank[risk] };
}

/** The filter's shape (which conditions apply) names a prepared statement; its values fill it. */
function filterShape(filter: PatientFilter) {
  const q = filter.q?.trim();
  const digits = q ? q.replace(/\D/g, '') : '';
  // Phones are stored in E.164: "+1 (415) 555" finds "+1415555...".
  const search = !q ? '' : digits.length >= 3 ? 'd' : 't';
  const ranks = riskRanks(filter.risk);
  return {
    key: `${filter.status ? 's' : ''}${search}${ranks ? 'r' : ''}`,
    values: {
      status: filter.status,
      riskMin: ranks?.min,
      riskMax: ranks?.max,
      pattern: q ? containsPattern(q) : undefined,
      phonePattern: !q ? undefined : search === 'd' ? `%${digits}%` : `%${escapeLike(q)}%`,
    },
  };
}

function filterWhere(key: string): SQL | undefined {
  const pattern = sql.placeholder('pattern');
  const search =
    key.includes('d') || key.includes('t')
      ? or(
          containsText(patients.name, pattern),
          ilike(patients.email, pattern),
          key.includes('d')
            ? like(patients.phone, sql.placeholder('phonePattern'))
            : ilike(patients.phone, sql.placeholder('phonePattern')),
        )
      : undefined;
  return and(
    eq(patients.clinicId, sql.placeholder('clinicId')),
    key.includes('s') ? eq(patients.status, sql.placeholder('status')) : undefined,
    key.includes('r')
      ? sql`${patients.riskRank} between ${sql.placeholder('riskMin')} and ${sql.placeholder('riskMax')}`
      : undefined,
    search,
  );
}

/** What a patient answer is made of, its times as the reader has them (Drizzle: Dates; a list statement: ISO strings). */
export type PatientFields<Time> = Pick<
  PatientRow,
  | 'id'
  | 'name'
  | 'email'
  | 'phone'
  | 'procedure'
  | 'procedureOriginal'
  | 'status'
  | 'comment'
  | 'language'
  | 'marketingConsent'
  | 'marketingConsentSource'
  | 'marketingConsentRecordedBy'
> & {
  procedureDate: Time | null;
  lastCheck: Time | null;
  marketingConsentAt: Time | null;
  createdAt: Time;
  updatedAt: Time;
};

/** A patient of a list page, times as ISO strings, with the page's cursor time (and the kept total when asked). */
export type PatientListRow = PatientFields<string> &
  Pick<PatientRow, 'riskLevel' | 'riskReasons' | 'riskRank'> & {
    cursorTs: string;
    keptTotal?: number | string;
  };

/**
 * The kept count (ADR 009) that answers a filter's total, or null when it must be counted (a search,
 * a risk filter): with one, the first page carries its total in the same statement.
 */
export function keptTotalCounter(filter: PatientFilter): string | null {
  const key = filterShape(filter).key;
  if (key === '') return 'patients_total';
  if (key === 's') return `patients_${filter.status}`;
  return null;
}

const keptTotal = () =>
  sql<number>`coalesce((select ${clinicCounts.value} from ${clinicCounts} where ${clinicCounts.clinicId} = ${sql.placeholder('clinicId')} and ${clinicCounts.counter} = ${sql.placeholder('counter')}), 0)`;

/** Rows after the cursor in (risk_rank desc, created_at desc, id asc) order. */
function afterRiskCursor(): SQL {
  const rank = sql.placeholder('cursorRank');
  return sql`(${patients.riskRank} < ${rank} or (${patients.riskRank} = ${rank} and ${afterCursorPlaceholder(patients.createdAt, patients.id)}))`;
}

/**
 * One page, newest first, ordered as the (clinic_id, created_at desc, id) index; or highest risk
 * first, then newest, as the (clinic_id, risk_rank desc, created_at desc, id) index.
 */
export function listPatientRows(
  db: Database,
  clinicId: string,
  options: PatientFilter & {
    limit: number;
    cursor: PatientCursor | null;
    sort?: PatientListSort;
    /** A `keptTotalCounter`: each row carries that kept count as `keptTotal`. */
    keptTotal?: string | null;
  },
) {
  const shape = filterShape(options);
  const byRisk = options.sort === 'risk';
  const after = !options.cursor
    ? undefined
    : byRisk
      ? afterRiskCursor()
      : afterCursorPlaceholder(patients.createdAt, patients.id);
  const order = byRisk
    ? [desc(patients.riskRank), desc(patients.createdAt), asc(patients.id)]
    : [desc(patients.createdAt), asc(patients.id)];
  const statement = preparedRows<PatientListRow>(
    db,
    `patients_list_${shape.key}${options.cursor ? 'c' : ''}${byRisk ? '_risk' : ''}${options.keptTotal ? '_t' : ''}`,
    () =>
      db
        .select(
          selectedAs({
            id: patients.id,
            name: patients.name,
            email: patients.email,
            phone: patients.phone,
            procedure: patients.procedure,
            procedureOriginal: patients.procedureOriginal,
            status: patients.status,
            comment: patients.comment,
            language: patients.language,
            marketingConsent: patients.marketingConsent,
            marketingConsentAt: isoTime(patients.marketingConsentAt),
            marketingConsentSource: patients.marketingConsentSource,
            marketingConsentRecordedBy: patients.marketingConsentRecordedBy,
            procedureDate: isoTime(patients.procedureDate),
            lastCheck: isoTime(patients.lastCheck),
            createdAt: isoTime(patients.createdAt),
            updatedAt: isoTime(patients.updatedAt),
            riskLevel: patients.riskLevel,
            riskReasons: patients.riskReasons,
            riskRank: patients.riskRank,
            cursorTs: cursorTimestamp(patients.createdAt),
            ...(options.keptTotal ? { keptTotal: keptTotal() } : {}),
          }),
        )
        .from(patients)
        .where(and(filterWhere(shape.key), after))
        .orderBy(...order)
        .limit(sql.placeholder('limit')),
  );
  return statement.execute({
    clinicId,
    limit: options.limit + 1,
    ...shape.values,
    ...cursorPlaceholders(options.cursor),
    cursorRank: options.cursor?.r,
    counter: options.keptTotal ?? undefined,
  });
}

/** The clinic's patients matching the filter: a kept count (ADR 009) unless a search applies. */
export async function countPatientRows(db: Database, clinicId: string, filter: PatientFilter) {
  const shape = filterShape(filter);
  if (shape.key === '' || shape.key === 's') {
    const counts = await readClinicCounts(db, clinicId);
    return filter.status ? counts[`patients_${filter.status}`] : counts.patients_total;
  }
  const statement = preparedOnce(db, `patients_count_${shape.key}`, () =>
    db.select({ total: sql<number>`count(*)::int` }).from(patients).where(filterWhere(shape.key)),
  );
  const rows = await statement.execute({ clinicId, ...shape.values });
  return rows[0]?.total ?? 0;
}
