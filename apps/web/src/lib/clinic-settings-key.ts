/**
 * Query key of the clinic's settings (GET /api/settings). Shared because a plan change made
 * elsewhere (billing) also changes what the settings show.
 */
export const clinicSettingsKey = ['settings'] as const;
