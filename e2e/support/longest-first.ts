import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds each spec file took in a run on the CI machine (two workers, the specs alone), longest
 * first. The workers take the files in this order, each the next one when it is free: the longest
 * start first, so no long file starts last and runs on alone at the end (a clean clone has no
 * vitest cache of durations; by file size, the 226 s axe walk came last and ran alone for 140 s).
 * A file not listed runs first. Update from a run's JSON report when a file grows or is added.
 */
const secondsOnCi: Record<string, number> = {
  'public-site-axe.spec.ts': 228,
  'analytics.spec.ts': 123,
  'clinic-core.spec.ts': 117,
  'settings.spec.ts': 100,
  'public-site.spec.ts': 90,
  'api-settings-rotation.spec.ts': 80,
  'plans-billing.spec.ts': 78,
  'public-site-languages.spec.ts': 71,
  'enterprise-compliance.spec.ts': 71,
  'madrid-clinic-messaging.spec.ts': 68,
  'onboarding.spec.ts': 68,
  'followup-automation.spec.ts': 53,
  'sandbox-trial.spec.ts': 52,
  'surveys.spec.ts': 52,
  'foundation-a11y.spec.ts': 43,
  'review-ingestion.spec.ts': 42,
  'spanish-stays-spanish.spec.ts': 40,
  'api-sdk-journey.spec.ts': 34,
  'webhooks.spec.ts': 31,
  'team-invitation.spec.ts': 30,
  'language-urls.spec.ts': 30,
  'messaging-journey.spec.ts': 25,
  'auth-journey.spec.ts': 24,
  'testing-checklist.spec.ts': 24,
  'patient-import.spec.ts': 23,
  'leads.spec.ts': 21,
  'monitoring.spec.ts': 20,
  'daily-digest.spec.ts': 20,
  'security-hardening.spec.ts': 16,
  'status-page.spec.ts': 14,
};

const seconds = (spec: TestSpecification) =>
  secondsOnCi[spec.moduleId.split('/').pop() ?? ''] ?? Number.POSITIVE_INFINITY;

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => seconds(b) - seconds(a));
  }
}
