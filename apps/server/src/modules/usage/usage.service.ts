import type { Usage } from '@careloop/contracts/usage';
import { summarizeUsage, usageMonthOf } from '@careloop/domain/usage';
import type { AppDeps } from '../../app-deps';
import type { ClinicContext } from '../../plugins/request-context';
import { countUsage } from './usage.repository';

/** The clinic's usage this calendar month (its time zone) against its plan (spec 2 §2, §9). */
export async function getUsage(
  deps: Pick<AppDeps, 'db'>,
  ctx: Pick<ClinicContext, 'clinicId' | 'clinic'>,
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
    showUpgradePrompt: summary.showUpgradePrompt,
    projection: {
      region: projection.region,
      whatsapp: projection.projectedWhatsApp,
      sms: projection.projectedSms,
      overageMessages: projection.overageMessages,
      overageCostCents: projection.overageCostCents,
      totalCostCents: projection.totalCostCents,
    },
    recommendedPlan: summary.recommendedPlan,
    recommendedPriceCents: summary.recommendedPriceCents,
    smsAddOn: summary.smsAddOn,
  };
}
