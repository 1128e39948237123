import { and, count, desc, eq, isNotNull, isNull, lt, ne, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { clientActions, clinics, errorLogs, performanceMetrics } from '../../db/schema';
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

export async function insertPerformanceMetrics(
  db: Database,
  who: Reporter,
  rows: { metric: string; value: number; url?: string; context?: Record<string, unknown> }[],
) {
  await db.insert(performanceMetrics).values(rows.map((row) => ({ id: newId('perf'), ...who, ...row })));
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

export type ErrorLogFilter = {
  source: 'all' | 'public' | 'clinics';
  includeNotFound: boolean;
  errorId?: string;
};

function errorLogConditions(filter: ErrorLogFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.source === 'public') conditions.push(isNull(errorLogs.clinicId));
  if (filter.source === 'clinics') conditions.push(isNotNull(errorLogs.clinicId));
  if (!filter.includeNotFound) conditions.push(ne(errorLogs.errorType, 'page_not_found'));
  if (filter.errorId) conditions.push(eq(errorLogs.errorId, filter.errorId));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** Every clinic's reports and the public pages', newest first: the service's operators only. */
export async function listErrorLogs(
  db: Database,
  filter: ErrorLogFilter,
  page: { limit: number; offset: number },
) {
  const where = errorLogConditions(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: errorLogs.id,
        createdAt: errorLogs.createdAt,
        errorType: errorLogs.errorType,
        errorId: errorLogs.errorId,
        message: errorLogs.errorMessage,
        url: errorLogs.url,
        clinicId: errorLogs.clinicId,
        clinicName: clinics.name,
        userAgent: errorLogs.userAgent,
      })
      .from(errorLogs)
      .leftJoin(clinics, eq(clinics.id, errorLogs.clinicId))
      .where(where)
      .orderBy(desc(errorLogs.createdAt), desc(errorLogs.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(errorLogs).where(where),
  ]);
  return { rows, total: Number(total?.total ?? 0) };
}
