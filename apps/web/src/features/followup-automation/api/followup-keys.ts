/** Query keys of the follow-up automation feature. */
export const followupKeys = {
  settings: ['automation', 'settings'] as const,
  webhooks: ['automation', 'webhooks'] as const,
  patients: (q: string) => ['automation', 'patients', q] as const,
};
