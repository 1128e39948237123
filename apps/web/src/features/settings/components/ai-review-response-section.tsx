import { aiReplyDelayHours, aiReplyThresholds, type ClinicSettings } from '@careloop/contracts/settings';
import { planMessages } from '@careloop/domain/plans';
import { Alert, Button, Group, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { IconCrown } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SettingsSection } from '../../../components/settings-section';
import { translateDomainMessage } from '../../../lib/domain-messages';
import { showError, showSuccess } from '../../../lib/notifications';
import { paths } from '../../../lib/routes';
import { useSaveAiReviewResponse } from '../api/save-ai-review-response';
import {
  type AiDelayHours,
  type AiThreshold,
  isPlanRequired,
  parseAiDelayHours,
  parseAiThreshold,
  recommendedAiDelayHours,
  recommendedAiThreshold,
} from '../settings.utils';

/** AI-drafted review replies: professional, enterprise and premium; others see the Premium Feature notice. */
export function AiReviewResponseSection({ settings }: { settings: ClinicSettings }) {
  const { t } = useTranslation('settings');
  return (
    <SettingsSection title={t('ai.title')} description={t('ai.description')}>
      {settings.aiReviewResponse.available ? (
        <AiReviewResponseForm settings={settings} />
      ) : (
        <PremiumFeatureNotice />
      )}
    </SettingsSection>
  );
}

function PremiumFeatureNotice() {
  const { t } = useTranslation('settings');
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconCrown size={20} aria-hidden="true" />}
      title={t('ai.premium.title')}
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{translateDomainMessage(t, planMessages.featureLocked)}</Text>
        <Button component={Link} to={`${paths.settings}?tab=plan`} size="sm">
          {t('ai.premium.upgrade')}
        </Button>
      </Stack>
    </Alert>
  );
}

function AiReviewResponseForm({ settings }: { settings: ClinicSettings }) {
  const { t } = useTranslation('settings');
  const saveAiReviewResponse = useSaveAiReviewResponse();
  const current = settings.aiReviewResponse;
  const [enabled, setEnabled] = useState(current.enabled);
  const [threshold, setThreshold] = useState<AiThreshold>(parseAiThreshold(current.threshold));
  const [delayHours, setDelayHours] = useState<AiDelayHours>(parseAiDelayHours(current.delayHours));

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    saveAiReviewResponse.mutate(
      { enabled, threshold, delayHours },
      {
        onSuccess: () => showSuccess({ title: t('ai.toasts.saved') }),
        onError: (error) =>
          showError({
            title: t('ai.toasts.saveError'),
            message: isPlanRequired(error)
              ? translateDomainMessage(t, planMessages.featureLocked)
              : undefined,
          }),
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Switch
          label={t('ai.enable')}
          description={t('ai.enableHint')}
          checked={enabled}
          onChange={(event) => setEnabled(event.currentTarget.checked)}
        />
        {enabled ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label={t('ai.threshold')}
              description={t('ai.thresholdHint')}
              data={aiReplyThresholds.map((value) => ({
                value: String(value),
                label: t(
                  value === recommendedAiThreshold ? 'ai.thresholdRecommended' : 'ai.thresholdOption',
                  {
                    count: value,
                  },
                ),
              }))}
              value={String(threshold)}
              onChange={(value) => setThreshold(parseAiThreshold(value))}
              allowDeselect={false}
            />
            <Select
              label={t('ai.delay')}
              description={t('ai.delayHint')}
              data={aiReplyDelayHours.map((value) => ({
                value: String(value),
                label: t(value === recommendedAiDelayHours ? 'ai.delayRecommended' : 'ai.delayOption', {
                  count: value,
                }),
              }))}
              value={String(delayHours)}
              onChange={(value) => setDelayHours(parseAiDelayHours(value))}
              allowDeselect={false}
            />
          </SimpleGrid>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={saveAiReviewResponse.isPending}>
            {t('ai.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
