import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds each spec file took in a run on the CI machine (three workers, servers on PostgreSQL),
 * longest first. The workers take the files in this order, each the next one when it is free: the
 * longest start first, so no long file starts last and runs on alone at the end (a clean clone has
 * no vitest cache of durations; by file size, the longest axe walk came last and ran alone).
 * A file not listed runs first. Update from a run's JSON report when a file grows or is added.
 */
const secondsOnCi: Record<string, number> = {
  'clinic-core.spec.ts': 59,
  'public-site-axe.spec.ts': 50,
  'analytics.spec.ts': 48,
  'public-site.spec.ts': 45,
  'settings.spec.ts': 42,
  'plans-billing.spec.ts': 41,
  'public-site-languages.spec.ts': 36,
  'api-sdk-journey.spec.ts': 33,
  'api-settings-rotation.spec.ts': 33,
  'madrid-clinic-messaging.spec.ts': 32,
  'sandbox-trial.spec.ts': 26,
  'review-ingestion.spec.ts': 25,
  'enterprise-compliance.spec.ts': 24,
  'onboarding.spec.ts': 23,
  'spanish-stays-spanish.spec.ts': 23,
  'auth-journey.spec.ts': 22,
  'foundation-a11y.spec.ts': 22,
  'followup-automation.spec.ts': 20,
  'messaging-journey.spec.ts': 18,
  'surveys.spec.ts': 18,
  'team-invitation.spec.ts': 18,
  'webhooks.spec.ts': 18,
  'language-urls.spec.ts': 17,
  'patient-import.spec.ts': 16,
  'security-hardening.spec.ts': 16,
  'leads.spec.ts': 14,
  'daily-digest.spec.ts': 13,
  'testing-checklist.spec.ts': 13,
  'monitoring.spec.ts': 12,
  'status-page.spec.ts': 7,
};

const seconds = (spec: TestSpecification) =>
  secondsOnCi[spec.moduleId.split('/').pop() ?? ''] ?? Number.POSITIVE_INFINITY;

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => seconds(b) - seconds(a));
  }
}
