import type { PatientListSort, PatientRiskFilter } from '@careloop/contracts/analytics';
import type {
  Patient,
  PatientDetail,
  PatientListResponse,
  PatientTimelineResponse,
  TimelineItem,
  UpdatePatientBody,
} from '@careloop/contracts/patients';
import { storedCaseTitleText } from '@careloop/domain/case-title';
import { isAppLanguage } from '@careloop/domain/clinic-locale';
import { isConsentSource, isMarketingConsentState } from '@careloop/domain/consent';
import { makePatientId, type PatientStatus } from '@careloop/domain/patient';
import { patientLimitOf } from '@careloop/domain/plans';
import { checkProcedureDate, procedureDateInstant, procedureDateOf } from '@careloop/domain/procedure-date';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/client';
import { decodeCursor, encodeCursor } from '../../db/keyset-cursor';
import { recomputePatientRisk, refreshProcedureComplaintRate } from '../../db/patient-risk';
import { AppError, badRequest, notFound } from '../../lib/errors';
import { readerLanguage } from '../../plugins/reader-language';
import type { ClinicContext } from '../../plugins/request-context';
import { recordPatientView } from '../audit/audit.service';
import { procedureReader } from '../procedures/procedures.service';
import { emitWebhookEvents } from '../webhooks/webhook-events.service';
import { holdPatientLimit } from './patient-limit';
import { toPatientRisk } from './patient-risk-view';
import { validatePatient } from './patient-validation';
import {
  findIdsWithPrefix,
  findOpenClinicalCaseId,
  findPatientRow,
  insertPatientRow,
  listPatientCases,
  listPatientMessages,
  listPatientReviews,
  listPatientSurveyAnswers,
  type PatientRow,
  updatePatientRow,
} from './patients.repository';
import {
  countPatientRows,
  keptTotalCounter,
  listPatientRows,
  type PatientFields,
} from './patients-list.repository';

type Deps = Pick<AppDeps, 'db'>;
/** Adding or editing a patient reads the clinic's procedures through this process's cache (ADR 023). */
type WriteDeps = Pick<AppDeps, 'db' | 'procedureLists' | 'clock'>;
type CreateDeps = WriteDeps & Pick<AppDeps, 'patientIds'>;

const patientNotFound = () => notFound('Patient');

/** A patient as read by Drizzle (times as Dates) or by a list statement (times already ISO strings). */
type PatientView = PatientFields<Date | string>;

const iso = (time: Date | string | null) =>
  time === null ? null : typeof time === 'string' ? time : time.toISOString();

function toMarketingConsent(row: PatientView): Patient['marketingConsent'] {
  const { marketingConsent: state, marketingConsentAt: at, marketingConsentSource: source } = row;
  if (!isMarketingConsentState(state) || !at || !isConsentSource(source)) return null;
  return { state, at: iso(at)!, source, recordedBy: row.marketingConsentRecordedBy };
}

/** A patient as the app's API answers it; the procedure date is read in the clinic's time zone. */
function toPatient(row: PatientView, timeZone: string): Patient {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    procedure: row.procedure,
    procedureOriginal: row.procedureOriginal,
    status: row.status as PatientStatus,
    comment: row.comment,
    language: isAppLanguage(row.language) ? row.language : null,
    marketingConsent: toMarketingConsent(row),
    procedureDate: row.procedureDate === null ? null : procedureDateOf(row.procedureDate, timeZone),
    lastCheck: iso(row.lastCheck),
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
  };
}

/**
 * What the app's form and the public API send, in the app's field names. `marketingConsentAt`: when
 * the patient decided, as the API's caller says (the app records the time of the save).
 */
export type PatientInput = UpdatePatientBody & { marketingConsentAt?: string };

/** Who sends the input: staff in the app (the consent is theirs to record), or an API client. */
export type PatientInputChannel = 'app' | 'api';

const fieldError = (field: string, message: string) => badRequest(message, [{ field, message }]);

/** The stored instant of the date given (checked), or of today in the clinic's zone on create. */
function procedureDateValue(body: PatientInput, ctx: ClinicContext, now: Date, isCreate: boolean) {
  const { timeZone } = ctx.clinic;
  if (body.procedureDate === undefined) {
    return isCreate ? procedureDateInstant(procedureDateOf(now, timeZone), timeZone) : undefined;
  }
  const check = checkProcedureDate(body.procedureDate, now, timeZone);
  if (!check.ok) throw fieldError('procedureDate', check.message.message);
  return procedureDateInstant(body.procedureDate, timeZone);
}

/** The time of a consent decision: the caller's (not in the future) or now. */
function consentTime(body: PatientInput, now: Date): Date {
  if (body.marketingConsentAt === undefined) return now;
  const at = new Date(body.marketingConsentAt);
  if (at.getTime() > now.getTime()) {
    throw fieldError('marketingConsent.at', 'The consent time cannot be in the future');
  }
  return at;
}

/**
 * The language given (undefined keeps it), and a consent decision recorded (by the signed-in user,
 * or as sent through the API) only when it changes the recorded state: saving the form again keeps
 * the original time and source.
 */
function localeAndConsent(
  body: PatientInput,
  ctx: ClinicContext,
  existing: PatientRow | null,
  now: Date,
  channel: PatientInputChannel,
): Partial<PatientRow> {
  const values: Partial<PatientRow> = {};
  if (body.language !== undefined) values.language = body.language;
  const at = consentTime(body, now);
  if (body.marketingConsent && body.marketingConsent !== existing?.marketingConsent) {
    // A decision older than the one on record (a late sync, a replayed request) does not undo it:
    // a patient who withdrew at 10:00 is not opted in again by a grant made at 09:00.
    const recordedAt = existing?.marketingConsentAt;
    if (recordedAt && at.getTime() < recordedAt.getTime()) {
      const message = `A later consent decision is on record (${recordedAt.toISOString()}): this one is older and changes nothing`;
      throw new AppError(409, 'CONFLICT', message, [{ field: 'marketingConsent.at', message }]);
    }
    values.marketingConsent = body.marketingConsent;
    values.marketingConsentAt = at;
    values.marketingConsentSource = channel === 'api' ? 'api' : 'staff';
    // An API client is no person: nobody is named as having recorded it.
    values.marketingConsentRecordedBy = channel === 'api' ? null : ctx.userId;
  }
  return values;
}

/** A marketing consent recorded by staff or the API is a consent.changed webhook, in the transaction of the save. */
async function emitConsentChange(tx: Database, row: PatientRow, saved: Partial<PatientRow>, now: Date) {
  if (!saved.marketingConsent) return;
  await emitWebhookEvents(
    tx,
    row.clinicId,
    [
      {
        type: 'consent.changed',
        data: {
          patient_id: row.id,
          channel: 'marketing',
          status: saved.marketingConsent === 'granted' ? 'opted_in' : 'opted_out',
          source: saved.marketingConsentSource ?? 'staff',
        },
      },
    ],
    now,
  );
}

// ---------- list, get ----------

export async function listPatients(
  deps: Deps,
  ctx: ClinicContext,
  query: {
    q?: string;
    status?: PatientStatus;
    risk?: PatientRiskFilter;
    sort?: PatientListSort;
    limit: number;
    cursor?: string;
  },
  options: { withTotal: boolean } = { withTotal: true },
): Promise<PatientListResponse> {
  const cursor = decodeCursor(query.cursor);
  const byRisk = query.sort === 'risk';
  if (cursor && byRisk !== (cursor.r !== undefined)) {
    throw badRequest('The request is not valid', [{ field: 'cursor', message: 'Invalid cursor' }]);
  }
  const filter = { q: query.q, status: query.status, risk: query.risk };
  // The total is counted once, for the first page: the list shows it from there while paging on.
  // The public API's list has no total: it does not count at all. One after the other on one
  // connection: side by side they took two connections and twice the socket wake-ups per request
  // for a kept-count read of ~0.1 ms (profiled under load: the writes cost more than the overlap saved).
  // Where a kept count answers the total, it comes with the page in one statement; an empty first
  // page means no patient matches.
  const counted = !cursor && options.withTotal;
  const counter = counted ? keptTotalCounter(filter) : null;
  const rows = await listPatientRows(deps.db, ctx.clinicId, {
    ...filter,
    limit: query.limit,
    cursor,
    sort: query.sort,
    keptTotal: counter,
  });
  const total = !counted
    ? null
    : counter
      ? Number(rows[0]?.keptTotal ?? 0)
      : await countPatientRows(deps.db, ctx.clinicId, filter);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > query.limit && last
      ? encodeCursor({ t: last.cursorTs, id: last.id, ...(byRisk ? { r: last.riskRank } : {}) })
      : null;
  return {
    patients: page.map((row) => ({ ...toPatient(row, ctx.clinic.timeZone), risk: toPatientRisk(row) })),
    nextCursor,
    total,
  };
}

/** Where a record is read from: the client address goes into the access log. */
export type Viewer = { ipAddress: string | null };

export async function getPatient(
  deps: Deps,
  ctx: ClinicContext,
  id: string,
  viewer: Viewer,
): Promise<PatientDetail> {
  const row = await findPatientRow(deps.db, ctx.clinicId, id);
  if (!row) throw patientNotFound();
  await recordPatientView(deps.db, { ...ctx, ...viewer }, id, 'patient_viewed');
  const clinicalCaseId = await findOpenClinicalCaseId(deps.db, ctx.clinicId, id);
  return {
    ...toPatient(row, ctx.clinic.timeZone),
    automatedMessagesPaused: clinicalCaseId ? { reason: 'clinical_case_open', caseId: clinicalCaseId } : null,
  };
}

// ---------- create, update ----------

/** 'P-<timestamp>' made unique within the clinic ('-2', '-3' ... when the millisecond is taken). */
async function takenIds(db: Database, clinicId: string, now: Date) {
  return findIdsWithPrefix(db, clinicId, makePatientId(now));
}

export async function createPatient(
  deps: CreateDeps,
  ctx: ClinicContext,
  body: PatientInput,
  channel: PatientInputChannel = 'app',
): Promise<Patient> {
  const readProcedure = await procedureReader(deps, ctx.clinicId, body.procedure);
  const fields = validatePatient(body, ctx.clinic.country, readProcedure);
  const now = new Date();
  const procedureDate = procedureDateValue(body, ctx, now, true);
  const locale = localeAndConsent(body, ctx, null, now, channel);
  const insert = (db: Database, id: string) =>
    insertPatientRow(db, {
      clinicId: ctx.clinicId,
      id,
      ...fields,
      ...locale,
      procedureDate,
      createdAt: now,
      updatedAt: now,
    });
  // The id is tried before anything is read: this process's own ids of the millisecond are skipped
  // (`patient-id-issuer.ts`), the primary key answers another process's, and only then are the taken
  // ids of that millisecond read. Without a consent event the insert is one statement, its own transaction.
  let taken: Set<string> | undefined;
  const limited = patientLimitOf(ctx.clinic.subscriptionTier) !== null;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const id = deps.patientIds.next(ctx.clinicId, now, taken);
    // A plan with a patient limit counts under the clinic's lock in the insert's transaction (two
    // creates racing for the last place); a consent change is written with its patient.
    const row =
      limited || locale.marketingConsent
        ? await deps.db.transaction(async (tx) => {
            await holdPatientLimit(tx, ctx, 1);
            const inserted = await insert(tx, id);
            if (inserted) await emitConsentChange(tx, inserted, locale, now);
            return inserted;
          })
        : await insert(deps.db, id);
    // Adding a patient stays the insert alone (issue 31): the procedure's complaint rate, and with it
    // the newcomer's reason, follow at the procedure's next case, edit or import.
    if (row) return toPatient(row, ctx.clinic.timeZone);
    taken ??= await takenIds(deps.db, ctx.clinicId, now);
    taken.add(id);
  }
  throw new Error('could not find a free patient id');
}

/** Whether a value differs from the stored row (times by their instant). */
function changesAnything(existing: PatientRow, changes: Partial<PatientRow>): boolean {
  return Object.entries(changes).some(([key, value]) => {
    const before = (existing as Record<string, unknown>)[key];
    if (value instanceof Date && before instanceof Date) return value.getTime() !== before.getTime();
    return value !== before;
  });
}

export async function updatePatient(
  deps: WriteDeps,
  ctx: ClinicContext,
  id: string,
  body: PatientInput,
  channel: PatientInputChannel = 'app',
): Promise<Patient> {
  const existing = await findPatientRow(deps.db, ctx.clinicId, id);
  if (!existing) throw patientNotFound();
  const { procedureDate: _date, marketingConsentAt: _at, ...patientFields } = body;
  const given = Object.fromEntries(Object.entries(patientFields).filter(([, value]) => value !== undefined));
  const newProcedure = body.procedure === existing.procedure ? undefined : body.procedure;
  const readProcedure = await procedureReader(deps, ctx.clinicId, newProcedure);
  const fields = validatePatient(
    {
      name: existing.name,
      email: existing.email,
      phone: existing.phone,
      procedure: existing.procedure,
      status: existing.status,
      comment: existing.comment,
      ...given,
    },
    ctx.clinic.country,
    // The procedure the patient has stays valid even after the clinic archived it.
    (text) => (text === existing.procedure ? text : readProcedure(text)),
  );
  // A procedure chosen by staff replaces the text an import could not place.
  const procedureOriginal = fields.procedure === existing.procedure ? {} : { procedureOriginal: null };
  const now = new Date();
  const procedureDate = procedureDateValue(body, ctx, now, false);
  const locale = localeAndConsent(body, ctx, existing, now, channel);
  const changes = { ...fields, ...procedureOriginal, ...locale, ...(procedureDate ? { procedureDate } : {}) };
  // Nothing new (a sync sending what is stored, an empty PATCH): no write, updated_at stays.
  if (!changesAnything(existing, changes)) return toPatient(existing, ctx.clinic.timeZone);
  const row = await deps.db.transaction(async (tx) => {
    const updated = await updatePatientRow(tx, ctx.clinicId, id, { ...changes, updatedAt: now });
    if (updated) await emitConsentChange(tx, updated, locale, now);
    if (updated && updated.procedure !== existing.procedure) {
      // Another procedure: the patient's own rate reason, and both procedures' complaint rates.
      await recomputePatientRisk(tx, ctx.clinicId, id);
      await refreshProcedureComplaintRate(tx, ctx.clinicId, [existing.procedure, updated.procedure]);
    }
    return updated;
  });
  if (!row) throw patientNotFound();
  return toPatient(row, ctx.clinic.timeZone);
}

// ---------- timeline ----------

export async function getPatientTimeline(
  deps: Deps,
  ctx: ClinicContext,
  id: string,
  viewer: Viewer,
): Promise<PatientTimelineResponse> {
  const patient = await findPatientRow(deps.db, ctx.clinicId, id);
  if (!patient) throw patientNotFound();
  await recordPatientView(deps.db, { ...ctx, ...viewer }, id, 'patient_timeline_viewed');
  const [reviewRows, caseRows, messageRows, surveyRows] = [
    await listPatientReviews(deps.db, ctx.clinicId, id),
    await listPatientCases(deps.db, ctx.clinicId, id),
    await listPatientMessages(deps.db, ctx.clinicId, id),
    await listPatientSurveyAnswers(deps.db, ctx.clinicId, id),
  ];
  const language = readerLanguage(ctx);
  const items: TimelineItem[] = [
    ...reviewRows.map((r) => ({ kind: 'review' as const, ...r, at: r.at.toISOString() })),
    ...caseRows.map(({ titleKind, titleParams, ...c }) => ({
      kind: 'case' as const,
      ...c,
      title: storedCaseTitleText({ title: c.title, titleKind, titleParams }, language),
      at: c.at.toISOString(),
    })),
    ...messageRows.map((m) => ({ kind: 'message' as const, ...m, at: new Date(m.at).toISOString() })),
    // The query keeps answered surveys only: answered_at and score are set together.
    ...surveyRows.map((s) => ({
      kind: 'survey' as const,
      id: s.id,
      at: (s.at ?? new Date(0)).toISOString(),
      score: s.score ?? 0,
      comment: s.comment,
    })),
  ];
  items.sort((a, b) => b.at.localeCompare(a.at));
  return { patientId: id, items };
}
