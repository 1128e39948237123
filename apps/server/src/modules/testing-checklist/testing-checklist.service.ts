import type {
  QaCaseState,
  TestingChecklistResponse,
  UpdateQaCaseBody,
} from '@careloop/contracts/testing-checklist';
import { emailHandle } from '@careloop/domain/clinic-profile';
import { type QaCaseId, qaCases } from '@careloop/domain/qa-cases';
import type { AppDeps } from '../../app-deps';
import type { ClinicContext } from '../../plugins/request-context';
import { recordUserAction } from '../audit/audit.service';
import { listQaCaseRows, type QaCaseRow, upsertQaCase } from './testing-checklist.repository';

type Caller = Pick<ClinicContext, 'clinicId' | 'userId'>;

function toState(id: QaCaseId, row: QaCaseRow | undefined): QaCaseState {
  const tester = row?.testerName?.trim() || (row?.testerEmail ? emailHandle(row.testerEmail) : null);
  return {
    id,
    completed: row?.completed ?? false,
    testedAt: row?.testedAt?.toISOString() ?? null,
    testedBy: row?.completed ? tester : null,
    notes: row?.notes ?? '',
  };
}

/** Every case of the checklist in its fixed order, with the clinic's saved state (spec 2 §2). */
export async function getTestingChecklist(
  deps: Pick<AppDeps, 'db'>,
  ctx: Caller,
): Promise<TestingChecklistResponse> {
  const rows = new Map((await listQaCaseRows(deps.db, ctx.clinicId)).map((row) => [row.caseId, row]));
  return { cases: qaCases.map((c) => toState(c.id, rows.get(c.id))) };
}

/** Ticks, unticks or annotates one case for the caller's clinic, and logs `test_case_updated`. */
export async function updateQaCase(
  deps: Pick<AppDeps, 'db'>,
  ctx: Caller,
  caseId: QaCaseId,
  body: UpdateQaCaseBody,
  now: Date = new Date(),
): Promise<QaCaseState> {
  await deps.db.transaction(async (tx) => {
    await upsertQaCase(tx, {
      clinicId: ctx.clinicId,
      caseId,
      userId: ctx.userId,
      completed: body.completed,
      notes: body.notes,
      at: now,
    });
    await recordUserAction(tx, {
      clinicId: ctx.clinicId,
      userId: ctx.userId,
      action: 'test_case_updated',
      context: {
        testId: caseId,
        ...(body.completed !== undefined && { completed: body.completed }),
        notesChanged: body.notes !== undefined,
      },
    });
  });
  const [row] = await listQaCaseRows(deps.db, ctx.clinicId, caseId);
  return toState(caseId, row);
}
