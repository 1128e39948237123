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
});
export type BillingStatus = z.infer<typeof billingStatusSchema>;
