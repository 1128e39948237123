import type {
  Case,
  CaseDetail,
  CaseListQuery,
  CaseListResponse,
  CaseNote,
  CaseStatusFilter,
  ClinicMember,
} from '@careloop/contracts/cases';
import {
  type CaseAction,
  type CaseSeverity,
  type CaseSource,
  type CaseStatus,
  CaseTransitionError,
  transitionCase,
} from '@careloop/domain/case-rules';
import { type CaseTitle, storedCaseTitle, storedCaseTitleText } from '@careloop/domain/case-title';
import { type AppLanguage, defaultAppLanguage } from '@careloop/domain/clinic-locale';
import type { AppDeps } from '../../app-deps';
import { decodeCursor, toPage } from '../../db/keyset-cursor';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { readerLanguage } from '../../plugins/reader-language';
import type { ClinicContext } from '../../plugins/request-context';
import { recordUserAction } from '../audit/audit.service';
import { emitWebhookEvents } from '../webhooks/webhook-events.service';
import {
  type CaseRow,
  countCaseSummary,
  findCaseRow,
  findOpenCaseOfSource,
  findOpenReplyCase,
  insertCase,
  insertNote,
  isClinicMember,
  listCaseRows,
  listMemberRows,
  listNoteRows,
  lockPatientRow,
  patientExists,
  raiseCase,
  type StoredCaseTitle,
  updateCaseRow,
} from './cases.repository';

type Deps = Pick<AppDeps, 'db'>;

const caseNotFound = () => notFound('Case');

function toStoredTitle(title: string | CaseTitle): StoredCaseTitle {
  return typeof title === 'string' ? { title, titleKind: null, titleParams: null } : storedCaseTitle(title);
}

function toCase(row: CaseRow, language: AppLanguage): Case {
  return {
    id: row.id,
    source: row.source as CaseSource,
    sourceId: row.sourceId,
    patientId: row.patientId,
    patientName: row.patientName,
    title: storedCaseTitleText(row, language),
    description: row.description,
    severity: row.severity as CaseSeverity,
    status: row.status as CaseStatus,
    dueAt: row.dueAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    owner: row.ownerId ? { id: row.ownerId, name: row.ownerName ?? '' } : null,
  };
}

export async function listCases(
  deps: Deps,
  ctx: ClinicContext,
  query: { status: CaseStatusFilter; limit: number; cursor?: CaseListQuery['cursor'] },
): Promise<CaseListResponse> {
  const cursor = decodeCursor(query.cursor);
  const rows = await listCaseRows(deps.db, ctx.clinicId, {
    status: query.status,
    limit: query.limit,
    cursor,
  });
  const { page, nextCursor } = toPage(rows, query.limit);
  const language = readerLanguage(ctx);
  return { cases: page.map((row) => toCase(row, language)), nextCursor };
}

export function getCaseSummary(deps: Deps, ctx: ClinicContext) {
  return countCaseSummary(deps.db, ctx.clinicId);
}

export async function getCase(deps: Deps, ctx: ClinicContext, id: string): Promise<CaseDetail> {
  const row = await findCaseRow(deps.db, ctx.clinicId, id);
  if (!row) throw caseNotFound();
  const notes = await listNoteRows(deps.db, ctx.clinicId, id);
  return {
    ...toCase(row, readerLanguage(ctx)),
    notes: notes.map(
      (n): CaseNote => ({
        id: n.id,
        body: n.body,
        createdAt: n.createdAt.toISOString(),
        author: n.authorId ? { id: n.authorId, name: n.authorName ?? '' } : null,
      }),
    ),
  };
}

export type NewCase = {
  source: CaseSource;
  sourceId: string | null;
  patientId: string | null;
  /** Staff's words, or what raised the case (worded for each reader when read). */
  title: string | CaseTitle;
  description: string | null;
  severity: CaseSeverity;
  dueAt: Date | null;
  createdAt: Date;
};

/**
 * Opens a case for the clinic (the caller's, or the one a webhook names). Null when its source
 * record (e.g. a review) already has an open or in-progress case: the database's partial unique
 * index decides, so two clicks at once still make one case. The case comes back worded in
 * `language` (the caller's), English when none is given.
 */
export async function openCase(
  deps: Deps,
  clinicId: string,
  input: NewCase,
  language: AppLanguage = defaultAppLanguage,
): Promise<Case | null> {
  const { title, ...rest } = input;
  // The case and its case.created webhook commit together (a savepoint inside a caller's transaction).
  const id = await deps.db.transaction(async (tx) => {
    const inserted = await insertCase(tx, { id: newId('cas'), clinicId, ...rest, ...toStoredTitle(title) });
    if (inserted) {
      await emitWebhookEvents(
        tx,
        clinicId,
        [
          {
            type: 'case.created',
            data: {
              case_id: inserted,
              source: input.source,
              severity: input.severity,
              patient_id: input.patientId,
              review_id: input.source === 'review' ? input.sourceId : null,
            },
          },
        ],
        input.createdAt,
      );
    }
    return inserted;
  });
  if (!id) return null;
  const row = await findCaseRow(deps.db, clinicId, id);
  return row ? toCase(row, language) : null;
}

export async function createManualCase(
  deps: Deps,
  ctx: ClinicContext,
  body: {
    title: string;
    description: string | null;
    severity: CaseSeverity;
    patientId?: string | null;
    dueAt?: string | null;
  },
): Promise<Case> {
  const patientId = body.patientId ?? null;
  if (patientId && !(await patientExists(deps.db, ctx.clinicId, patientId))) {
    throw badRequest('The request is not valid', [{ field: 'patientId', message: 'Patient not found' }]);
  }
  const created = await openCase(
    deps,
    ctx.clinicId,
    {
      source: 'manual',
      sourceId: null,
      patientId,
      title: body.title,
      description: body.description,
      severity: body.severity,
      dueAt: body.dueAt ? new Date(body.dueAt) : null,
      createdAt: new Date(),
    },
    readerLanguage(ctx),
  );
  if (!created) throw new AppError(500, 'INTERNAL', 'The case could not be created');
  return created;
}

/** Start Working / Resolve Case through the domain's transition rule, and/or a new owner. */
export async function updateCase(
  deps: Deps,
  ctx: ClinicContext,
  id: string,
  body: { action?: CaseAction; ownerUserId?: string | null },
): Promise<Case> {
  const current = await findCaseRow(deps.db, ctx.clinicId, id);
  if (!current) throw caseNotFound();
  if (body.ownerUserId && !(await isClinicMember(deps.db, ctx.clinicId, body.ownerUserId))) {
    throw badRequest('The request is not valid', [
      { field: 'ownerUserId', message: 'The owner must be a member of this clinic' },
    ]);
  }
  const now = new Date();
  const status = current.status as CaseStatus;
  let transition: ReturnType<typeof transitionCase> | null = null;
  if (body.action) {
    try {
      transition = transitionCase(status, body.action, now);
    } catch (error) {
      if (error instanceof CaseTransitionError) throw conflict(error.message);
      throw error;
    }
  }
  await deps.db.transaction(async (db) => {
    const updated = await updateCaseRow(db, ctx.clinicId, id, status, {
      updatedAt: now,
      ...(transition ?? {}),
      ...(body.ownerUserId !== undefined ? { ownerUserId: body.ownerUserId } : {}),
    });
    if (!updated) throw conflict('The case was changed by someone else. Please reload it and try again.');
    if (transition?.status === 'resolved') {
      await emitWebhookEvents(
        db,
        ctx.clinicId,
        [{ type: 'case.resolved', data: { case_id: id, resolved_at: now.toISOString() } }],
        now,
      );
      await recordUserAction(db, {
        clinicId: ctx.clinicId,
        userId: ctx.userId,
        action: 'case_resolved',
        url: `/cases/${id}`,
        context: { caseId: id, from: status },
      });
    }
  });
  const row = await findCaseRow(deps.db, ctx.clinicId, id);
  if (!row) throw caseNotFound();
  return toCase(row, readerLanguage(ctx));
}

export async function addCaseNote(
  deps: Deps,
  ctx: ClinicContext,
  caseId: string,
  body: { body: string },
): Promise<CaseNote> {
  if (!(await findCaseRow(deps.db, ctx.clinicId, caseId))) throw caseNotFound();
  const id = newId('note');
  const saved = await insertNote(deps.db, {
    id,
    clinicId: ctx.clinicId,
    caseId,
    authorUserId: ctx.userId,
    body: body.body,
  });
  return {
    id,
    body: body.body,
    createdAt: saved.createdAt.toISOString(),
    author: { id: ctx.userId, name: ctx.user.name },
  };
}

export function listClinicMembers(deps: Deps, ctx: ClinicContext): Promise<ClinicMember[]> {
  return listMemberRows(deps.db, ctx.clinicId);
}

const severityRank: Record<CaseSeverity, number> = { low: 0, medium: 1, high: 2 };

/**
 * A note by no one (what the patient changed) on the open or in-progress case raised from a record,
 * when there is one; false when there is none. Run inside the caller's transaction.
 */
export async function noteOnOpenCaseOf(
  deps: Deps,
  clinicId: string,
  source: { source: CaseSource; sourceId: string },
  body: string,
): Promise<boolean> {
  const open = await findOpenCaseOfSource(deps.db, clinicId, source);
  if (!open) return false;
  await insertNote(deps.db, { id: newId('note'), clinicId, caseId: open.id, authorUserId: null, body });
  return true;
}

/**
 * The case for a patient's worrying reply (source 'alert'): one open case per patient. A later reply
 * while it is open or in progress becomes a note on it (staff see the whole exchange in one place)
 * and raises its severity (and title) when the new reply is worse, e.g. a clinical red flag after a
 * complaint; it never lowers it. After the case is resolved or closed, the next reply opens a new one. Run inside the caller's transaction: the patient's row is locked until it ends.
 */
export async function openOrFollowReplyCase(
  deps: Deps,
  clinicId: string,
  input: Omit<NewCase, 'source' | 'patientId'> & { patientId: string },
): Promise<{ caseId: string | null; followed: boolean }> {
  await lockPatientRow(deps.db, clinicId, input.patientId);
  const open = await findOpenReplyCase(deps.db, clinicId, input.patientId);
  if (!open) {
    const opened = await openCase(deps, clinicId, { ...input, source: 'alert' });
    return { caseId: opened?.id ?? null, followed: false };
  }
  await insertNote(deps.db, {
    id: newId('note'),
    clinicId,
    caseId: open.id,
    authorUserId: null,
    body: input.description ?? toStoredTitle(input.title).title,
  });
  if (severityRank[input.severity] > severityRank[open.severity]) {
    // The worse reply names the case in the Action Queue ("Clinical red flag ..."); the first stays
    // in its description.
    await raiseCase(deps.db, clinicId, open.id, {
      severity: input.severity,
      ...toStoredTitle(input.title),
      updatedAt: input.createdAt,
    });
  }
  return { caseId: open.id, followed: true };
}
