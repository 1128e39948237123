import { lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { clientActions, errorLogs, performanceMetrics } from '../../db/schema';
import { newId } from '../../lib/ids';

type Reporter = { clinicId: string | null; userId: string | null };

export async function insertErrorLog(
  db: Database,
  who: Reporter,
  row: {
    errorType: string;
    errorMessage?: string;
    errorStack?: string;
    componentStack?: string;
    errorId?: string;
    url?: string;
    userAgent?: string;
    additionalContext?: Record<string, unknown>;
  },
) {
  await db.insert(errorLogs).values({ id: newId('err'), ...who, ...row });
}

export async function insertPerformanceMetric(
  db: Database,
  who: Reporter,
  row: { metric: string; value: number; url?: string; context?: Record<string, unknown> },
) {
  await db.insert(performanceMetrics).values({ id: newId('perf'), ...who, ...row });
}

export async function insertClientAction(
  db: Database,
  who: Reporter,
  row: { action: string; url?: string; context?: Record<string, unknown> },
) {
  await db.insert(clientActions).values({ id: newId('cact'), ...who, ...row });
}

export async function deleteReportsBefore(db: Database, cutoff: Date) {
  const errors = await db
    .delete(errorLogs)
    .where(lt(errorLogs.createdAt, cutoff))
    .returning({ id: errorLogs.id });
  const metrics = await db
    .delete(performanceMetrics)
    .where(lt(performanceMetrics.createdAt, cutoff))
    .returning({ id: performanceMetrics.id });
  const actions = await db
    .delete(clientActions)
    .where(lt(clientActions.createdAt, cutoff))
    .returning({ id: clientActions.id });
  return errors.length + metrics.length + actions.length;
}
