import type { CaseStatusFilter } from '@careloop/contracts/cases';
import {
  type CaseSeverity,
  type CaseSource,
  type CaseStatus,
  finishedCaseStatuses,
} from '@careloop/domain/case-rules';
import type { CaseTitleKind } from '@careloop/domain/case-title';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { countColumns } from '../../db/clinic-counts';
import { executeRows } from '../../db/execute-rows';
import {
  afterCursorPlaceholder,
  cursorPlaceholders,
  cursorTimestamp,
  type KeysetCursor,
} from '../../db/keyset-cursor';
import { recomputePatientRisk, refreshProcedureComplaintRate } from '../../db/patient-risk';
import { preparedOnce, preparedRows } from '../../db/prepared';
import {
  alerts,
  type ClinicRole,
  caseNotes,
  cases,
  clinicCounts,
  clinicUsers,
  patients,
  users,
} from '../../db/schema';

/** A case's title as stored: staff's text alone, or a raised case's kind and parameters with its English text. */
export type StoredCaseTitle = {
  title: string;
  titleKind: CaseTitleKind | null;
  titleParams: Record<string, unknown> | null;
};

const caseColumns = {
  id: cases.id,
  source: cases.source,
  sourceId: cases.sourceId,
  patientId: cases.patientId,
  patientName: patients.name,
  title: cases.title,
  titleKind: cases.titleKind,
  titleParams: cases.titleParams,
  description: cases.description,
  severity: cases.severity,
  status: cases.status,
  dueAt: cases.dueAt,
  createdAt: cases.createdAt,
  updatedAt: cases.updatedAt,
  resolvedAt: cases.resolvedAt,
  ownerId: users.id,
  ownerName: users.name,
  cursorTs: cursorTimestamp(cases.createdAt),
};

export type CaseRow = {
  id: string;
  source: string;
  sourceId: string | null;
  patientId: string | null;
  patientName: string | null;
  title: string;
  titleKind: string | null;
  titleParams: unknown;
  description: string | null;
  severity: string;
  status: string;
  dueAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  resolvedAt: Date | null;
  ownerId: string | null;
  ownerName: string | null;
  cursorTs: string;
};

function selectCases(db: Database) {
  return db
    .select(caseColumns)
    .from(cases)
    .leftJoin(patients, and(eq(patients.clinicId, cases.clinicId), eq(patients.id, cases.patientId)))
    .leftJoin(users, eq(users.id, cases.ownerUserId));
}

export async function listCaseRows(
  db: Database,
  clinicId: string,
  options: { status: CaseStatusFilter; limit: number; cursor: KeysetCursor | null },
): Promise<CaseRow[]> {
  const byStatus = options.status !== 'all';
  const shape = `${byStatus ? 's' : ''}${options.cursor ? 'c' : ''}`;
  const statement = preparedOnce(db, `cases_list_${shape}`, () =>
    selectCases(db)
      .where(
        and(
          eq(cases.clinicId, sql.placeholder('clinicId')),
          byStatus ? eq(cases.status, sql.placeholder('status')) : undefined,
          options.cursor ? afterCursorPlaceholder(cases.createdAt, cases.id) : undefined,
        ),
      )
      .orderBy(desc(cases.createdAt), asc(cases.id))
      .limit(sql.placeholder('limit')),
  );
  return statement.execute({
    clinicId,
    status: byStatus ? options.status : undefined,
    limit: options.limit + 1,
    ...cursorPlaceholders(options.cursor),
  });
}

export async function findCaseRow(db: Database, clinicId: string, id: string): Promise<CaseRow | null> {
  const rows = await selectCases(db)
    .where(and(eq(cases.clinicId, clinicId), eq(cases.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

const unfinished = sql`${cases.status} not in ('resolved', 'closed')`;

/**
 * Total, Open and High Priority from the clinic's kept counts (ADR 009); Overdue depends on the time,
 * so it is counted, over the unfinished cases' due-time index up to now only. One statement: two in
 * parallel took two of the pool's connections a request, and under load the summary served 0.75 of
 * the same two statements run one after the other (physical-limit bench, 10,000 patients).
 */
export async function countCaseSummary(db: Database, clinicId: string) {
  type Row = Record<'cases_total' | 'cases_open' | 'cases_unfinished_high' | 'cases_overdue', number>;
  const rows = await preparedRows<Row>(db, 'case_summary', () => {
    const clinic = sql.placeholder('clinicId');
    return sql`select ${countColumns(['cases_total', 'cases_open', 'cases_unfinished_high'])},
        (select count(*)::int from ${cases}
         where ${cases.clinicId} = ${clinic} and ${unfinished} and ${cases.dueAt} < now()) as cases_overdue
      from ${clinicCounts} where ${clinicCounts.clinicId} = ${clinic}`;
  }).execute({ clinicId });
  const row = rows[0];
  return {
    total: row?.cases_total ?? 0,
    open: row?.cases_open ?? 0,
    overdue: row?.cases_overdue ?? 0,
    highPriority: row?.cases_unfinished_high ?? 0,
  };
}

export type NewCaseRow = {
  id: string;
  clinicId: string;
  source: CaseSource;
  sourceId: string | null;
  patientId: string | null;
} & StoredCaseTitle & {
    description: string | null;
    severity: CaseSeverity;
    dueAt: Date | null;
    createdAt: Date;
  };

/**
 * Inserts an open case; null when the source record already has an open case (partial unique index).
 * The patient's risk follows in the same statement sequence: run it in the caller's transaction.
 * A patient's first case changes their procedure's complaint rate, so the other patients of that
 * procedure follow too (one set-based statement, only when the rate crossed its threshold).
 */
export async function insertCase(db: Database, row: NewCaseRow): Promise<string | null> {
  const inserted = await db
    .insert(cases)
    .values({ ...row, status: 'open', updatedAt: row.createdAt })
    .onConflictDoNothing()
    .returning({ id: cases.id });
  const id = inserted[0]?.id ?? null;
  if (id && row.patientId) {
    await recomputePatientRisk(db, row.clinicId, row.patientId);
    const [first] = await executeRows<{ procedure: string | null }>(
      db,
      sql`select p.procedure from patients p
        where p.clinic_id = ${row.clinicId} and p.id = ${row.patientId}
          and not exists (select 1 from cases k
            where k.clinic_id = p.clinic_id and k.patient_id = p.id and k.id <> ${id})`,
    );
    if (first) await refreshProcedureComplaintRate(db, row.clinicId, [first.procedure]);
  }
  return id;
}

/**
 * A finished reply case (source 'alert') ends the patient's reply alerts: one reply case is open
 * per patient at a time, so every active alert of theirs is this case's (the one that opened it
 * and those whose replies became its notes). The dashboard's Active Alerts and the risk rules
 * (`activeClinicalReplies`, `activeNegativeReplies`) then stop counting them.
 */
async function resolvePatientReplyAlerts(db: Database, clinicId: string, patientId: string, at: Date) {
  await db
    .update(alerts)
    .set({ status: 'resolved', resolvedAt: at })
    .where(and(eq(alerts.clinicId, clinicId), eq(alerts.patientId, patientId), eq(alerts.status, 'active')));
}

/**
 * Updates a case only if it is still in the status it was read in (no lost transitions). A reply
 * case resolved or closed resolves the patient's reply alerts in the same transaction, and the
 * patient's risk is recomputed then.
 */
export async function updateCaseRow(
  db: Database,
  clinicId: string,
  id: string,
  expectedStatus: CaseStatus,
  set: { status?: CaseStatus; resolvedAt?: Date | null; ownerUserId?: string | null; updatedAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(cases)
    .set(set)
    .where(and(eq(cases.clinicId, clinicId), eq(cases.id, id), eq(cases.status, expectedStatus)))
    .returning({ id: cases.id, patientId: cases.patientId, source: cases.source });
  const row = rows[0];
  if (row && set.status !== undefined) {
    if (row.source === 'alert' && row.patientId && finishedCaseStatuses.includes(set.status)) {
      await resolvePatientReplyAlerts(db, clinicId, row.patientId, set.resolvedAt ?? set.updatedAt);
    }
    await recomputePatientRisk(db, clinicId, row.patientId);
  }
  return rows.length > 0;
}

export async function listNoteRows(db: Database, clinicId: string, caseId: string) {
  return db
    .select({
      id: caseNotes.id,
      body: caseNotes.body,
      createdAt: caseNotes.createdAt,
      authorId: users.id,
      authorName: users.name,
    })
    .from(caseNotes)
    .leftJoin(users, eq(users.id, caseNotes.authorUserId))
    .where(and(eq(caseNotes.clinicId, clinicId), eq(caseNotes.caseId, caseId)))
    .orderBy(asc(caseNotes.createdAt), asc(caseNotes.id));
}

export async function insertNote(
  db: Database,
  row: { id: string; clinicId: string; caseId: string; authorUserId: string | null; body: string },
) {
  const rows = await db.insert(caseNotes).values(row).returning({ createdAt: caseNotes.createdAt });
  return rows[0]!;
}

export async function patientExists(db: Database, clinicId: string, patientId: string): Promise<boolean> {
  const rows = await db
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.clinicId, clinicId), eq(patients.id, patientId)))
    .limit(1);
  return rows.length > 0;
}

export type MemberRow = { id: string; name: string; email: string; role: ClinicRole };

function selectMembers(db: Database) {
  return db
    .select({ id: users.id, name: users.name, email: users.email, role: clinicUsers.role })
    .from(clinicUsers)
    .innerJoin(users, eq(users.id, clinicUsers.userId));
}

// Names in alphabetical order as people read it (Álvaro beside Ana, Çağla beside Cem, İlker beside
// Ismail), not by code point, which the embedded database's C collation gave (Álvaro after Zeynep).
const byName = new Intl.Collator('und', { sensitivity: 'base', numeric: true });

export async function listMemberRows(db: Database, clinicId: string): Promise<MemberRow[]> {
  const rows = await selectMembers(db).where(eq(clinicUsers.clinicId, clinicId));
  return rows
    .map((r) => ({ ...r, role: r.role as ClinicRole }))
    .sort((a, b) => byName.compare(a.name, b.name) || (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
}

export async function isClinicMember(db: Database, clinicId: string, userId: string): Promise<boolean> {
  const rows = await selectMembers(db)
    .where(and(eq(clinicUsers.clinicId, clinicId), eq(clinicUsers.userId, userId)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Holds the patient's row until the transaction ends, so that two replies of one patient processed
 * at once see each other's case (one open reply case per patient).
 */
export async function lockPatientRow(db: Database, clinicId: string, patientId: string) {
  await db
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.clinicId, clinicId), eq(patients.id, patientId)))
    .for('update');
}

/** The patient's open or in-progress case raised from their replies (source 'alert'), oldest first. */
export async function findOpenReplyCase(db: Database, clinicId: string, patientId: string) {
  const rows = await db
    .select({ id: cases.id, severity: cases.severity })
    .from(cases)
    .where(
      and(
        eq(cases.clinicId, clinicId),
        eq(cases.patientId, patientId),
        eq(cases.source, 'alert'),
        sql`${cases.status} in ('open', 'in_progress')`,
      ),
    )
    .orderBy(asc(cases.createdAt), asc(cases.id))
    .limit(1);
  const row = rows[0];
  return row ? { id: row.id, severity: row.severity as CaseSeverity } : null;
}

/** The open or in-progress case raised from one record (a review, a survey), if any. */
export async function findOpenCaseOfSource(
  db: Database,
  clinicId: string,
  source: { source: string; sourceId: string },
): Promise<{ id: string } | null> {
  const rows = await db
    .select({ id: cases.id })
    .from(cases)
    .where(
      and(
        eq(cases.clinicId, clinicId),
        eq(cases.source, source.source),
        eq(cases.sourceId, source.sourceId),
        sql`${cases.status} in ('open', 'in_progress')`,
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

export async function raiseCase(
  db: Database,
  clinicId: string,
  id: string,
  set: { severity: CaseSeverity; updatedAt: Date } & StoredCaseTitle,
) {
  const rows = await db
    .update(cases)
    .set(set)
    .where(and(eq(cases.clinicId, clinicId), eq(cases.id, id)))
    .returning({ patientId: cases.patientId });
  await recomputePatientRisk(db, clinicId, rows[0]?.patientId);
}
