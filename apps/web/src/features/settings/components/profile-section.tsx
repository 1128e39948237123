import type { ClinicSettings } from '@careloop/contracts/settings';
import { type BrandTone, brandTones } from '@careloop/domain/clinic-profile';
import { Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ClinicLocaleFields } from '../../../components/clinic-locale-fields';
import { SettingsSection } from '../../../components/settings-section';
import { showError, showSuccess } from '../../../lib/notifications';
import { useUpdateProfile } from '../api/update-profile';
import {
  fieldErrorsOf,
  type ProfileFormValues,
  profileFormValues,
  toProfileBody,
  validateProfile,
} from '../settings.utils';
import { showsError, translatedErrors } from '../settings-form';

/** Name, contact e-mail, phone, brand tone, language, time zone and country; the specialty has its own section above. */
export function ProfileSection({ settings }: { settings: ClinicSettings }) {
  const { t } = useTranslation('settings');
  const updateProfile = useUpdateProfile();
  // The category is chosen in its own section; the profile saves the one on record.
  const withCategory = (values: ProfileFormValues) => ({ ...values, category: settings.clinic.category });
  const form = useForm({
    initialValues: profileFormValues(settings),
    validateInputOnChange: true,
    validate: (values) => translatedErrors(t, validateProfile(withCategory(values))),
    // The phone is checked for the chosen country: a change of country re-checks it.
    onValuesChange: (values, previous) => {
      if (values.country !== previous.country && (form.isTouched('phone') || form.errors.phone !== undefined))
        form.validateField('phone');
    },
  });
  const categoryError = form.errors.category;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = toProfileBody(withCategory(form.values));
    if (form.validate().hasErrors || !body) return;
    updateProfile.mutate(body, {
      onSuccess: (saved) => {
        form.setInitialValues(profileFormValues(saved));
        form.reset();
        showSuccess({ title: t('profile.toasts.saved') });
      },
      onError: (error) => {
        form.setErrors(translatedErrors(t, fieldErrorsOf(error)));
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
            onChange={(event) => form.setFieldValue('name', event.currentTarget.value)}
            error={form.errors.name}
            maxLength={200}
            autoComplete="organization"
          />
          <TextInput
            type="email"
            label={t('profile.email')}
            required
            value={form.values.email}
            onChange={(event) => form.setFieldValue('email', event.currentTarget.value)}
            error={form.errors.email}
            maxLength={320}
            autoComplete="email"
          />
          <TextInput
            type="tel"
            label={t('profile.phone')}
            description={t('profile.phoneHint')}
            required
            value={form.values.phone}
            onChange={(event) => form.setFieldValue('phone', event.currentTarget.value)}
            error={form.errors.phone}
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
              if (tone) form.setFieldValue('brandTone', tone);
            }}
            allowDeselect={false}
          />
        </SimpleGrid>
        <Stack mt="sm">
          <ClinicLocaleFields
            value={form.values}
            onChange={(next) => {
              form.setFieldValue('defaultLanguage', next.defaultLanguage);
              form.setFieldValue('timeZone', next.timeZone);
              form.setFieldValue('country', next.country);
            }}
          />
        </Stack>
        {categoryError && showsError(form.errors) ? (
          <Text size="sm" c="red.6" mt="sm" role="alert">
            {categoryError}
          </Text>
        ) : null}
        <Group justify="flex-end" mt="md">
          <Button type="submit" loading={updateProfile.isPending} disabled={showsError(form.errors)}>
            {t('profile.save')}
          </Button>
        </Group>
      </form>
    </SettingsSection>
  );
}
