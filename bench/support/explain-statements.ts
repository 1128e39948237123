import { analyticsPeriods } from '@careloop/domain/analytics/analytics-period';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import {
  type AnalyticsWindow,
  analyticsStatements,
  analyticsWindow,
} from '../../apps/server/src/modules/analytics/analytics-statements.repository';
import { loadAverage } from './report';

const dialect = new PgDialect();

/**
 * EXPLAIN (ANALYZE, BUFFERS) of one statement, `runs` times: the median time (a shared machine's
 * noise), the rows it returned, the pages it touched and the scans that touched them.
 */
async function explainStatement(client: pg.Client, statement: SQL, runs = 5) {
  const query = dialect.sqlToQuery(statement);
  const times: number[] = [];
  let plan: pg.QueryResult | null = null;
  for (let run = 0; run < runs; run++) {
    plan = await client.query(`explain (analyze, buffers, format json) ${query.sql}`, query.params);
    const first = (plan.rows[0] as { 'QUERY PLAN': [Record<string, unknown>] })['QUERY PLAN'][0];
    times.push(Number(first['Execution Time']));
  }
  if (!plan) throw new Error('runs must be at least 1');
  times.sort((a, b) => a - b);
  const root = (plan.rows[0] as { 'QUERY PLAN': [Record<string, unknown>] })['QUERY PLAN'][0];
  const top = root.Plan as Record<string, number | string>;
  const scans: string[] = [];
  const visit = (node: Record<string, unknown>) => {
    const type = String(node['Node Type']);
    if (type.includes('Scan'))
      scans.push(
        `${type} ${String(node['Index Name'] ?? node['Relation Name'] ?? '')} x${node['Actual Loops']} rows ${node['Actual Rows']}`,
      );
    for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) visit(child);
  };
  visit(top);
  return {
    medianMs: Math.round((times[Math.floor(runs / 2)] ?? 0) * 10) / 10,
    rows: Number(top['Actual Rows']),
    sharedPages: Number(top['Shared Hit Blocks'] ?? 0) + Number(top['Shared Read Blocks'] ?? 0),
    scans: scans.join('; '),
  };
}

/** Every statement of the summary for the last `days` days, in the clinic's time zone, with the load average. */
export async function explainSummaryStatements(
  client: pg.Client,
  clinicId: string,
  timeZone: string,
  days: number,
  now = new Date(),
) {
  const isoDay = (ms: number) => new Date(ms).toLocaleDateString('en-CA', { timeZone });
  const periods = analyticsPeriods(
    isoDay(now.getTime() - (days - 1) * 86_400_000),
    isoDay(now.getTime()),
    timeZone,
  );
  const window: AnalyticsWindow = analyticsWindow(clinicId, periods, timeZone, now);
  const figures: Record<string, Record<string, number | string>> = {};
  for (const [name, build] of Object.entries(analyticsStatements)) {
    figures[`${name} statement ${days} days`] = {
      ...(await explainStatement(client, build(window))),
      load1m: loadAverage()[0] ?? 0,
    };
  }
  return figures;
}
