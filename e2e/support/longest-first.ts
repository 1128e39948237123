import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds each spec file took in a run on the CI machine (two workers, the specs alone), longest
 * first. The workers take the files in this order, each the next one when it is free: the longest
 * start first, so no long file starts last and runs on alone at the end (a clean clone has no
 * vitest cache of durations; by file size, the 226 s axe walk came last and ran alone for 140 s).
 * A file not listed runs first. Update from a run's JSON report when a file grows or is added.
 */
const secondsOnCi: Record<string, number> = {
  'public-site-axe.spec.ts': 226,
  'public-site-languages.spec.ts': 130,
  'foundation-a11y.spec.ts': 127,
  'clinic-core.spec.ts': 124,
  'analytics.spec.ts': 122,
  'settings.spec.ts': 116,
  'public-site.spec.ts': 109,
  'plans-billing.spec.ts': 102,
  'enterprise-compliance.spec.ts': 82,
  'api-settings-rotation.spec.ts': 78,
  'surveys.spec.ts': 71,
  'onboarding.spec.ts': 67,
  'madrid-clinic-messaging.spec.ts': 65,
  'followup-automation.spec.ts': 64,
  'sandbox-trial.spec.ts': 63,
  'review-ingestion.spec.ts': 55,
  'spanish-stays-spanish.spec.ts': 54,
  'team-invitation.spec.ts': 52,
  'language-urls.spec.ts': 51,
  'messaging-journey.spec.ts': 50,
  'webhooks.spec.ts': 49,
  'auth-journey.spec.ts': 46,
  'status-page.spec.ts': 41,
  'testing-checklist.spec.ts': 41,
  'patient-import.spec.ts': 38,
  'daily-digest.spec.ts': 37,
  'monitoring.spec.ts': 37,
  'leads.spec.ts': 36,
  'security-hardening.spec.ts': 34,
  'api-sdk-journey.spec.ts': 34,
};

const seconds = (spec: TestSpecification) =>
  secondsOnCi[spec.moduleId.split('/').pop() ?? ''] ?? Number.POSITIVE_INFINITY;

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => seconds(b) - seconds(a));
  }
}
