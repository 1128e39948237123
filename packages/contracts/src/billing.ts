import { planTiers } from '@careloop/domain/plans';
import { z } from 'zod';

export const startCheckoutBodySchema = z.object({ plan: z.enum(planTiers) }).strict();
export type StartCheckoutBody = z.infer<typeof startCheckoutBodySchema>;

/** Where to send the browser: Stripe Checkout or the customer portal. */
export const billingRedirectSchema = z.object({ url: z.string().url() });
export type BillingRedirect = z.infer<typeof billingRedirectSchema>;

export const billingStatusSchema = z.object({
  hasBillingAccount: z.boolean(),
  subscriptionStatus: z.string().nullable(),
  /** Cancelled in the portal: the paid plan holds until currentPeriodEnd, and can be resumed until then. */
  cancelAtPeriodEnd: z.boolean(),
  /** ISO time the current paid period ends; null without a subscription. */
  currentPeriodEnd: z.iso.datetime({ offset: true }).nullable(),
});
export type BillingStatus = z.infer<typeof billingStatusSchema>;

/** An operator sets a clinic's plan as sales arranged it (`PUT /api/admin/clinics/:clinicId/plan`). */
export const operatorPlanBodySchema = z.object({ plan: z.enum(planTiers, 'Choose a plan') }).strict();
export type OperatorPlanBody = z.infer<typeof operatorPlanBodySchema>;
export const operatorPlanParamsSchema = z.object({ clinicId: z.string().min(1).max(100) });
export const operatorPlanResponseSchema = z.object({ clinicId: z.string(), plan: z.enum(planTiers) });
export type OperatorPlanResponse = z.infer<typeof operatorPlanResponseSchema>;
