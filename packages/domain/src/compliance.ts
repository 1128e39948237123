import type { DomainMessage } from './domain-message';
import { resolvePlanTier } from './plans';

/** The compliance tools (audit log, retention, patient export and erasure, BAA) are Enterprise only. */
export function canUseCompliance(tier: string | null | undefined): boolean {
  return resolvePlanTier(tier) === 'enterprise';
}

export const complianceMessages = {
  // The spec's locked-feature message names Professional too; for an Enterprise-only page that
  // would send a Professional clinic in circles, so the same sentence names Enterprise alone.
  enterpriseRequired: {
    key: 'plans.errors.enterpriseRequired',
    message: 'This feature requires Enterprise plan',
  },
} as const satisfies Record<string, DomainMessage>;

/** What a clinic may keep for a limited time; null days keeps it until erased. */
export const retentionCategories = ['messages', 'resolvedCases'] as const;
export type RetentionCategory = (typeof retentionCategories)[number];

/**
 * Bounds of a retention period in days. At least 90 days, so the month's usage, the 24-hour
 * WhatsApp window and the conversations staff are still answering are never cut short; at most
 * ten years.
 */
export const retentionDaysRange = { min: 90, max: 3650 } as const;

/** The instant before which a category's rows go, or null when the clinic keeps them. */
export function retentionCutoff(days: number | null, now: Date): Date | null {
  if (days === null) return null;
  return new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
}
