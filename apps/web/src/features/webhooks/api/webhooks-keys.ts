/** Query keys of the webhooks feature. */
export const webhooksKeys = {
  endpoints: ['webhook-endpoints'] as const,
  deliveries: (endpointId: string) => ['webhook-endpoints', endpointId, 'deliveries'] as const,
};
