import type { ClinicSettings } from '@careloop/contracts/settings';
import { type ClinicCategory, clinicCategories, isClinicCategory } from '@careloop/domain/clinic-profile';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SettingsSection } from '../../../components/settings-section';
import { showError, showSuccess } from '../../../lib/notifications';
import { useUpdateCategory } from '../api/update-category';

/** The clinic specialty: saved as soon as it is chosen. */
export function CategorySection({ settings }: { settings: ClinicSettings }) {
  const { t } = useTranslation('settings');
  const updateCategory = useUpdateCategory();

  const handleChange = (value: string | null) => {
    if (!isClinicCategory(value) || value === settings.clinic.category) return;
    updateCategory.mutate(
      { category: value },
      {
        onSuccess: () => showSuccess({ title: t('category.toasts.updated') }),
        onError: () => showError({ title: t('category.toasts.updateError') }),
      },
    );
  };

  return (
    <SettingsSection title={t('category.title')} description={t('category.description')}>
      <Select
        label={t('category.label')}
        placeholder={t('category.placeholder')}
        data={clinicCategories.map((category: ClinicCategory) => ({
          value: category,
          label: t(`categories.${category}`),
        }))}
        value={
          updateCategory.isPending ? (updateCategory.variables?.category ?? null) : settings.clinic.category
        }
        onChange={handleChange}
        allowDeselect={false}
        disabled={updateCategory.isPending}
        maw={{ base: '100%', sm: 360 }}
      />
    </SettingsSection>
  );
}
