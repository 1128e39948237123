import { z } from 'zod';
import { refreshPlannerStatistics } from '../db/planner-statistics';
import { defineJob } from './job-definition';

// Planner statistics on a schedule: PGlite has no autovacuum, and a PostgreSQL server may run with it
// off; stale statistics make the planner scan tables it believes empty.
export const refreshPlannerStatisticsJob = defineJob({
  name: 'refresh-planner-statistics',
  payload: z.object({}),
  schedule: { cron: '41 * * * *' },
  handle: async (_payload, { db, log }) => {
    const started = Date.now();
    await refreshPlannerStatistics(db);
    log.info({ ms: Date.now() - started }, 'planner statistics refreshed');
  },
});
