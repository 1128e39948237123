import { healthStatuses, loadTimeRatings } from '@careloop/domain/monitoring-rules';
import { z } from 'zod';

/** System Monitoring (spec 2 §7, §9): one clinic's figures; windows end at `generatedAt`. */
export const monitoringSnapshotSchema = z.object({
  generatedAt: z.string(),
  errors: z.object({
    /** Errors reported in the last 24 hours. */
    count: z.number().int(),
    critical: z.number().int(),
    health: z.enum(healthStatuses),
    byType: z.array(z.object({ errorType: z.string(), count: z.number().int() })),
  }),
  performance: z.object({
    /** Page loads reported in the last hour. */
    pageLoads: z.number().int(),
    averageMs: z.number().nullable(),
    averageRating: z.enum(loadTimeRatings).nullable(),
    slowestMs: z.number().nullable(),
    recent: z.array(
      z.object({
        valueMs: z.number(),
        rating: z.enum(loadTimeRatings),
        url: z.string().nullable(),
        at: z.string(),
      }),
    ),
  }),
  activity: z.object({
    /** Actions recorded in the last hour, by the server and by the web client. */
    actions: z.number().int(),
    activeUsers: z.number().int(),
    topActions: z.array(z.object({ action: z.string(), count: z.number().int() })),
  }),
  credentials: z.object({
    /** The latest daily check of each stored credential. */
    checks: z.array(
      z.object({
        credentialType: z.string(),
        status: z.enum(['healthy', 'unhealthy', 'unknown']),
        detail: z.string().nullable(),
        checkedAt: z.string(),
      }),
    ),
    unhealthy: z.number().int(),
  }),
  security: z.object({
    /** Critical security events in the last 24 hours. */
    critical: z.number().int(),
    events: z.array(z.object({ action: z.string(), resourceType: z.string(), at: z.string() })),
  }),
});
export type MonitoringSnapshot = z.infer<typeof monitoringSnapshotSchema>;
