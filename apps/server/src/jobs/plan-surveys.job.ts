import { z } from 'zod';
import { listClinicsWithSurveysOn, planClinicSurveys } from '../modules/surveys/survey-planner';
import { defineJob } from './job-definition';

const planClinicSurveysJobName = 'plan-clinic-surveys';

/** One clinic's due surveys into the outbox; a retry stores nothing twice (one per patient and procedure). */
export const planClinicSurveysJob = defineJob({
  name: planClinicSurveysJobName,
  payload: z.object({ clinicId: z.string().min(1) }),
  retryLimit: 3,
  concurrency: 4,
  onePendingPerKey: true,
  maxRunSeconds: 120,
  handle: async ({ clinicId }, ctx) => {
    const result = await planClinicSurveys(ctx, clinicId, new Date());
    if (result.planned > 0) ctx.log.info(result, 'surveys planned');
  },
});

// Every 15 minutes, like the follow-ups: one job per clinic with surveys on, so one clinic's trouble
// neither delays nor fails another's, and any number of workers share the load.
export const planSurveysJob = defineJob({
  name: 'plan-surveys',
  payload: z.object({}),
  schedule: { cron: '*/15 * * * *' },
  handle: async (_payload, ctx) => {
    const clinicIds = await listClinicsWithSurveysOn(ctx);
    const queued = await ctx.sendMany(
      planClinicSurveysJobName,
      clinicIds.map((clinicId) => ({ payload: { clinicId }, singletonKey: clinicId })),
    );
    ctx.log.info({ clinics: clinicIds.length, queued }, 'survey planning scheduled');
  },
});
