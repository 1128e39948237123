import {
  type ContractType,
  enterpriseContactLimits,
  enterpriseContracts,
  volumeRanges,
} from '@careloop/domain/enterprise-contact';
import {
  Badge,
  Button,
  Group,
  Modal,
  NativeSelect,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError, showSuccess } from '../../lib/notifications';
import { submitEnterpriseContact } from '../api/public-forms';
import { formatNumber, formatUsd } from './format';
import { HoneypotField } from './honeypot-field';

type EnterpriseContactDialogProps = { opened: boolean; onClose: () => void };

const emptyForm = {
  contactName: '',
  contactEmail: '',
  contactPhone: '',
  companyName: '',
  estimatedMonthlyVolume: '',
  currentSolution: '',
  specificRequirements: '',
  preferredContractType: '' as ContractType | '',
  website: '',
};

/** Spec 3 §5: the four starred fields must be filled before Submit is enabled. */
export function canSubmitEnterpriseContact(form: typeof emptyForm): boolean {
  return [form.contactName, form.contactEmail, form.companyName, form.estimatedMonthlyVolume].every(
    (value) => value.trim() !== '',
  );
}

/** Enterprise sales request: stored, then the dialog closes and forgets what was typed. */
export function EnterpriseContactDialog({ opened, onClose }: EnterpriseContactDialogProps) {
  const { t, i18n } = useTranslation(['pricing', 'common']);
  const form = useForm({ mode: 'controlled', initialValues: emptyForm });
  const values = form.getValues();
  const [isSubmitting, setIsSubmitting] = useState(false);

  async function submit(submitted: typeof emptyForm) {
    if (!canSubmitEnterpriseContact(submitted) || isSubmitting) return;
    setIsSubmitting(true);
    try {
      await submitEnterpriseContact({
        ...submitted,
        estimatedMonthlyVolume: submitted.estimatedMonthlyVolume as (typeof volumeRanges)[number],
        preferredContractType: submitted.preferredContractType || null,
      });
      showSuccess({ title: t('enterprise.successTitle'), message: t('enterprise.successMessage') });
      form.reset();
      onClose();
    } catch {
      showError({ title: t('enterprise.failureTitle'), message: t('enterprise.failureMessage') });
    } finally {
      setIsSubmitting(false);
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('enterprise.title')}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      <form onSubmit={form.onSubmit(submit)}>
        <Stack gap="md">
          <Text fz="sm" c="dark.6">
            {t('enterprise.intro')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('enterprise.contactName')}
              required
              autoComplete="name"
              maxLength={enterpriseContactLimits.contactName}
              {...form.getInputProps('contactName')}
            />
            <TextInput
              label={t('enterprise.contactEmail')}
              type="email"
              required
              autoComplete="email"
              maxLength={enterpriseContactLimits.contactEmail}
              {...form.getInputProps('contactEmail')}
            />
            <TextInput
              label={t('enterprise.contactPhone')}
              type="tel"
              autoComplete="tel"
              maxLength={enterpriseContactLimits.contactPhone}
              {...form.getInputProps('contactPhone')}
            />
            <TextInput
              label={t('enterprise.companyName')}
              required
              autoComplete="organization"
              maxLength={enterpriseContactLimits.companyName}
              {...form.getInputProps('companyName')}
            />
          </SimpleGrid>
          <NativeSelect
            label={t('enterprise.volume')}
            description={t('enterprise.volumeHint')}
            required
            {...form.getInputProps('estimatedMonthlyVolume')}
            data={[
              { value: '', label: t('enterprise.volumePlaceholder'), disabled: true },
              ...volumeRanges.map((range) => ({
                value: range,
                label: t(`enterprise.volumeRanges.${range}`),
              })),
            ]}
          />
          <TextInput
            label={t('enterprise.currentSolution')}
            maxLength={enterpriseContactLimits.currentSolution}
            {...form.getInputProps('currentSolution')}
          />
          <Textarea
            label={t('enterprise.requirements')}
            rows={3}
            maxLength={enterpriseContactLimits.specificRequirements}
            {...form.getInputProps('specificRequirements')}
          />
          <Radio.Group label={t('enterprise.contractType')} {...form.getInputProps('preferredContractType')}>
            <SimpleGrid cols={{ base: 1, sm: 3 }} mt="xs">
              {enterpriseContracts.map((contract) => (
                <Radio.Card key={contract.type} value={contract.type} radius="md" p="md">
                  <Group justify="space-between" align="flex-start" wrap="nowrap">
                    <Text fw={700}>{t(`enterprise.contracts.${contract.type}.name`)}</Text>
                    <Radio.Indicator />
                  </Group>
                  {contract.popular && (
                    <Badge size="sm" mt={4}>
                      {t('enterprise.popular')}
                    </Badge>
                  )}
                  <Text fw={600} mt="xs">
                    {contract.priceCents === null
                      ? t('enterprise.volumePricing')
                      : t('enterprise.perMonth', { price: formatUsd(contract.priceCents, i18n.language) })}
                  </Text>
                  <Text fz="sm" c="dark.6">
                    {contract.messagesUpTo === null
                      ? t('enterprise.contracts.custom.volume')
                      : t('enterprise.upTo', {
                          messages: formatNumber(contract.messagesUpTo, i18n.language),
                        })}
                  </Text>
                </Radio.Card>
              ))}
            </SimpleGrid>
          </Radio.Group>
          <Text fz="xs" c="dark.6">
            {t('enterprise.discounts')}
          </Text>
          <HoneypotField
            name="website"
            value={values.website}
            onChange={form.getInputProps('website').onChange}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('enterprise.cancel')}
            </Button>
            <Button
              type="submit"
              disabled={!canSubmitEnterpriseContact(values) || isSubmitting}
              loading={isSubmitting}
            >
              {t('enterprise.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
