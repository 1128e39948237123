import type {
  ClientErrorList,
  ClientErrorListQuery,
  LogErrorBody,
  LogPerformanceBody,
  LogUserActionBody,
} from '@careloop/contracts/reporting';
import type { Database } from '../../db/client';
import {
  deleteReportsBefore,
  insertClientAction,
  insertErrorLog,
  insertPerformanceMetrics,
  listErrorLogs,
} from './reporting.repository';

export type Reporter = { clinicId: string | null; userId: string | null; userAgent: string | null };

export async function logClientError(db: Database, who: Reporter, body: LogErrorBody) {
  await insertErrorLog(
    db,
    { clinicId: who.clinicId, userId: who.userId },
    {
      errorType: body.error_type,
      errorMessage: body.error_message,
      errorStack: body.error_stack,
      componentStack: body.component_stack,
      errorId: body.error_id,
      url: body.url,
      userAgent: body.user_agent ?? who.userAgent ?? undefined,
      additionalContext: body.additional_context,
    },
  );
}

/** A client's report of what a user did: kept apart from the server's audit trail. */
export async function logClientAction(db: Database, who: Reporter, body: LogUserActionBody) {
  await insertClientAction(
    db,
    { clinicId: who.clinicId, userId: who.userId },
    { action: body.action, url: body.url, context: body.context },
  );
}

export async function logClientPerformance(db: Database, who: Reporter, body: LogPerformanceBody) {
  await insertPerformanceMetrics(
    db,
    { clinicId: who.clinicId, userId: who.userId },
    body.metrics.map(({ metric, value }) => ({ metric, value, url: body.url, context: body.context })),
  );
}

export function deleteReportsOlderThan(db: Database, days: number) {
  return deleteReportsBefore(db, new Date(Date.now() - days * 86_400_000));
}

/** The reports of every clinic and of the public pages, for the operators' error view (query as validated by the route). */
export async function listClientErrors(db: Database, query: ClientErrorListQuery): Promise<ClientErrorList> {
  const { source, includeNotFound, errorId, limit, offset } = query;
  const { rows, total } = await listErrorLogs(db, { source, includeNotFound, errorId }, { limit, offset });
  return {
    items: rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      message: row.message === null ? null : row.message.slice(0, 1000),
    })),
    total,
  };
}
