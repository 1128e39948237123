import { z } from 'zod';
import { backfillPatientRisk } from '../db/patient-risk-backfill';
import { defineJob } from './job-definition';

// Patients created before risk levels existed get theirs computed once. Scheduled rather than run
// once at start so that a restart or a second process never leaves it half done: each run goes on
// where the last stopped, and once none is left a run is one probe of an empty partial index.
export const backfillPatientRiskJob = defineJob({
  name: 'backfill-patient-risk',
  payload: z.object({}),
  schedule: { cron: '*/5 * * * *' },
  handle: async (_payload, { db, log }) => {
    const computed = await backfillPatientRisk(db, { budgetMs: 50_000 });
    if (computed > 0) log.info({ computed }, 'patient risk backfilled');
  },
});
