import type { DismissUpgradePromptBody, Usage } from '@careloop/contracts/usage';
import { estimateVolumeCost } from '@careloop/domain/cost-calculator';
import { overagePolicy } from '@careloop/domain/overage';
import { regionOfCountry, summarizeUsage, usageMonthOf } from '@careloop/domain/usage';
import type { AppDeps } from '../../app-deps';
import { badRequest } from '../../lib/errors';
import type { ClinicContext } from '../../plugins/request-context';
import { countUsage, insertUpgradePromptDismissal, isUpgradePromptDismissed } from './usage.repository';

/** The clinic's usage this calendar month (its time zone) against its plan (spec 2 §2, §9). */
export async function getUsage(
  deps: Pick<AppDeps, 'db'>,
  ctx: Pick<ClinicContext, 'clinicId' | 'clinic' | 'userId'>,
  now: Date,
): Promise<Usage> {
  const month = usageMonthOf(now, ctx.clinic.timeZone);
  const counts = await countUsage(deps.db, ctx.clinicId, month.startsAt, month.endsAt);
  const summary = summarizeUsage({
    counts,
    tier: ctx.clinic.subscriptionTier,
    country: ctx.clinic.country,
    month,
  });
  const { projection } = summary;
  const threshold = summary.upgradePromptThreshold;
  const dismissed =
    threshold !== null && (await isUpgradePromptDismissed(deps.db, ctx.clinicId, ctx.userId, threshold));
  // What was sent past the allowance so far (not projected): billed, never held back (ADR 011).
  const soFar = estimateVolumeCost(
    { whatsapp: counts.whatsappMessages, sms: counts.smsMessages, patients: counts.patients },
    summary.plan,
    regionOfCountry(ctx.clinic.country),
  );
  return {
    plan: summary.plan,
    month: summary.month,
    periodStart: month.startsAt.toISOString(),
    periodEnd: month.endsAt.toISOString(),
    whatsapp: summary.whatsapp,
    sms: summary.sms,
    patients: summary.patients,
    usagePercent: summary.usagePercent,
    patientLimitExceeded: summary.patientLimitExceeded,
    showUpgradePrompt: summary.showUpgradePrompt && !dismissed,
    upgradePromptThreshold: threshold,
    projection: {
      region: projection.region,
      whatsapp: projection.projectedWhatsApp,
      sms: projection.projectedSms,
      overageMessages: projection.overageMessages,
      overageCostCents: projection.overageCostCents,
      totalCostCents: projection.totalCostCents,
    },
    recommendedPlan: summary.recommendedPlan,
    recommendedPrice: summary.recommendedPrice,
    smsAddOn: summary.smsAddOn,
    overage: {
      policy: overagePolicy,
      messages: soFar.overageMessages,
      costCents: soFar.overageCostCents,
    },
  };
}

/**
 * "Remind me later": the user will not be offered this threshold again, on any device; only the
 * threshold the clinic has crossed now can be dismissed (anything else is refused, nothing stored).
 */
export async function dismissUpgradePrompt(
  deps: Pick<AppDeps, 'db'>,
  ctx: Pick<ClinicContext, 'clinicId' | 'clinic' | 'userId'>,
  body: DismissUpgradePromptBody,
  now: Date,
): Promise<void> {
  const usage = await getUsage(deps, ctx, now);
  if (usage.upgradePromptThreshold !== body.threshold) {
    const message = 'This usage threshold is not the one your clinic has reached';
    throw badRequest(message, [{ field: 'threshold', message }]);
  }
  await insertUpgradePromptDismissal(deps.db, {
    clinicId: ctx.clinicId,
    userId: ctx.userId,
    threshold: body.threshold,
    dismissedAt: now,
  });
}
