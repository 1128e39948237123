import type { ClinicSettings } from '@careloop/contracts/settings';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SettingsSection } from '../../../components/settings-section';
import { showError, showSuccess } from '../../../lib/notifications';
import { useUpdateSecurity } from '../api/update-security';
import { idleMinuteChoices } from '../settings.utils';

/** Automatic sign-out: saved as soon as it is chosen, like the specialty. */
export function SecuritySection({ settings }: { settings: ClinicSettings }) {
  const { t } = useTranslation('settings');
  const updateSecurity = useUpdateSecurity();
  const saved = settings.security.idleTimeoutMinutes;

  const handleChange = (value: string | null) => {
    const minutes = Number(value);
    if (!value || minutes === saved) return;
    updateSecurity.mutate(
      { idleTimeoutMinutes: minutes },
      {
        onSuccess: () => showSuccess({ title: t('security.toasts.updated') }),
        onError: () => showError({ title: t('security.toasts.updateError') }),
      },
    );
  };

  const shown = updateSecurity.isPending ? (updateSecurity.variables?.idleTimeoutMinutes ?? saved) : saved;
  return (
    <SettingsSection title={t('security.title')} description={t('security.description')}>
      <Select
        label={t('security.idleLabel')}
        data={idleMinuteChoices(saved).map((minutes) => ({
          value: String(minutes),
          label: t('security.minutes', { count: minutes }),
        }))}
        value={String(shown)}
        onChange={handleChange}
        allowDeselect={false}
        disabled={updateSecurity.isPending}
        maw={{ base: '100%', sm: 360 }}
      />
    </SettingsSection>
  );
}
