import type { Usage } from '@careloop/contracts/usage';
import { Alert, Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatUsd } from '../../../public/components/format';

type UsageLine = Usage['whatsapp'];

/** Percent of a limit for a bar: a zero limit with use is full, unlimited is empty. */
function meterPercent(line: UsageLine): number {
  if (line.limit === null) return 0;
  if (line.limit === 0) return line.used > 0 ? 100 : 0;
  return Math.min(100, (line.used * 100) / line.limit);
}

function Meter({ label, line }: { label: string; line: UsageLine }) {
  const { t, i18n } = useTranslation('plans');
  const value = meterPercent(line);
  const used = formatNumber(line.used, i18n.language);
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Text size="sm">
          {line.limit === null
            ? t('usage.ofUnlimited', { used })
            : t('usage.ofLimit', { used, limit: formatNumber(line.limit, i18n.language) })}
        </Text>
      </Group>
      <Progress
        value={value}
        color={value >= 100 ? 'red' : value >= 90 ? 'orange' : 'teal'}
        // The figures beside the label say it in words; the bar is only a picture of them.
        aria-hidden
      />
    </Stack>
  );
}

/** WhatsApp, SMS and patients against the plan, and the month-end projection. */
export function UsageMeters({ usage, withPatients = true }: { usage: Usage; withPatients?: boolean }) {
  const { t, i18n } = useTranslation('plans');
  const { projection } = usage;
  return (
    <Stack gap="sm">
      {usage.usagePercent !== null ? (
        <Text size="sm" data-testid="usage-percent">
          {t('usage.percent', { percent: formatNumber(usage.usagePercent, i18n.language, 1) })}
        </Text>
      ) : null}
      {usage.overage.messages > 0 ? (
        <Alert color="yellow" variant="light" role="status" title={t('usage.overageTitle')}>
          {t('usage.overageBilled', {
            messages: formatNumber(usage.overage.messages, i18n.language),
            cost: formatUsd(usage.overage.costCents, i18n.language, { cents: true }),
          })}
        </Alert>
      ) : null}
      <Meter label={t('usage.whatsapp')} line={usage.whatsapp} />
      <Meter label={t('usage.sms')} line={usage.sms} />
      {withPatients ? <Meter label={t('usage.patients')} line={usage.patients} /> : null}
      <Text size="sm" c="dimmed">
        {projection.overageMessages > 0
          ? t('usage.projectedOverage', {
              messages: formatNumber(projection.overageMessages, i18n.language),
              cost: formatUsd(projection.overageCostCents, i18n.language, { cents: true }),
            })
          : t('usage.projectedWithin', {
              messages: formatNumber(projection.whatsapp + projection.sms, i18n.language),
            })}
      </Text>
    </Stack>
  );
}
