import type { ClinicSettings } from '@careloop/contracts/settings';
import { type BrandTone, brandTones } from '@careloop/domain/clinic-profile';
import { Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ClinicLocaleFields } from '../../../components/clinic-locale-fields';
import { SettingsSection } from '../../../components/settings-section';
import { showError, showSuccess } from '../../../lib/notifications';
import { useUpdateProfile } from '../api/update-profile';
import { useSettingsForm } from '../hooks/use-settings-form';
import { type ProfileFormValues, profileFormValues, toProfileBody, validateProfile } from '../settings.utils';

/** Name, contact e-mail, phone, brand tone, language, time zone and country; the specialty has its own section above. */
export function ProfileSection({ settings }: { settings: ClinicSettings }) {
  const { t } = useTranslation('settings');
  const updateProfile = useUpdateProfile();
  // The category is chosen in its own section; the profile saves the one on record.
  const withCategory = (values: ProfileFormValues) => ({ ...values, category: settings.clinic.category });
  const form = useSettingsForm(profileFormValues(settings), (values: ProfileFormValues) =>
    validateProfile(withCategory(values)),
  );
  const categoryError = form.errorOf('category');

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = toProfileBody(withCategory(form.values));
    if (!form.submit() || !body) return;
    updateProfile.mutate(body, {
      onSuccess: (saved) => {
        form.reset(profileFormValues(saved));
        showSuccess({ title: t('profile.toasts.saved') });
      },
      onError: (error) => {
        form.failWith(error);
        showError({ title: t('profile.toasts.saveError') });
      },
    });
  };

  return (
    <SettingsSection title={t('profile.title')} description={t('profile.description')}>
      <form onSubmit={handleSubmit} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t('profile.name')}
            required
            value={form.values.name}
            onChange={(event) => form.set('name', event.currentTarget.value)}
            error={form.errorOf('name')}
            maxLength={200}
            autoComplete="organization"
          />
          <TextInput
            type="email"
            label={t('profile.email')}
            required
            value={form.values.email}
            onChange={(event) => form.set('email', event.currentTarget.value)}
            error={form.errorOf('email')}
            maxLength={320}
            autoComplete="email"
          />
          <TextInput
            type="tel"
            label={t('profile.phone')}
            description={t('profile.phoneHint')}
            required
            value={form.values.phone}
            onChange={(event) => form.set('phone', event.currentTarget.value)}
            error={form.errorOf('phone')}
            maxLength={40}
            autoComplete="tel"
          />
          <Select
            label={t('profile.brandTone')}
            description={t('profile.brandToneHint')}
            data={brandTones.map((tone: BrandTone) => ({ value: tone, label: t(`brandTones.${tone}`) }))}
            value={form.values.brandTone}
            onChange={(value) => {
              const tone = brandTones.find((candidate) => candidate === value);
              if (tone) form.set('brandTone', tone);
            }}
            allowDeselect={false}
          />
        </SimpleGrid>
        <Stack mt="sm">
          <ClinicLocaleFields
            value={form.values}
            onChange={(next) => {
              form.set('defaultLanguage', next.defaultLanguage);
              form.set('timeZone', next.timeZone);
              form.set('country', next.country);
            }}
          />
        </Stack>
        {categoryError && form.showsError ? (
          <Text size="sm" c="red.6" mt="sm" role="alert">
            {categoryError}
          </Text>
        ) : null}
        <Group justify="flex-end" mt="md">
          <Button type="submit" loading={updateProfile.isPending} disabled={form.showsError}>
            {t('profile.save')}
          </Button>
        </Group>
      </form>
    </SettingsSection>
  );
}
