/** Query keys of the billing feature. */
export const billingKeys = {
  usage: ['usage'] as const,
  billing: ['billing'] as const,
};
