import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { executeRows } from '../db/execute-rows';

/**
 * One queue's or outbox's waiting work: due now, due later, being worked, and how long the oldest
 * due item has waited (0 when none is due).
 */
export type WaitingWork = {
  source: 'queue' | 'outbox';
  name: string;
  due: number;
  later: number;
  inFlight: number;
  oldestDueSeconds: number;
};

/**
 * Every job queue and both outboxes in one statement, read at scrape time. Each part reads a partial
 * or leading-column index of rows still waiting (pg-boss's `job_i11`, `communications_queued_due_idx`
 * and `communications_sending_idx`, `webhook_deliveries_due_idx`), so its cost follows the work
 * waiting, never the history kept.
 */
export async function readWaitingWork(
  db: Database,
  options: { withQueues: boolean },
): Promise<WaitingWork[]> {
  const queues = sql`
      select 'queue' as source, name,
        (count(*) filter (where start_after <= now()))::int as due,
        (count(*) filter (where start_after > now()))::int as later,
        0 as in_flight,
        extract(epoch from now() - min(start_after) filter (where start_after <= now()))::float8
          as oldest_due_seconds
      from pgboss.job where state < 'active' group by name
      union all`;
  const rows = await executeRows<{
    source: 'queue' | 'outbox';
    name: string;
    due: number;
    later: number;
    in_flight: number;
    oldest_due_seconds: number | null;
  }>(
    db,
    sql`${options.withQueues ? queues : sql``}
      select 'outbox' as source, 'messages' as name,
        (count(*) filter (where delivery_status = 'queued' and scheduled_at <= now()))::int as due,
        (count(*) filter (where delivery_status = 'queued' and (scheduled_at > now() or scheduled_at is null)))::int
          as later,
        (count(*) filter (where delivery_status = 'sending'))::int as in_flight,
        extract(epoch from now() - min(scheduled_at) filter (
          where delivery_status = 'queued' and scheduled_at <= now()))::float8 as oldest_due_seconds
      from patient_communications where delivery_status in ('queued', 'sending')
      union all
      select 'outbox', 'webhooks',
        (count(*) filter (where status = 'pending' and next_attempt_at <= now()))::int,
        (count(*) filter (where status = 'pending' and next_attempt_at > now()))::int,
        (count(*) filter (where status = 'sending'))::int,
        extract(epoch from now() - min(next_attempt_at) filter (
          where status = 'pending' and next_attempt_at <= now()))::float8
      from webhook_deliveries where status in ('pending', 'sending')
    `,
  );
  return rows.map((row) => ({
    source: row.source,
    name: row.name,
    due: Number(row.due),
    later: Number(row.later),
    inFlight: Number(row.in_flight),
    oldestDueSeconds: Math.max(0, Number(row.oldest_due_seconds ?? 0)),
  }));
}

/** Whether pg-boss has made its tables (it does when the job runner first starts). */
export async function jobQueuesInstalled(db: Database): Promise<boolean> {
  const [row] = await executeRows<{ installed: boolean }>(
    db,
    sql`select to_regclass('pgboss.job') is not null as installed`,
  );
  return row?.installed === true;
}
