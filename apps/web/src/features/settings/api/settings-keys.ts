import { clinicSettingsKey } from '../../../lib/clinic-settings-key';

/** Query keys of the settings feature. */
export const settingsKeys = {
  settings: clinicSettingsKey,
  templates: ['templates'] as const,
};
