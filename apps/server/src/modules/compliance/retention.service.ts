import {
  type DataRetention,
  type DataRetentionBody,
  dataRetentionBodySchema,
  type RetentionRemoved,
  retentionRemovedSchema,
} from '@careloop/contracts/compliance';
import { retentionCutoff } from '@careloop/domain/compliance';
import type { AppDeps } from '../../app-deps';
import type { Database } from '../../db/client';
import type { ClinicContext } from '../../plugins/request-context';
import { recordUserAction } from '../audit/audit.service';
import { requireEnterprise } from './compliance-gate';
import {
  deleteExpiredRows,
  findRetention,
  listClinicsWithRetention,
  type RetentionRow,
  recordRetentionRun,
  upsertRetention,
} from './retention.repository';

type Deps = Pick<AppDeps, 'db'>;

/** The cleanup job's schedule (`apply-data-retention.job.ts`): 02:00 UTC daily. */
export const retentionCron = '0 2 * * *';

/** The next 02:00 UTC after `now`. */
function nextRetentionRun(now: Date): Date {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 2));
  if (next <= now) next.setUTCDate(next.getUTCDate() + 1);
  return next;
}

function toRetention(row: RetentionRow | null, now: Date): DataRetention {
  const removed = retentionRemovedSchema.safeParse(row?.lastRemoved);
  return {
    messagesDays: row?.messagesDays ?? null,
    resolvedCasesDays: row?.resolvedCasesDays ?? null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
    lastAppliedAt: row?.lastAppliedAt?.toISOString() ?? null,
    lastRemoved: removed.success ? removed.data : null,
    nextRunAt: nextRetentionRun(now).toISOString(),
  };
}

export async function getRetention(deps: Deps, ctx: ClinicContext): Promise<DataRetention> {
  requireEnterprise(ctx);
  return toRetention(await findRetention(deps.db, ctx.clinicId), new Date());
}

export async function saveRetention(
  deps: Deps,
  ctx: ClinicContext,
  body: DataRetentionBody,
): Promise<DataRetention> {
  requireEnterprise(ctx);
  const values = dataRetentionBodySchema.parse(body);
  const before = await findRetention(deps.db, ctx.clinicId);
  const row = await upsertRetention(deps.db, { clinicId: ctx.clinicId, userId: ctx.userId, ...values });
  await recordUserAction(deps.db, {
    clinicId: ctx.clinicId,
    userId: ctx.userId,
    action: 'data_retention_saved',
    context: {
      from: {
        messagesDays: before?.messagesDays ?? null,
        resolvedCasesDays: before?.resolvedCasesDays ?? null,
      },
      to: values,
    },
  });
  return toRetention(row, new Date());
}

/** One clinic's cleanup as of `now`; a run that removed something is audited. */
async function applyClinicRetention(db: Database, row: RetentionRow, now: Date): Promise<RetentionRemoved> {
  const cutoffs = {
    messagesBefore: retentionCutoff(row.messagesDays, now),
    resolvedCasesBefore: retentionCutoff(row.resolvedCasesDays, now),
  };
  // The removal and its record together: a run either happened whole or not at all.
  const removed = await db.transaction(async (tx) => {
    const removedNow = await deleteExpiredRows(tx, row.clinicId, cutoffs);
    await recordRetentionRun(tx, row.clinicId, now, removedNow);
    return removedNow;
  });
  if (Object.values(removed).some((n) => n > 0)) {
    await recordUserAction(db, {
      clinicId: row.clinicId,
      action: 'data_retention_applied',
      context: { ...removed, messagesDays: row.messagesDays, resolvedCasesDays: row.resolvedCasesDays },
    });
  }
  return removed;
}

/** Every clinic that limits retention (the 2 AM job). Saved settings keep applying after a downgrade. */
export async function applyAllRetention(db: Database, now: Date) {
  const rows = await listClinicsWithRetention(db);
  let clinics = 0;
  for (const row of rows) {
    await applyClinicRetention(db, row, now);
    clinics += 1;
  }
  return { clinics };
}
