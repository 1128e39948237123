import { z } from 'zod';
import {
  checkClinicCredentialHealth,
  listClinicsWithStoredCredentials,
} from '../modules/monitoring/credential-health.service';
import { defineJob } from './job-definition';

const checkClinicCredentialsJobName = 'check-clinic-credentials';

/** One clinic's credential check: every stored credential tried through the real client, each result recorded. */
export const checkClinicCredentialsJob = defineJob({
  name: checkClinicCredentialsJobName,
  payload: z.object({ clinicId: z.string().min(1) }),
  retryLimit: 2,
  // Each check waits on the providers' answers, so a process runs many at once.
  concurrency: 8,
  onePendingPerKey: true,
  maxRunSeconds: 120,
  handle: async ({ clinicId }, ctx) => {
    const probes = await checkClinicCredentialHealth(ctx, clinicId);
    ctx.log.info(
      { clinicId, checked: probes.length, unhealthy: probes.filter((p) => p.status === 'unhealthy').length },
      'credentials checked',
    );
  },
});

// Credential health for System Monitoring (spec 2 §7): once a day, one job per clinic with a stored
// credential, so one clinic's slow provider delays nobody else's check.
export const checkCredentialsDailyJob = defineJob({
  name: 'check-credentials-daily',
  payload: z.object({}),
  schedule: { cron: '20 3 * * *' },
  handle: async (_payload, ctx) => {
    const clinicIds = await listClinicsWithStoredCredentials(ctx);
    const queued = await ctx.sendMany(
      checkClinicCredentialsJobName,
      clinicIds.map((clinicId) => ({ payload: { clinicId }, singletonKey: clinicId })),
    );
    ctx.log.info({ clinics: clinicIds.length, queued }, 'credential checks scheduled');
  },
});
