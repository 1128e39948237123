import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds each spec file took in a run on the CI machine (two workers, servers on PostgreSQL),
 * longest first. The workers take the files in this order, each the next one when it is free: the
 * longest start first, so no long file starts last and runs on alone at the end (a clean clone has
 * no vitest cache of durations; by file size, the longest axe walk came last and ran alone).
 * A file not listed runs first. Update from a run's JSON report when a file grows or is added.
 */
const secondsOnCi: Record<string, number> = {
  'public-site-axe.spec.ts': 85,
  'public-site-languages.spec.ts': 64,
  'settings.spec.ts': 52,
  'api-sdk-journey.spec.ts': 52,
  'plans-billing.spec.ts': 49,
  'public-site.spec.ts': 49,
  'clinic-core.spec.ts': 45,
  'analytics.spec.ts': 37,
  'api-settings-rotation.spec.ts': 34,
  'foundation-a11y.spec.ts': 30,
  'sandbox-trial.spec.ts': 27,
  'madrid-clinic-messaging.spec.ts': 27,
  'review-ingestion.spec.ts': 26,
  'spanish-stays-spanish.spec.ts': 24,
  'surveys.spec.ts': 24,
  'onboarding.spec.ts': 23,
  'followup-automation.spec.ts': 22,
  'enterprise-compliance.spec.ts': 21,
  'auth-journey.spec.ts': 19,
  'team-invitation.spec.ts': 18,
  'messaging-journey.spec.ts': 16,
  'patient-import.spec.ts': 16,
  'testing-checklist.spec.ts': 15,
  'security-hardening.spec.ts': 15,
  'monitoring.spec.ts': 13,
  'daily-digest.spec.ts': 13,
  'webhooks.spec.ts': 13,
  'leads.spec.ts': 12,
  'language-urls.spec.ts': 11,
  'status-page.spec.ts': 6,
};

const seconds = (spec: TestSpecification) =>
  secondsOnCi[spec.moduleId.split('/').pop() ?? ''] ?? Number.POSITIVE_INFINITY;

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => seconds(b) - seconds(a));
  }
}
