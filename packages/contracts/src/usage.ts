import { planTiers } from '@careloop/domain/plans';
import { z } from 'zod';

const usageLineSchema = z.object({
  used: z.number().int(),
  /** null: unlimited. */
  limit: z.number().int().nullable(),
});

export const usageSchema = z.object({
  plan: z.enum(planTiers),
  /** YYYY-MM, calendar month in the clinic's time zone. */
  month: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  whatsapp: usageLineSchema,
  sms: usageLineSchema,
  patients: usageLineSchema,
  /** Messages over the pooled allowance in percent; null when unlimited. */
  usagePercent: z.number().nullable(),
  patientLimitExceeded: z.boolean(),
  /** Whether the upgrade dialog opens for this user: a threshold is crossed and they have not dismissed it. */
  showUpgradePrompt: z.boolean(),
  /** The threshold crossed (what "Remind me later" dismisses); null: none. */
  upgradePromptThreshold: z.string().nullable(),
  projection: z.object({
    region: z.enum(['us_canada', 'eu', 'rest_of_world']),
    whatsapp: z.number().int(),
    sms: z.number().int(),
    overageMessages: z.number().int(),
    overageCostCents: z.number().int(),
    totalCostCents: z.number().int(),
  }),
  recommendedPlan: z.enum(planTiers),
  /** The recommended plan's one price, itemised (domain `planPrices`); null: custom pricing. */
  recommendedPrice: z
    .object({
      platformCents: z.number().int(),
      messagingBundleCents: z.number().int(),
      totalCents: z.number().int(),
    })
    .nullable(),
  smsAddOn: z.object({ priceCents: z.number().int(), sms: z.number().int() }).nullable(),
  /**
   * This month so far, past each channel's allowance: sending goes on and these messages are billed
   * at the overage rates of the clinic's region, volume discount applied (ADR 011).
   */
  overage: z.object({
    policy: z.literal('billed'),
    messages: z.number().int(),
    costCents: z.number().int(),
  }),
});
export type Usage = z.infer<typeof usageSchema>;

export const dismissUpgradePromptBodySchema = z.object({ threshold: z.string().min(1).max(100) }).strict();
export type DismissUpgradePromptBody = z.infer<typeof dismissUpgradePromptBodySchema>;
