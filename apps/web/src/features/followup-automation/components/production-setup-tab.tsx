import type { WebhookInfo } from '@careloop/contracts/webhook-info';
import { Card, Code, Group, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyField } from '../../../components/copy-field';
import { QueryState } from '../../../components/query-state';
import { useAutomationSettings } from '../api/get-automation-settings';
import { useWebhookInfo } from '../api/get-webhook-info';

function ProviderCard({ title, steps, children }: { title: string; steps: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card component="section" aria-labelledby={headingId} withBorder padding="lg" radius="md">
      <Stack gap="sm">
        <Title order={3} size="h4" id={headingId}>
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {steps}
        </Text>
        {children}
      </Stack>
    </Card>
  );
}

function VerifyToken({ token }: { token: WebhookInfo['whatsappVerifyToken'] }) {
  const { t } = useTranslation('followup');
  const name = token.secretName;
  if (token.isSaved)
    return (
      <Text size="sm">
        <strong>{t('production.verifyToken')}:</strong> {t('production.verifyTokenSaved', { name })}
      </Text>
    );
  if (token.sandboxToken)
    return (
      <Stack gap={4}>
        <Text size="sm">{t('production.verifyTokenSandbox', { name })}</Text>
        <CopyField label={t('production.verifyToken')} value={token.sandboxToken} />
      </Stack>
    );
  return (
    <Text size="sm">
      <strong>{t('production.verifyToken')}:</strong> {t('production.verifyTokenMissing', { name })}
    </Text>
  );
}

/** Production Setup (spec 2 §2): this deployment's webhook URLs for the clinic, to paste into the providers. */
export function ProductionSetupTab() {
  const { t } = useTranslation('followup');
  const info = useWebhookInfo();
  return (
    <QueryState query={info} errorTitle={t('page.loadError')}>
      {(data) => <ProductionSetup info={data} />}
    </QueryState>
  );
}

function ProductionSetup({ info }: { info: WebhookInfo }) {
  const { t } = useTranslation('followup');
  const settings = useAutomationSettings();
  const { urls, whatsappVerifyToken } = info;
  const smsProvider = settings.data?.smsProvider;
  return (
    <Stack gap="md">
      <Text size="sm">{t('production.description')}</Text>
      {smsProvider ? (
        <Text size="sm">
          {t('production.currentProvider')}: <Code>{t(`settings.smsProviders.${smsProvider}`)}</Code>
        </Text>
      ) : null}
      <ProviderCard title={t('production.whatsappTitle')} steps={t('production.whatsappSteps')}>
        <CopyField label={t('production.whatsappUrl')} value={urls.whatsapp} />
        <VerifyToken token={whatsappVerifyToken} />
      </ProviderCard>
      <ProviderCard title={t('production.twilioTitle')} steps={t('production.twilioSteps')}>
        <CopyField label={t('production.twilioInbound')} value={urls.twilioInbound} />
        <CopyField label={t('production.twilioStatus')} value={urls.twilioStatus} />
      </ProviderCard>
      <ProviderCard title={t('production.vonageTitle')} steps={t('production.vonageSteps')}>
        <CopyField label={t('production.vonageInbound')} value={urls.vonageInbound} />
        <CopyField label={t('production.vonageDeliveryReceipt')} value={urls.vonageDeliveryReceipt} />
      </ProviderCard>
      <Group>
        <Text size="sm" c="dimmed">
          {t('production.awsSnsNote')}
        </Text>
      </Group>
    </Stack>
  );
}
