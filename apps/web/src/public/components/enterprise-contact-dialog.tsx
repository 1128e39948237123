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
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError, showSuccess } from '../../lib/notifications';
import { submitEnterpriseContact } from '../api/public-forms';
import { formatNumber, formatUsd } from './format';

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
  const [form, setForm] = useState(emptyForm);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const set = (field: keyof typeof emptyForm) => (value: string) =>
    setForm((current) => ({ ...current, [field]: value }));

  async function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmitEnterpriseContact(form) || isSubmitting) return;
    setIsSubmitting(true);
    try {
      await submitEnterpriseContact({
        ...form,
        estimatedMonthlyVolume: form.estimatedMonthlyVolume as (typeof volumeRanges)[number],
        preferredContractType: form.preferredContractType || null,
      });
      showSuccess({ title: t('enterprise.successTitle'), message: t('enterprise.successMessage') });
      setForm(emptyForm);
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
      <form onSubmit={handleSubmit}>
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
              value={form.contactName}
              onChange={(e) => set('contactName')(e.currentTarget.value)}
            />
            <TextInput
              label={t('enterprise.contactEmail')}
              type="email"
              required
              autoComplete="email"
              maxLength={enterpriseContactLimits.contactEmail}
              value={form.contactEmail}
              onChange={(e) => set('contactEmail')(e.currentTarget.value)}
            />
            <TextInput
              label={t('enterprise.contactPhone')}
              type="tel"
              autoComplete="tel"
              maxLength={enterpriseContactLimits.contactPhone}
              value={form.contactPhone}
              onChange={(e) => set('contactPhone')(e.currentTarget.value)}
            />
            <TextInput
              label={t('enterprise.companyName')}
              required
              autoComplete="organization"
              maxLength={enterpriseContactLimits.companyName}
              value={form.companyName}
              onChange={(e) => set('companyName')(e.currentTarget.value)}
            />
          </SimpleGrid>
          <NativeSelect
            label={t('enterprise.volume')}
            description={t('enterprise.volumeHint')}
            required
            value={form.estimatedMonthlyVolume}
            onChange={(e) => set('estimatedMonthlyVolume')(e.currentTarget.value)}
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
            value={form.currentSolution}
            onChange={(e) => set('currentSolution')(e.currentTarget.value)}
          />
          <Textarea
            label={t('enterprise.requirements')}
            rows={3}
            maxLength={enterpriseContactLimits.specificRequirements}
            value={form.specificRequirements}
            onChange={(e) => set('specificRequirements')(e.currentTarget.value)}
          />
          <Radio.Group
            label={t('enterprise.contractType')}
            value={form.preferredContractType}
            onChange={set('preferredContractType')}
          >
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
          <div
            aria-hidden="true"
            style={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }}
          >
            <label>
              {t('enterprise.honeypot')}
              <input
                type="text"
                name="website"
                tabIndex={-1}
                autoComplete="off"
                value={form.website}
                onChange={(e) => set('website')(e.currentTarget.value)}
              />
            </label>
          </div>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('enterprise.cancel')}
            </Button>
            <Button
              type="submit"
              disabled={!canSubmitEnterpriseContact(form) || isSubmitting}
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
