/** Query keys of the settings feature. */
export const settingsKeys = {
  settings: ['settings'] as const,
  templates: ['templates'] as const,
  team: ['team'] as const,
  usage: ['usage'] as const,
  billing: ['billing'] as const,
  apiClients: ['api-clients'] as const,
  webhookEndpoints: ['webhook-endpoints'] as const,
  webhookDeliveries: (endpointId: string) => ['webhook-endpoints', endpointId, 'deliveries'] as const,
};
