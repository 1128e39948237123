import {
  securityCheckIds,
  securityCheckSeverities,
  securityCheckStatuses,
} from '@careloop/domain/security-checks';
import { z } from 'zod';

/**
 * One security check as it stands now (spec 2 §3): its name, description and fix text are the web
 * app's translations of `id`; `details` holds the figures they quote (counts, header names).
 */
export const securityCheckSchema = z.object({
  id: z.enum(securityCheckIds),
  status: z.enum(securityCheckStatuses),
  severity: z.enum(securityCheckSeverities),
  autoFixable: z.boolean(),
  details: z.record(z.string(), z.union([z.string(), z.number()])),
  checkedAt: z.string(),
});
export type SecurityCheck = z.infer<typeof securityCheckSchema>;

/** All eight checks and the score: the percent passing (spec 2 §9). */
export const securityScanSchema = z.object({
  checkedAt: z.string(),
  score: z.number().int().min(0).max(100),
  passing: z.number().int(),
  total: z.number().int(),
  checks: z.array(securityCheckSchema),
});
export type SecurityScan = z.infer<typeof securityScanSchema>;

export const securityCheckParamsSchema = z.object({ checkId: z.enum(securityCheckIds) });
