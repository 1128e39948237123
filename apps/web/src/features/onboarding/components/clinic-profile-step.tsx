import { brandTones, clinicCategories } from '@careloop/domain/clinic-profile';
import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ClinicLocaleFields } from '../../../components/clinic-locale-fields';
import type { ProfileDraft } from '../onboarding-drafts.utils';
import { translateOnboardingMessage } from '../onboarding-messages.utils';
import { profileFieldErrors } from '../onboarding-steps.utils';

type ClinicProfileStepProps = {
  value: ProfileDraft;
  onChange: (next: ProfileDraft) => void;
  disabled?: boolean;
};

/** Step 1: clinic name, contact email, phone and category (all required), the brand tone and the locale. */
export function ClinicProfileStep({ value, onChange, disabled }: ClinicProfileStepProps) {
  const { t } = useTranslation('onboarding');
  const errors = profileFieldErrors(value);
  const set = <K extends keyof ProfileDraft>(field: K, next: ProfileDraft[K]) =>
    onChange({ ...value, [field]: next });
  const errorText = (field: keyof typeof errors) => {
    const error = errors[field];
    return error ? translateOnboardingMessage(t, error) : undefined;
  };

  return (
    <Stack gap="md">
      <TextInput
        label={t('profile.name')}
        value={value.name}
        onChange={(event) => set('name', event.currentTarget.value)}
        autoComplete="organization"
        withAsterisk
        required
        disabled={disabled}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={t('profile.email')}
          type="email"
          value={value.email}
          onChange={(event) => set('email', event.currentTarget.value)}
          error={errorText('email')}
          autoComplete="email"
          withAsterisk
          required
          disabled={disabled}
        />
        <TextInput
          label={t('profile.phone')}
          type="tel"
          description={t('profile.phoneHint')}
          value={value.phone}
          onChange={(event) => set('phone', event.currentTarget.value)}
          error={errorText('phone')}
          autoComplete="tel"
          withAsterisk
          required
          disabled={disabled}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          label={t('profile.category')}
          placeholder={t('profile.categoryPlaceholder')}
          data={clinicCategories.map((category) => ({ value: category, label: t(`categories.${category}`) }))}
          value={value.category === '' ? null : value.category}
          onChange={(next) => set('category', next ?? '')}
          allowDeselect={false}
          withAsterisk
          required
          disabled={disabled}
        />
        <Select
          label={t('profile.brandTone')}
          description={t('profile.brandToneHint')}
          data={brandTones.map((tone) => ({ value: tone, label: t(`brandTones.${tone}`) }))}
          value={value.brandTone}
          onChange={(next) => {
            const tone = brandTones.find((candidate) => candidate === next);
            if (tone) set('brandTone', tone);
          }}
          allowDeselect={false}
          withAsterisk
          required
          disabled={disabled}
        />
      </SimpleGrid>
      <ClinicLocaleFields
        value={value}
        onChange={(next) => onChange({ ...value, ...next })}
        disabled={disabled}
      />
    </Stack>
  );
}
